import { diagnoseAll } from '../../engine/diagnose-all.js';
import { checkHeapBudget, checkReportRoom, heapGuard } from '../../sources/heap-budget.js';
import { Engine, type DiagnoseOptions } from '../../engine/diagnose.js';
import { parseFieldSelector } from '../../engine/field-selector.js';
import { parseLabelSelector } from '../../engine/label-selector.js';
import type { Snapshot } from '../../model/snapshot.js';
import { dumpBytes } from '../../sources/dump.js';
import { InputError, UsageError } from '../../errors.js';
import { diagnoseDumpsFileByFile } from '../diagnose-dumps.js';
import { EXIT } from '../exit-codes.js';
import { nowReason, outputFormat, parseNow, ruleOptions, type GlobalOptions } from '../global-options.js';
import { reportOptions, warn } from '../io.js';
import { loadDumps } from '../load-dumps.js';
import { writeDiagnosisList, writeStreamedList } from '../write-list.js';

export interface AnalyzeOptions extends GlobalOptions {
  failingOnly?: boolean;
  logs?: boolean;
  namespace?: string;
  allNamespaces?: boolean;
  selector?: string;
  fieldSelector?: string;
}

/**
 * Dumps larger than this are read file by file (every kind but Pods first, then the Pods' files again, one
 * at a time): memory holds one file's objects and compact facts, not every object. Smaller dumps are read
 * once, which costs less CPU (their Pods' files are parsed once, not twice).
 */
export const FILE_BY_FILE_BYTES = 64 * 2 ** 20;

const tooLarge = (message: string, hint: string): Error => new InputError(message, { hint });

const noPods = (paths: readonly string[]): InputError =>
  new InputError(`${paths.join(', ')}: no Pods or workloads found`, { hint: 'dump them with: kubectl get pods,events,nodes,pvc -o yaml > dump.yaml' });

const hasWorkloads = (s: Snapshot): boolean => s.replicaSets.length + s.deployments.length + s.statefulSets.length + s.daemonSets.length + s.jobs.length > 0;

/** `kdiag analyze DUMP…`: every Pod (and failing workload) found in the dumps. */
export async function analyzeCommand(paths: string[], opts: AnalyzeOptions): Promise<number> {
  const format = outputFormat(opts.output);
  const selector = opts.selector ? parseLabelSelector(opts.selector) : undefined;
  if (paths.length === 0) {
    // `kubectl get … -o yaml | kdiag analyze`: no path and a piped stdin means stdin.
    if (process.stdin.isTTY) throw new UsageError('analyze needs a dump: a file, a directory, or - for stdin', { hint: 'e.g. kubectl get pods,events,nodes -o yaml | kdiag analyze' });
    paths = ['-'];
  }
  const options: DiagnoseOptions = { now: parseNow(opts.now), nowReason: nowReason(opts.now), ruleOptions: ruleOptions(opts), logLines: opts.logs === false ? 0 : undefined };
  const namespace = opts.allNamespaces ? undefined : opts.namespace;
  const filter = { ...(namespace !== undefined ? { namespace } : {}), ...(selector ? { selector } : {}) };
  const matches = opts.fieldSelector ? parseFieldSelector(opts.fieldSelector) : undefined;
  if ((dumpBytes(paths) ?? 0) > fileByFileBytes()) return analyzeFileByFile(paths, opts, options, filter, matches);
  const { snapshot, exitCode } = loadDumps(paths);
  if (snapshot.pods.length === 0 && !hasWorkloads(snapshot)) throw noPods(paths);
  const engine = new Engine(snapshot, options);
  let items = diagnoseAll(engine, filter, { beforeEach: heapGuard('the diagnoses of these dumps', tooLarge) });
  if (matches) items = items.filter(matches);
  const anyFailing = items.some((d) => d.status === 'failing');
  if (opts.failingOnly) items = items.filter((d) => d.status === 'failing');
  checkReportRoom(items, format, tooLarge);
  await writeDiagnosisList(items, { ...snapshot.meta, ...engine.listMeta(items) }, format, reportOptions(opts, engine.now));
  return exitCode(anyFailing ? EXIT.failing : EXIT.ok);
}

/** The threshold, or KDIAG_FILE_BY_FILE_BYTES (tests and benchmarks choose the path). */
function fileByFileBytes(): number {
  const set = Number(process.env.KDIAG_FILE_BY_FILE_BYTES);
  return process.env.KDIAG_FILE_BY_FILE_BYTES !== undefined && Number.isFinite(set) && set >= 0 ? set : FILE_BY_FILE_BYTES;
}

async function analyzeFileByFile(paths: string[], opts: AnalyzeOptions, options: DiagnoseOptions, filter: Parameters<typeof diagnoseDumpsFileByFile>[2], matches: ReturnType<typeof parseFieldSelector> | undefined): Promise<number> {
  const format = outputFormat(opts.output);
  const read = diagnoseDumpsFileByFile(paths, options, filter, {}, () => checkHeapBudget('the pods of these dumps', 0, tooLarge));
  for (const w of read.warnings) warn(`kdiag: ${w}`);
  for (const p of read.problems) warn(`kdiag: ${p}`);
  if (read.pods === 0 && !hasWorkloads(read.snapshot)) throw noPods(paths);
  let items = read.items;
  if (matches) items = items.filter((i) => matches(i.diagnosis()));
  const anyFailing = items.some((i) => i.status === 'failing');
  if (opts.failingOnly) items = items.filter((i) => i.status === 'failing');
  checkReportRoom(items, format, tooLarge, (i) => i.diagnosis());
  await writeStreamedList(items, { ...read.snapshot.meta, ...read.listMeta(items) }, format, reportOptions(opts, read.now), 'list');
  const code = anyFailing ? EXIT.failing : EXIT.ok;
  // Like grep -r: the rest is reported, but a run that could not read all of its input never exits 0 or 1.
  return read.problems.length > 0 ? EXIT.usage : code;
}
