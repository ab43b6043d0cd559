#!/usr/bin/env node
// Thin launcher: `kdiag --version` answered here, else Node's compile cache (Node >= 22.1) under the user's
// cache directory, then the bundled CLI.
import module from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

if (process.argv.length === 3 && process.argv[2] === '--version') {
  // The version alone needs no command-line parser: the bundle's version module is one line.
  const { VERSION } = await import('../dist/cli/version.js');
  process.stdout.on('error', () => {});
  process.stdout.write(`${VERSION}\n`);
} else {
  await main();
}

async function main() {
  if (module.enableCompileCache && !process.env.NODE_COMPILE_CACHE) {
    const env = process.env;
    const base = env.XDG_CACHE_HOME || (process.platform === 'win32' ? env.LOCALAPPDATA : join(homedir(), process.platform === 'darwin' ? 'Library/Caches' : '.cache'));
    try {
      // A read-only or missing directory only means no cache: Node reports it in the result, never throws.
      module.enableCompileCache(base ? join(base, 'kdiag', 'compile-cache') : undefined);
    } catch {}
  }
  await import('../dist/cli/main.js');
}
