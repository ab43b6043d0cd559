import type { DiagnoseFilter } from '../engine/diagnose-all.js';
import type { DiagnoseOptions } from '../engine/diagnose.js';
import type { Diagnosis } from '../engine/diagnosis.js';
import { InputError } from '../errors.js';
import type { Snapshot } from '../model/snapshot.js';
import { dumpBytes } from '../sources/dump.js';
import { checkHeapBudget, checkReportRoom } from '../sources/heap-budget.js';
import { diagnoseDumpsFileByFile } from './diagnose-dumps.js';
import { inputTiering } from './input-tiering.js';
import { EXIT } from './exit-codes.js';
import { outputFormat, type GlobalOptions } from './global-options.js';
import { reportOptions, warnNote } from './io.js';
import { writeStreamedList } from './write-list.js';
import { parseFailOn, verdictExit } from './fail-on.js';
import { writeCiReports, type CiOptions } from './ci-reports.js';
import type { TeamOptions } from './suppression-options.js';

export interface DumpReportOptions extends GlobalOptions, TeamOptions, CiOptions {
  failingOnly?: boolean;
}

/**
 * Dumps larger than this are read file by file (every kind but Pods first, then the Pods' files again, one
 * at a time): memory holds one file's objects and compact facts, not every object. Smaller dumps are read
 * once, which costs less CPU (their Pods' files are parsed once, not twice).
 */
export const FILE_BY_FILE_BYTES = 64 * 2 ** 20;

const tooLarge = (message: string, hint: string): Error => new InputError(message, { hint });

export const noPods = (paths: readonly string[]): InputError =>
  new InputError(`${paths.join(', ')}: no Pods or workloads found`, { hint: 'dump them with: kubectl get pods,events,nodes,pvc -o yaml > dump.yaml' });

export const hasWorkloads = (s: Snapshot): boolean => s.replicaSets.length + s.deployments.length + s.statefulSets.length + s.daemonSets.length + s.jobs.length + s.cronJobs.length > 0;

/** Whether `paths` are read file by file: more than FILE_BY_FILE_BYTES of dumps, none of them standard input. */
export function readFileByFile(paths: readonly string[]): boolean {
  return (dumpBytes(paths) ?? 0) > fileByFileBytes();
}

/** The threshold, or KDIAG_FILE_BY_FILE_BYTES (tests and benchmarks choose the path). */
function fileByFileBytes(): number {
  const set = Number(process.env.KDIAG_FILE_BY_FILE_BYTES);
  return process.env.KDIAG_FILE_BY_FILE_BYTES !== undefined && Number.isFinite(set) && set >= 0 ? set : FILE_BY_FILE_BYTES;
}

/** `analyze` (table and details, `list`) or `scan -f` (`table`) of dumps read file by file: warnings, the report, the exit code. */
export async function reportFileByFile(paths: string[], opts: DumpReportOptions, options: DiagnoseOptions, filter: DiagnoseFilter, matches: ((d: Diagnosis) => boolean) | undefined, text: 'table' | 'list'): Promise<number> {
  const format = outputFormat(opts.output, { names: true });
  const read = diagnoseDumpsFileByFile(paths, options, filter, { onInput: inputTiering() }, () => checkHeapBudget('the pods of these dumps', 0, tooLarge));
  for (const w of read.warnings) warnNote(w, options.ruleOptions?.lang);
  for (const p of read.problems) warnNote(p, options.ruleOptions?.lang);
  // `analyze` of nothing to diagnose is an error; `scan` says "No Pods found."
  if (text === 'list' && read.pods === 0 && !hasWorkloads(read.snapshot)) throw noPods(paths);
  let items = read.items;
  if (matches) items = items.filter((i) => matches(i.diagnosis()));
  const code = verdictExit(items, parseFailOn(opts.failOn));
  writeCiReports(items, opts, text === 'list' ? 'analyze' : 'scan');
  if (opts.failingOnly) items = items.filter((i) => i.status === 'failing');
  if (text === 'list' || format !== 'text') checkReportRoom(items, format, tooLarge, (i) => i.diagnosis());
  const listMeta = read.listMeta(items);
  await writeStreamedList(items, { ...read.snapshot.meta, ...listMeta, notes: [...(options.notes ?? []), ...listMeta.notes] }, format, reportOptions(opts, read.now), text);
  // Like grep -r: the rest is reported, but a run that could not read all of its input never exits 0 or 1.
  return read.problems.length > 0 ? EXIT.usage : code;
}
