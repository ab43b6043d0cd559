#!/usr/bin/env node
// Thin launcher: `kdiag --version` answered here; else the CLI bundle (dist/cli/main.cjs, one CommonJS file)
// compiled through vm.Script with a V8 code cache under the user's cache directory (bin/code-cache.cjs, which
// the single executable shares).
// CommonJS (bin/package.json): an ES module entry costs Node its ES module loader, and the ES facade of
// node:fs reads every export, which loads fs's streams (4-9 ms of start-up together).
'use strict';
if (process.argv.length === 3 && process.argv[2] === '--version') {
  // The version alone needs no command-line parser: the bundle's version module is one line.
  const { VERSION } = require('../dist/cli/version.cjs');
  process.stdout.on('error', () => {});
  process.stdout.write(`${VERSION}\n`);
} else {
  main();
}

function main() {
  const { createRequire } = require('node:module');
  const { readFileSync } = require('node:fs');
  const { dirname, join } = require('node:path');
  const { cacheBase, chunkRequire, compileCached } = require('./code-cache.cjs');
  const env = process.env;
  // KDIAG_CODE_CACHE=0: no cache, for the bundle or its chunks; the run writes nothing under the cache directory.
  const base = env.KDIAG_CODE_CACHE === '0' ? undefined : cacheBase(env);
  const file = join(__dirname, '..', 'dist', 'cli', 'main.cjs');
  // ASCII (scripts/build.mjs checks): latin1 gives V8 a one-byte string with no UTF-8 decoding.
  let source;
  try {
    source = readFileSync(file, 'latin1');
  } catch (err) {
    // A git checkout not built yet (or built by an older kdiag): one line, not a stack trace.
    process.stderr.write(`kdiag: cannot read ${file} (${err.code ?? err.message})\nhint: build it with npm run build\n`);
    process.exitCode = 70;
    return;
  }
  const cjs = { exports: {}, filename: file };
  const wrapper = compileCached(source, file, base, process.argv.slice(2));
  // The files the bundle require()s on first use (its chunks) are compiled the same way, each with its own cache.
  wrapper.call(cjs.exports, cjs.exports, chunkRequire(dirname(file), base, createRequire(file)), cjs, file, dirname(file));
}
