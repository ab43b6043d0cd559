import { diagnoseAll } from '../../engine/diagnose-all.js';
import { checkReportRoom, heapGuard } from '../../sources/heap-budget.js';
import { Engine, type DiagnoseOptions } from '../../engine/diagnose.js';
import { parseFieldSelector } from '../../engine/field-selector.js';
import { parseLabelSelector } from '../../engine/label-selector.js';
import { InputError, UsageError } from '../../errors.js';
import { hasWorkloads, noPods, readFileByFile, reportFileByFile } from '../report-file-by-file.js';
import { nowReason, outputFormat, parseNow, ruleOptions, type GlobalOptions } from '../global-options.js';
import { reportOptions } from '../io.js';
import { loadDumps } from '../load-dumps.js';
import { writeDiagnosisList } from '../write-list.js';
import { parseFailOn, verdictExit } from '../fail-on.js';
import { suppressionsFrom, type TeamOptions } from '../suppression-options.js';
import { writeCiReports, type CiOptions } from '../ci-reports.js';

export interface AnalyzeOptions extends GlobalOptions, TeamOptions, CiOptions {
  failingOnly?: boolean;
  logs?: boolean;
  namespace?: string;
  allNamespaces?: boolean;
  selector?: string;
  fieldSelector?: string;
}

const tooLarge = (message: string, hint: string): Error => new InputError(message, { hint });

/** `kdiag analyze DUMP…`: every Pod (and failing workload) found in the dumps. */
export async function analyzeCommand(paths: string[], opts: AnalyzeOptions): Promise<number> {
  const format = outputFormat(opts.output, { names: true });
  const failOn = parseFailOn(opts.failOn);
  const { suppressions, notes } = suppressionsFrom(opts);
  const selector = opts.selector ? parseLabelSelector(opts.selector) : undefined;
  if (paths.length === 0) {
    // `kubectl get … -o yaml | kdiag analyze`: no path and a piped stdin means stdin.
    if (process.stdin.isTTY) throw new UsageError('analyze needs a dump: a file, a directory, or - for stdin', { hint: 'e.g. kubectl get pods,events,nodes -o yaml | kdiag analyze' });
    paths = ['-'];
  }
  const options: DiagnoseOptions = { now: parseNow(opts.now), nowReason: nowReason(opts.now), ruleOptions: ruleOptions(opts), logLines: opts.logs === false ? 0 : undefined, suppressions, notes };
  const namespace = opts.allNamespaces ? undefined : opts.namespace;
  const filter = { ...(namespace !== undefined ? { namespace } : {}), ...(selector ? { selector } : {}) };
  const matches = opts.fieldSelector ? parseFieldSelector(opts.fieldSelector) : undefined;
  if (readFileByFile(paths)) return reportFileByFile(paths, opts, options, filter, matches, 'list');
  const { snapshot, exitCode } = loadDumps(paths, options.ruleOptions?.lang);
  if (snapshot.pods.length === 0 && !hasWorkloads(snapshot)) throw noPods(paths);
  const engine = new Engine(snapshot, options);
  let items = diagnoseAll(engine, filter, { beforeEach: heapGuard('the diagnoses of these dumps', tooLarge) });
  if (matches) items = items.filter(matches);
  const verdict = verdictExit(items, failOn);
  writeCiReports(items, opts, 'analyze');
  if (opts.failingOnly) items = items.filter((d) => d.status === 'failing');
  checkReportRoom(items, format, tooLarge);
  await writeDiagnosisList(items, { ...snapshot.meta, ...engine.listMeta(items) }, format, reportOptions(opts, engine.now));
  return exitCode(verdict);
}
