import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { InputError } from '../errors.js';
import type { Snapshot } from '../model/snapshot.js';
import { SnapshotBuilder } from './build-snapshot.js';
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
}

/** Reads files, directories (including `kubectl cluster-info dump --output-directory`) and `-` into one Snapshot. */
export function readDumps(paths: readonly string[], options: DumpReadOptions = {}): DumpReadResult {
  if (paths.length === 0) throw new InputError('no dump given', { hint: 'pass a file, a directory, or - for standard input' });
  const builder = new SnapshotBuilder();
  for (const path of paths) {
    if (path === '-') {
      const data = (options.readStdin ?? (() => readFileSync(0)))();
      addText(builder, decode(data, '<stdin>'), '<stdin>');
      builder.addSource('file:-');
      continue;
    }
    let stat;
    try {
      stat = statSync(path);
    } catch {
      throw new InputError(`${path}: no such file or directory`);
    }
    if (stat.isDirectory()) readDirectory(builder, path);
    else addText(builder, decode(readBounded(path, stat.size), path), path);
    builder.addSource(`file:${path}`);
  }
  const warnings = [...builder.skipped].map(([kind, n]) => `skipped ${n} document(s) of kind ${kind}: kdiag does not read them`);
  return { snapshot: builder.finish(), warnings };
}

function readDirectory(builder: SnapshotBuilder, root: string): void {
  const files = walk(root).sort();
  let read = 0;
  for (const file of files) {
    const rel = relative(root, file).split(sep);
    if (rel[rel.length - 1] === 'logs.txt' && rel.length >= 3) {
      // cluster-info dump: <namespace>/<pod>/logs.txt
      builder.addLog(`${rel[0]}/${rel[1]}/${rel.length > 3 ? rel[2] : ''}`, readBounded(file, statSync(file).size).toString('utf8'));
      continue;
    }
    if (!DUMP_FILE.test(file)) continue;
    addText(builder, decode(readBounded(file, statSync(file).size), file), file);
    read++;
  }
  if (read === 0) throw new InputError(`${root}: the directory holds no .yaml, .yml or .json files`);
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

function readBounded(path: string, size: number): Buffer {
  if (size > MAX_DUMP_BYTES) {
    throw new InputError(`${path}: the file is ${Math.round(size / 2 ** 20)} MiB; kdiag reads dumps up to ${MAX_DUMP_BYTES / 2 ** 20} MiB`, {
      hint: 'split it, or dump one namespace at a time (kubectl cluster-info dump --namespaces NS --output-directory DIR)',
    });
  }
  try {
    return readFileSync(path);
  } catch (err) {
    throw new InputError(`${path}: cannot read: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

function decode(data: Buffer, name: string): string {
  let bytes = data;
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_DUMP_BYTES });
    } catch {
      throw new InputError(`${name}: corrupt gzip data, or larger than ${MAX_DUMP_BYTES / 2 ** 20} MiB uncompressed`);
    }
  }
  return bytes.toString('utf8');
}

function addText(builder: SnapshotBuilder, text: string, name: string): void {
  const parsed = parseDumpText(text, name);
  for (const value of parsed.values) builder.add(value);
  for (const [key, log] of Object.entries(parsed.logs)) builder.addLog(key, log);
}

/** A Snapshot from objects already in memory (library use and tests). */
export function snapshotFromObjects(objects: readonly unknown[], source = 'memory'): Snapshot {
  const builder = new SnapshotBuilder();
  builder.addSource(source);
  for (const o of objects) builder.add(structuredClone(o));
  return builder.finish();
}
