// The entry of the single executable (`npm run dist`): the CLI bundle and its chunks ride in the executable as
// assets (node:sea). Each is run the way bin/kdiag.js runs the bundle — Node's CommonJS wrapper through vm —
// with a require() that serves `./chunks/…` from the assets and Node's builtins from Node (the bundle needs
// nothing else). The bundle and each chunk get the launcher's V8 code cache under the user's cache directory
// (bin/code-cache.cjs, inlined here by scripts/dist.mjs): compiling the bundle anew took about a third of a small run. The invoked name comes first in argv, so `kubectl pod-why` (krew's kubectl-pod_why link)
// names itself as kubectl runs it.
'use strict';
const { getAsset } = require('node:sea');
const { dirname, join, posix } = require('node:path');
const { cacheBase, compileChunk, compileCached } = require('../../bin/code-cache.cjs');

// Node gives a single executable [execPath, execPath, ...args]; the name it was started by is argv0.
if (process.argv0 && process.argv[1] === process.execPath) process.argv[1] = process.argv0;

const root = join(dirname(process.execPath), 'kdiag-bundle');
const loaded = new Map();
const base = process.env.KDIAG_CODE_CACHE === '0' ? undefined : cacheBase(process.env);

function load(name) {
  const done = loaded.get(name);
  if (done) return done.exports;
  const filename = join(root, name);
  const module = { exports: {}, filename };
  loaded.set(name, module);
  const source = getAsset(name, 'utf8');
  // The chunks (YAML libraries, zh-TW catalogues, client-node) that few runs load have a cache file each.
  const wrapper = name === 'main.cjs' ? compileCached(source, filename, base, process.argv.slice(2)) : compileChunk(source, filename, base);
  const here = posix.dirname(name);
  const local = (id) => (id.startsWith('./') || id.startsWith('../') ? load(posix.normalize(posix.join(here, id))) : require(id));
  wrapper.call(module.exports, module.exports, local, module, filename, dirname(filename));
  return module.exports;
}

load('main.cjs');
