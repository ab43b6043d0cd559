import { closeSync, constants as fsConstants, openSync, readFileSync, readSync, statSync, type Stats } from 'node:fs';
import { relative, sep } from 'node:path';
import { InputError } from '../errors.js';
import type { Pod } from '../model/k8s.js';
import type { Snapshot } from '../model/snapshot.js';
import type { KnownValues } from '../text/known-values.js';
import { neutralize } from '../text/neutralize.js';
import { MAX_NESTING, nestedDeeperThan, SnapshotBuilder, type PodDivert } from './build-snapshot.js';
import { errnoWords, shortPath, walkDumpDirectory } from './dump-directory.js';
import { checkHeapRoom, HeapRoomError } from './heap-budget.js';
import { parseDumpText } from './parse-dump-text.js';
import { ObjectWords, redactObject } from './redact-snapshot.js';

/** Larger files are refused with a clear line instead of exhausting memory. */
export const MAX_DUMP_BYTES = 256 * 1024 * 1024;
const DUMP_FILE = /\.(ya?ml|json)(\.gz)?$/i;

export interface DumpReadResult {
  snapshot: Snapshot;
  /** Lines for stderr: documents skipped because they are not kinds kdiag reads. */
  warnings: string[];
  /**
   * One line per part of a directory that could not be read (an unreadable subdirectory, a link loop, a
   * named pipe, a path too long, a file too big or invalid): the rest was read. The CLI exits 2 after the report.
   */
  problems: string[];
  /** How many Pods were read (in the Snapshot, or handed on when read file by file). */
  pods: number;
  /** The values the redaction masked (env, ConfigMap and Secret data), for what is redacted after the read. */
  known: KnownValues;
}

export interface DumpReadOptions {
  /** Pods go here instead of the Snapshot (a dump read file by file); the files that held any are added to `podFiles`. */
  divert?: PodDivert;
  podFiles?: Array<{ path: string; stat: Stats }>;
  /** Reads standard input for the path `-`. */
  readStdin?: () => Buffer;
  /** The wall clock, read once for standard input (its only clock); tests pass a fixed one. */
  wallClock?: () => number;
  /** Told the size in bytes of each input before it is parsed: a file's, a directory's files' together, standard input's. */
  onInput?: (bytes: number) => void;
}

/** Reads files, directories (including `kubectl cluster-info dump --output-directory`) and `-` into one Snapshot. */
export function readDumps(paths: readonly string[], options: DumpReadOptions = {}): DumpReadResult {
  if (paths.length === 0) throw new InputError('no dump given', { hint: 'pass a file, a directory, or - for standard input' });
  const builder = new SnapshotBuilder(options.divert);
  const problems: string[] = [];
  const notes: string[] = [];
  const read = (path: string, stat: Stats, begin: () => void): void => {
    const before = builder.diverted;
    addText(builder, decode(readBounded(path, stat), path), path, begin);
    if (builder.diverted > before) options.podFiles?.push({ path, stat });
  };
  for (const path of paths) {
    if (path === '-') {
      const data = options.readStdin ? checkSize(options.readStdin(), '<stdin>') : readStream(0, '<stdin>');
      options.onInput?.(data.length);
      // Standard input has no file time: it was written just now, as far as kdiag can know.
      builder.beginInput('-', { at: (options.wallClock ?? Date.now)(), basis: 'wall' });
      addText(builder, decode(data, '<stdin>'), '<stdin>');
      builder.addSource('file:-');
      continue;
    }
    let stat;
    try {
      stat = statSync(path);
    } catch (err) {
      throw new InputError(`${shortPath(path)}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : errnoWords(err)}`);
    }
    if (stat.isDirectory()) readDirectory(builder, path, options.wallClock ?? Date.now, problems, notes, read, options.onInput);
    else {
      beginFile(builder, path, stat, options.wallClock ?? Date.now);
      options.onInput?.(stat.size);
      read(path, stat, () => {});
    }
    builder.addSource(`file:${path}`);
  }
  const skipped = [...builder.skipped].map(([kind, n]) => `${n} document(s) of kind ${kind}`);
  if (builder.accepted === 0) {
    // Nothing kdiag reads at all: one clear line instead of warnings followed by a vaguer error.
    // Nothing read, and each unreadable part said so: the first of those lines is the error.
    if (problems.length > 0) {
      throw new InputError(`${problems[0]!.replace(/; skipped it$/, '')}${problems.length > 1 ? ` (and ${problems.length - 1} more unreadable part(s))` : ''}; nothing else to read`, { hint: 'fix the permissions or the files named, or pass the files that can be read' });
    }
    throw new InputError(`${shown(paths.join(', '))}: no Kubernetes objects found${skipped.length ? ` (skipped ${skipped.join(', ')})` : ''}`, {
      hint: 'pass the output of `kubectl get pods,events,nodes -o yaml` (or -o json), or a `kubectl cluster-info dump` directory',
    });
  }
  const warnings = [...notes, ...skipped.map((s) => `skipped ${s}: kdiag does not read them`)];
  const snapshot = builder.finish();
  return { snapshot, warnings, problems, pods: snapshot.pods.length + builder.diverted, known: builder.known! };
}

/**
 * The bytes of the dump files under `paths` (directories walked as `readDumps` walks them), or undefined
 * when one is standard input. Entries that cannot be read count nothing: `readDumps` reports them.
 */
export function dumpBytes(paths: readonly string[]): number | undefined {
  let bytes = 0;
  for (const path of paths) {
    if (path === '-') return undefined;
    try {
      const stat = statSync(path);
      if (!stat.isDirectory()) bytes += stat.size;
      else for (const f of walkDumpDirectory(path, (name) => DUMP_FILE.test(name)).files) bytes += f.stat.size;
    } catch {
      // reported by the read itself
    }
  }
  return bytes;
}

/** A dump read file by file: every kind but Pods in its Snapshot, the Pods read again, a file at a time, when asked. */
export interface FileByFileRead extends DumpReadResult {
  /** Reads the files that held Pods again and hands their Pods (normalised and redacted as `readDumps` would) to `each`, one file at a time. */
  readPods(each: (pods: Pod[]) => void): void;
}

/**
 * `readDumps` for dumps too large to hold at once: a first pass reads every file and keeps every kind but
 * Pods (of those only their names and env values, for the redaction, and their times, for the clocks); a
 * second reads the files that held Pods again. Memory holds one file's objects, the other kinds, and what
 * the caller keeps of each Pod. Standard input cannot be read twice: its paths go to `readDumps`.
 */
export function readDumpsFileByFile(paths: readonly string[], options: Omit<DumpReadOptions, 'divert' | 'podFiles'> = {}): FileByFileRead {
  if (paths.includes('-')) throw new InputError('standard input cannot be read file by file');
  const podFiles: Array<{ path: string; stat: Stats }> = [];
  const first = readDumps(paths, { ...options, divert: { pass: 'context', words: new ObjectWords() }, podFiles });
  return {
    ...first,
    readPods(each) {
      let batch: Pod[] = [];
      const builder = new SnapshotBuilder({ pass: 'pods', pod: (pod) => (redactObject(pod, first.known), batch.push(pod as Pod)) });
      for (const { path, stat } of podFiles) {
        addText(builder, decode(readBounded(path, stat), path), path);
        each(batch);
        batch = [];
      }
    },
  };
}

/** A path or name as it may appear in an error line: it can come from a stranger's archive. */
function shown(name: string): string {
  return shortPath(name);
}

function readDirectory(builder: SnapshotBuilder, root: string, wallClock: () => number, problems: string[], notes: string[], readFile: (path: string, stat: Stats, begin: () => void) => void, onInput?: (bytes: number) => void): void {
  let walked;
  try {
    walked = walkDumpDirectory(root, (name) => name === 'logs.txt' || DUMP_FILE.test(name));
  } catch (err) {
    throw new InputError(`${shortPath(root)}: cannot read the directory: ${errnoWords(err)}`);
  }
  problems.push(...walked.problems);
  notes.push(...walked.notes);
  onInput?.(walked.files.reduce((bytes, { stat }) => bytes + stat.size, 0));
  let read = 0;
  for (const { path: file, stat } of walked.files) {
    const rel = relative(root, file).split(sep);
    // One file that cannot be read or parsed is one line; the rest of the directory is still analysed.
    try {
      if (rel[rel.length - 1] === 'logs.txt') {
        // cluster-info dump: <namespace>/<pod>/logs.txt
        if (rel.length < 3) continue;
        builder.addLog(`${rel[0]}/${rel[1]}/${rel.length > 3 ? rel[2] : ''}`, readBounded(file, stat).toString('utf8'));
        builder.accepted++;
        continue;
      }
      readFile(file, stat, () => beginFile(builder, file, stat, wallClock));
      read++;
    } catch (err) {
      if (!(err instanceof InputError) || err instanceof HeapRoomError) throw err;
      problems.push(`${err.message}; skipped it`);
    }
  }
  if (read === 0 && problems.length === 0) throw new InputError(`${shown(root)}: the directory holds no .yaml, .yml or .json files`, { hint: 'pass a file, or the directory `kubectl cluster-info dump --output-directory DIR` wrote' });
}

function tooBig(name: string, size: string): InputError {
  return new InputError(`${shown(name)}: the file is ${size}; kdiag reads dumps up to ${MAX_DUMP_BYTES / 2 ** 20} MiB`, {
    hint: 'split it, or dump one namespace at a time (kubectl cluster-info dump --namespaces NS --output-directory DIR)',
  });
}

function checkSize(data: Buffer, name: string): Buffer {
  if (data.length > MAX_DUMP_BYTES) throw tooBig(name, `${Math.round(data.length / 2 ** 20)} MiB`);
  return data;
}

/** A regular file is refused by its size before any byte is read; pipes and devices are read up to the limit. */
function readBounded(path: string, stat: { size: number; isFile(): boolean; isFIFO(): boolean }): Buffer {
  if (stat.size > MAX_DUMP_BYTES) throw tooBig(path, `${Math.round(stat.size / 2 ** 20)} MiB`);
  let fd: number | undefined;
  try {
    if (stat.isFile()) return checkSize(readFileSync(path), path);
    // A named pipe opened without O_NONBLOCK waits for ever for a writer that may never come.
    fd = openSync(path, stat.isFIFO() ? fsConstants.O_RDONLY | fsConstants.O_NONBLOCK : 'r');
    return readStream(fd, path, stat.isFIFO() ? FIFO_WRITER_WAIT_MS : 0);
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(`${shown(path)}: ${errnoWords(err)}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** How long a named pipe may go without a writer before kdiag says so (a writer started a moment later still works). */
export const FIFO_WRITER_WAIT_MS = 5000;

const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * Reads a pipe, a device or standard input to its end, refusing more than MAX_DUMP_BYTES (so /dev/zero cannot
 * exhaust memory). `waitForWriterMs`: a non-blocking named pipe reads as ended while no writer has opened it;
 * until the first byte, that is waited out this long, then it is one line, not a hang.
 */
function readStream(fd: number, name: string, waitForWriterMs = 0): Buffer {
  const chunks: Buffer[] = [];
  const chunk = Buffer.allocUnsafe(1 << 20);
  let total = 0;
  const started = Date.now();
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        pause(10); // a non-blocking pipe or TTY with no data yet
        continue;
      }
      if (code === 'EOF') break;
      throw new InputError(`${shown(name)}: ${errnoWords(err)}`);
    }
    if (n === 0 && total === 0 && waitForWriterMs > 0) {
      if (Date.now() - started >= waitForWriterMs) {
        throw new InputError(`${shown(name)}: a named pipe (FIFO) that nothing wrote to in ${waitForWriterMs / 1000} s`, { hint: 'start the command that writes to it first, or pass a file' });
      }
      pause(50);
      continue;
    }
    if (n === 0) break;
    total += n;
    if (total > MAX_DUMP_BYTES) throw tooBig(name, `more than ${MAX_DUMP_BYTES / 2 ** 20} MiB`);
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return Buffer.concat(chunks, total);
}

function decode(data: Buffer, name: string): string {
  let bytes = data;
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      // node:zlib on first use: loaded with this module, it brought Node's stream machinery (about twenty
      // modules, 3-4 ms) into every start.
      bytes = process.getBuiltinModule('node:zlib').gunzipSync(bytes, { maxOutputLength: MAX_DUMP_BYTES });
    } catch {
      throw new InputError(`${shown(name)}: corrupt gzip data, or larger than ${MAX_DUMP_BYTES / 2 ** 20} MiB uncompressed`);
    }
  }
  // UTF-16 with a byte-order mark: what Windows PowerShell 5 writes for `kubectl get … > dump.yaml`.
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2))).swap16().toString('utf16le');
  return bytes.toString('utf8');
}

/**
 * A file's objects are judged against the time it was written (its modification time), unless it records
 * its capture time; a pipe (`<(kubectl get …)`) is being written now.
 */
function beginFile(builder: SnapshotBuilder, path: string, stat: { mtimeMs: number; isFile(): boolean }, wallClock: () => number): void {
  if (!stat.isFile()) builder.beginInput(path, { at: wallClock(), basis: 'wall' });
  else builder.beginInput(path, Number.isFinite(stat.mtimeMs) && stat.mtimeMs > 0 ? { at: Math.floor(stat.mtimeMs), basis: 'mtime' } : undefined);
}

/** Parses a dump's text and adds its objects; `begin` (the input's clock) runs only once it parsed. */
function addText(builder: SnapshotBuilder, text: string, name: string, begin?: () => void): void {
  checkHeapRoom(() => `${neutralize(name)} (${(text.length / 2 ** 20).toFixed(0)} MiB of text) and the dumps read before it`, 3 * text.length);
  const parsed = parseDumpText(text, name);
  begin?.();
  for (const value of parsed.values) builder.add(value);
  for (const [key, log] of Object.entries(parsed.logs)) {
    builder.addLog(key, log);
    builder.accepted++;
  }
}

/** A Snapshot from objects already in memory (library use and tests). */
export function snapshotFromObjects(objects: readonly unknown[], source = 'memory'): Snapshot {
  // structuredClone recurses: measure first (iteratively) so deep input is an InputError, not a stack overflow.
  if (nestedDeeperThan(objects, MAX_NESTING + 1)) throw new InputError(`${source}: an object is nested more than ${MAX_NESTING} levels deep`);
  const builder = new SnapshotBuilder();
  builder.addSource(source);
  builder.beginInput(source);
  // The objects given are the whole input: a list, as `jq .items` prints one.
  builder.add(objects.map((o) => structuredClone(o)));
  return builder.finish();
}
