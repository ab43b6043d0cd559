// `node --import ./record-loads.mjs …`: appends the URL of every file: module Node loads to $KDIAG_LOAD_LOG
// (test/e2e/lazy-catalogues.test.ts reads it to see what a command's start path really loads): ES modules
// through a module hook, CommonJS files (what the CLI require()s, e.g. its lazily loaded YAML libraries)
// through Module.prototype._compile, which every CommonJS file passes, and the CLI bundle itself, which
// bin/kdiag.js compiles through vm.Script (with its code cache), through vm.Script.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

const out = process.env.KDIAG_LOAD_LOG;
register(new URL('./record-loads-hooks.mjs', import.meta.url), { data: { out } });
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  if (out) appendFileSync(out, `${pathToFileURL(filename).href}\n`);
  return compile.call(this, content, filename);
};
const Script = vm.Script;
vm.Script = function (code, options) {
  if (out && typeof options?.filename === 'string' && options.filename.startsWith('/')) appendFileSync(out, `${pathToFileURL(options.filename).href}\n`);
  return new Script(code, options);
};
