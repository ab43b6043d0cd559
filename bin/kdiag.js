#!/usr/bin/env node
// Thin launcher: Node's compile cache, then the bundled CLI. Nothing else is loaded here.
import module from 'node:module';

module.enableCompileCache?.();
await import('../dist/cli/main.js');
