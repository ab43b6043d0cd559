// The V8 code cache of the CLI bundle, for both ways kdiag starts: bin/kdiag.js (an npm install or a
// checkout) and the single executable (scripts/dist/sea-main.cjs, into which `npm run dist` inlines this file).
// The cache is written after a run, so it holds every function that run compiled (Node's own compile cache
// keeps only what is compiled when a module loads, Node 20 has none, and a single executable's holds only its
// entry); each command has its own cache files (one for small runs, one for large ones), and each chunk the
// bundle require()s on first use has one.
'use strict';
const { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { homedir } = require('node:os');
const { basename, dirname, join } = require('node:path');
const vm = require('node:vm');

// A cache file: "KDC1", the CRC-32 of the data (little-endian), V8's data. V8 does not check the data itself
// (a damaged file could crash it), so a file whose checksum does not match is not given to V8.
const MAGIC = 'KDC1';
// A cache holds what its run compiled, and a run that read a whole one never writes again: so a file written
// by a run that ended early (exit 2-4, 70: a bad flag, an unreachable cluster) is marked partial, "KDP1", and
// replaced by the first run that ends with a verdict (exit 0, 1, or 5: a gate's timeout). `--help` has a file
// of its own: `pod --help` once wrote the file of every later `pod NAME`, which then compiled its live path anew.
const PARTIAL = 'KDP1';
const VERDICTS = new Set([0, 1, 5]);
// V8 keys a code cache to its flags: a run that changes one (a live scan bounds the heap's growth) leaves here
// the flags that set it back, or false when none can; src/sources/v8-flags.ts writes it.
const FLAGS_CHANGED = Symbol.for('kdiag.v8-flags-changed');
// A run that read 1 MiB of input or more says so here (src/cli/input-tiering.ts). Its code differs from a small
// run's: a small `analyze` took 1.10x the CPU with the file a directory's run wrote (1.37 MB against 758 KB),
// and that run 1.16x with a small run's file. So each command has a file for small runs and one for large
// ones; a run reads the one of the size of the command's last run, which an empty marker file says.
const LARGE_INPUT = Symbol.for('kdiag.large-input');
const COMMANDS = ['pod', 'analyze', 'scan', 'gate', 'capture', 'rbac', 'rules', 'explain', 'lifecycle', 'version', 'completion', '__complete'];

/** The user's cache directory: $XDG_CACHE_HOME, else ~/.cache (~/Library/Caches on macOS, %LOCALAPPDATA% on Windows). */
function cacheBase(env) {
  return env.XDG_CACHE_HOME || (process.platform === 'win32' ? env.LOCALAPPDATA : join(homedir(), process.platform === 'darwin' ? 'Library/Caches' : '.cache'));
}

/**
 * `source` (a CommonJS module's text, the bundle) compiled in Node's CommonJS wrapper, so it runs as if
 * require()d and its stack frames name `file`, with its code cache under `base` when given (undefined: none).
 * The cache is written at exit when there was none or V8 refused it; the file read is the one of the size of
 * the command's last run with a verdict. Returns the wrapper function.
 */
function compileCached(source, file, base, args) {
  const small = base ? codeCacheFile(base, source, file, args) : undefined;
  if (!small) return compileThrough(source, file, undefined);
  const marker = small.replace(/\.bin$/, '-last-large.bin');
  const sized = { small, large: small.replace(/\.bin$/, '-large.bin'), marker, wasLarge: existsSync(marker) };
  return compileThrough(source, file, sized.wasLarge ? sized.large : small, sized);
}

/** A chunk of the bundle (`source`, at `file`) compiled like the bundle, with a code cache of its own under `base`. */
function compileChunk(source, file, base) {
  return compileThrough(source, file, base ? chunkCacheFile(base, source, file) : undefined);
}

/**
 * The bundle's require() in an npm install or a checkout: a chunk (`./chunks/NAME.cjs`: the YAML libraries,
 * the zh-TW catalogues, the rules' docs, client-node) compiled once per run through its code cache, with
 * Node's require() from its own location; any other id (Node's builtins) from `bundleRequire`.
 */
function chunkRequire(dir, base, bundleRequire) {
  const { createRequire } = require('node:module');
  const loaded = new Map();
  return (id) => {
    if (!id.startsWith('./chunks/')) return bundleRequire(id);
    const done = loaded.get(id);
    if (done) return done.exports;
    const filename = join(dir, id);
    const module = { exports: {}, filename };
    loaded.set(id, module);
    const wrapper = compileChunk(readFileSync(filename, 'utf8'), filename, base);
    wrapper.call(module.exports, module.exports, createRequire(filename), module, filename, dirname(filename));
    return module.exports;
  };
}

/** `sized`: the bundle's files for small and large runs, the marker, and which size the last run was. */
function compileThrough(source, file, cacheFile, sized) {
  const cached = cacheFile ? readCodeCache(cacheFile) : undefined;
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData: cached?.data });
  const taken = cached !== undefined && !script.cachedDataRejected;
  if (cacheFile && (!taken || cached.partial || sized)) {
    process.once('exit', (code) => {
      const whole = VERDICTS.has(code);
      let target = cacheFile;
      if (sized) {
        const large = globalThis[LARGE_INPUT] === true;
        if (large !== sized.wasLarge) {
          // After a run with a verdict, the next run reads this size's file. This run read the other one, and V8
          // writes all it read into a new cache, so it writes none; with nothing read, its data is its own size's.
          if (!whole) return;
          setMarker(sized.marker, large);
          if (taken) return;
          target = large ? sized.large : sized.small;
          if (existsSync(target)) return;
        } else if (taken && !cached.partial) return;
      }
      // A partial file V8 took is rewritten only by a run that got further.
      if (whole || !taken) writeCodeCache(target, script, whole);
    });
  }
  return script.runInThisContext();
}

/**
 * One file per bundle location, bundle (the hash its first line carries, scripts/build.mjs), Node version,
 * CPU and command. The location is part of the key: V8's cached data carries the script's file name, so a
 * cache written by the same bundle at another path would make this one's stack traces name that path.
 */
function codeCacheFile(base, source, file, args) {
  const bundle = /^\/\/ kdiag-bundle ([0-9a-f]{20})\n/.exec(source.slice(0, 40))?.[1];
  const crc32 = zlibCrc32();
  if (!bundle || !crc32) return undefined;
  const key = `${(crc32(file) >>> 0).toString(16).padStart(8, '0')}-${bundle}`;
  const command = args.some((a) => a === '--help' || a === '-h') ? 'help' : (args.find((a) => COMMANDS.includes(a)) ?? 'other');
  // `pod NAME` and `pod NAME -f DUMP` run different code (the cluster client, the dump reader): a cache
  // written by one would leave the other's functions out, so each has its own file.
  const input = args.some((a) => a === '-f' || a === '--file' || /^(-f.|--file=)/.test(a)) ? '-dump' : '';
  return join(base, 'kdiag', 'code-cache', `${key}-${process.version}-${process.arch}-${command}${input}.bin`);
}

/**
 * A chunk's file: keyed by its location and its text (CRC-32 and length: V8 itself checks only a script's
 * length, so an edited chunk of the same length would run the old code), Node version and CPU; one for every
 * command, as the chunk is the same code whichever command loads it.
 */
function chunkCacheFile(base, source, file) {
  const crc32 = zlibCrc32();
  if (!crc32) return undefined;
  const hex = (n, width) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);
  const key = `${hex(crc32(file), 8)}-${hex(crc32(source), 8)}${source.length.toString(16).padStart(12, '0')}`;
  return join(base, 'kdiag', 'code-cache', `${key}-${process.version}-${process.arch}-chunk.bin`);
}

function readCodeCache(file) {
  try {
    const bytes = readFileSync(file);
    const crc32 = zlibCrc32();
    const magic = bytes.toString('latin1', 0, 4);
    if (!crc32 || bytes.length <= 8 || (magic !== MAGIC && magic !== PARTIAL)) return undefined;
    const data = bytes.subarray(8);
    return crc32(data) === bytes.readUInt32LE(4) ? { data, partial: magic === PARTIAL } : undefined;
  } catch {
    return undefined;
  }
}

/** At exit: temp file and rename, so concurrent runs each write a whole file and readers see a whole one. */
function writeCodeCache(file, script, whole) {
  let temp;
  try {
    const crc32 = zlibCrc32();
    if (!crc32) return;
    // Data made under changed flags would be refused by every later run, which would then write it again.
    const restore = globalThis[FLAGS_CHANGED];
    if (restore === false) return;
    if (Array.isArray(restore)) for (const flag of restore) require('node:v8').setFlagsFromString(flag);
    const data = script.createCachedData();
    const header = Buffer.alloc(8);
    header.write(whole ? MAGIC : PARTIAL, 0, 'latin1');
    header.writeUInt32LE(crc32(data), 4);
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, Buffer.concat([header, data]), { flag: 'wx', mode: 0o600 });
    renameSync(temp, file);
    temp = undefined;
    // A new bundle (an upgrade, a rebuild) at this location leaves the files of the one before: remove them
    // (other Node versions' files of this bundle, and other locations' files, stay), and any file named the
    // way kdiag named them before the location was part of the key.
    const dir = dirname(file);
    const location = basename(file).slice(0, 9);
    const bundle = basename(file).slice(0, 30);
    const unkeyed = /^[0-9a-f]{20}-v/;
    for (const name of readdirSync(dir)) {
      if (name.endsWith('.bin') && ((name.startsWith(location) && !name.startsWith(bundle)) || unkeyed.test(name))) rmSync(join(dir, name), { force: true });
    }
  } catch {
    // A read-only or full disk only means no cache.
  } finally {
    // A directory that let the write begin and then refused it may refuse this too: still no output.
    try {
      if (temp) rmSync(temp, { force: true });
    } catch {}
  }
}

/** At exit: the marker that the command's last run was large (an empty file), set or removed. */
function setMarker(marker, large) {
  try {
    if (large) {
      mkdirSync(dirname(marker), { recursive: true, mode: 0o700 });
      writeFileSync(marker, '', { mode: 0o600 });
    } else rmSync(marker, { force: true });
  } catch {
    // A read-only or full disk: the next run reads the file of the size it read before.
  }
}

/**
 * zlib's CRC-32 of a string or bytes, or undefined on a Node without it. `require('node:zlib')` loads Node's
 * stream machinery with it (about twenty modules: 3-4 ms of every start); the same native function is on
 * zlib's binding, which process.binding() hands out (deprecated in the documentation only). That way is taken
 * on the Node majors it was checked on (BINDING_CRC32_MAJORS: the binding aborts the process on arguments it
 * does not expect, so an untested major loads the module) and only while the call warns of nothing (under
 * --pending-deprecation, or on a Node that deprecates it at run time, it would print a warning: none is
 * printed, and the module is loaded instead). test/e2e/start-builtins.test.ts checks both ways.
 */
const BINDING_CRC32_MAJORS = new Set([20, 22, 24, 26]);
let crc32Found;
function zlibCrc32() {
  if (crc32Found === undefined) crc32Found = bindingCrc32() ?? moduleCrc32() ?? null;
  return crc32Found ?? undefined;
}

function bindingCrc32() {
  if (!BINDING_CRC32_MAJORS.has(Number(process.versions.node.split('.')[0])) || typeof process.binding !== 'function') return undefined;
  const emitWarning = process.emitWarning;
  let warned = false;
  process.emitWarning = () => {
    warned = true;
  };
  try {
    const crc32 = process.binding('zlib').crc32;
    if (warned || typeof crc32 !== 'function') return undefined;
    // The arguments zlib.crc32 gives it: a string or bytes, and the starting value.
    const sum = (data) => crc32(data, 0) >>> 0;
    return sum('123456789') === 0xcbf43926 ? sum : undefined;
  } catch {
    return undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
}

function moduleCrc32() {
  const zlib = require('node:zlib');
  return typeof zlib.crc32 === 'function' ? zlib.crc32 : undefined;
}

module.exports = { cacheBase, chunkRequire, compileChunk, compileCached };
