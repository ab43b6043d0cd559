import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { InputError } from '../errors.js';
import type { Snapshot } from '../model/snapshot.js';
import { neutralize } from '../report/sanitize.js';
import { MAX_NESTING, nestedDeeperThan, SnapshotBuilder } from './build-snapshot.js';
import { checkHeapRoom } from './heap-budget.js';
import { parseDumpText } from './parse-dump-text.js';

/** Larger files are refused with a clear line instead of exhausting memory. */
export const MAX_DUMP_BYTES = 256 * 1024 * 1024;
const DUMP_FILE = /\.(ya?ml|json)(\.gz)?$/i;

export interface DumpReadResult {
  snapshot: Snapshot;
  /** Lines for stderr: documents skipped because they are not kinds kdiag reads. */
  warnings: string[];
}

export interface DumpReadOptions {
  /** Reads standard input for the path `-`. */
  readStdin?: () => Buffer;
  /** The wall clock, read once for standard input (its only clock); tests pass a fixed one. */
  wallClock?: () => number;
}

/** Reads files, directories (including `kubectl cluster-info dump --output-directory`) and `-` into one Snapshot. */
export function readDumps(paths: readonly string[], options: DumpReadOptions = {}): DumpReadResult {
  if (paths.length === 0) throw new InputError('no dump given', { hint: 'pass a file, a directory, or - for standard input' });
  const builder = new SnapshotBuilder();
  for (const path of paths) {
    if (path === '-') {
      const data = options.readStdin ? checkSize(options.readStdin(), '<stdin>') : readStream(0, '<stdin>');
      // Standard input has no file time: it was written just now, as far as kdiag can know.
      builder.beginInput('-', { at: (options.wallClock ?? Date.now)(), basis: 'wall' });
      addText(builder, decode(data, '<stdin>'), '<stdin>');
      builder.addSource('file:-');
      continue;
    }
    let stat;
    try {
      stat = statSync(path);
    } catch {
      throw new InputError(`${shown(path)}: no such file or directory`);
    }
    if (stat.isDirectory()) readDirectory(builder, path, options.wallClock ?? Date.now);
    else {
      beginFile(builder, path, stat, options.wallClock ?? Date.now);
      addText(builder, decode(readBounded(path, stat), path), path);
    }
    builder.addSource(`file:${path}`);
  }
  const skipped = [...builder.skipped].map(([kind, n]) => `${n} document(s) of kind ${kind}`);
  if (builder.accepted === 0) {
    // Nothing kdiag reads at all: one clear line instead of warnings followed by a vaguer error.
    throw new InputError(`${shown(paths.join(', '))}: no Kubernetes objects found${skipped.length ? ` (skipped ${skipped.join(', ')})` : ''}`, {
      hint: 'pass the output of `kubectl get pods,events,nodes -o yaml` (or -o json), or a `kubectl cluster-info dump` directory',
    });
  }
  const warnings = skipped.map((s) => `skipped ${s}: kdiag does not read them`);
  return { snapshot: builder.finish(), warnings };
}

/** A path or name as it may appear in an error line: it can come from a stranger's archive. */
function shown(name: string): string {
  return neutralize(name);
}

function readDirectory(builder: SnapshotBuilder, root: string, wallClock: () => number): void {
  const files = walk(root).sort();
  let read = 0;
  for (const file of files) {
    const rel = relative(root, file).split(sep);
    if (rel[rel.length - 1] === 'logs.txt' && rel.length >= 3) {
      // cluster-info dump: <namespace>/<pod>/logs.txt
      builder.addLog(`${rel[0]}/${rel[1]}/${rel.length > 3 ? rel[2] : ''}`, readBounded(file, statSync(file)).toString('utf8'));
      builder.accepted++;
      continue;
    }
    if (!DUMP_FILE.test(file)) continue;
    const stat = statSync(file);
    beginFile(builder, file, stat, wallClock);
    addText(builder, decode(readBounded(file, stat), file), file);
    read++;
  }
  if (read === 0) throw new InputError(`${shown(root)}: the directory holds no .yaml, .yml or .json files`, { hint: 'pass a file, or the directory `kubectl cluster-info dump --output-directory DIR` wrote' });
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
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
function readBounded(path: string, stat: { size: number; isFile(): boolean }): Buffer {
  if (stat.size > MAX_DUMP_BYTES) throw tooBig(path, `${Math.round(stat.size / 2 ** 20)} MiB`);
  let fd: number | undefined;
  try {
    if (stat.isFile()) return checkSize(readFileSync(path), path);
    fd = openSync(path, 'r');
    return readStream(fd, path);
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(`${shown(path)}: cannot read: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Reads a pipe, a device or standard input to its end, refusing more than MAX_DUMP_BYTES (so /dev/zero cannot exhaust memory). */
function readStream(fd: number, name: string): Buffer {
  const chunks: Buffer[] = [];
  const chunk = Buffer.allocUnsafe(1 << 20);
  let total = 0;
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10); // a non-blocking pipe or TTY with no data yet
        continue;
      }
      if (code === 'EOF') break;
      throw new InputError(`${shown(name)}: cannot read: ${code ?? 'error'}`);
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
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_DUMP_BYTES });
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

function addText(builder: SnapshotBuilder, text: string, name: string): void {
  checkHeapRoom(() => `${neutralize(name)} (${(text.length / 2 ** 20).toFixed(0)} MiB of text) and the dumps read before it`, 3 * text.length);
  const parsed = parseDumpText(text, name);
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
  for (const o of objects) builder.add(structuredClone(o));
  return builder.finish();
}
