import { diagnoseAll } from '../../engine/diagnose-all.js';
import { checkReportRoom, heapGuard } from '../../sources/heap-budget.js';
import { Engine } from '../../engine/diagnose.js';
import { parseFieldSelector } from '../../engine/field-selector.js';
import { parseLabelSelector } from '../../engine/label-selector.js';
import { InputError, UsageError } from '../../errors.js';
import { EXIT } from '../exit-codes.js';
import { nowReason, outputFormat, parseNow, ruleOptions, type GlobalOptions } from '../global-options.js';
import { reportOptions } from '../io.js';
import { loadDumps } from '../load-dumps.js';
import { writeDiagnosisList } from '../write-list.js';

export interface AnalyzeOptions extends GlobalOptions {
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
  const format = outputFormat(opts.output);
  const selector = opts.selector ? parseLabelSelector(opts.selector) : undefined;
  if (paths.length === 0) {
    // `kubectl get … -o yaml | kdiag analyze`: no path and a piped stdin means stdin.
    if (process.stdin.isTTY) throw new UsageError('analyze needs a dump: a file, a directory, or - for stdin', { hint: 'e.g. kubectl get pods,events,nodes -o yaml | kdiag analyze' });
    paths = ['-'];
  }
  const { snapshot, exitCode } = loadDumps(paths);
  if (snapshot.pods.length === 0 && snapshot.replicaSets.length + snapshot.deployments.length + snapshot.statefulSets.length + snapshot.daemonSets.length + snapshot.jobs.length === 0) {
    throw new InputError(`${paths.join(', ')}: no Pods or workloads found`, { hint: 'dump them with: kubectl get pods,events,nodes,pvc -o yaml > dump.yaml' });
  }
  const engine = new Engine(snapshot, { now: parseNow(opts.now), nowReason: nowReason(opts.now), ruleOptions: ruleOptions(opts), logLines: opts.logs === false ? 0 : undefined });
  const namespace = opts.allNamespaces ? undefined : opts.namespace;
  let items = diagnoseAll(engine, { ...(namespace !== undefined ? { namespace } : {}), ...(selector ? { selector } : {}) }, { beforeEach: heapGuard('the diagnoses of these dumps', tooLarge) });
  if (opts.fieldSelector) items = items.filter(parseFieldSelector(opts.fieldSelector));
  const anyFailing = items.some((d) => d.status === 'failing');
  if (opts.failingOnly) items = items.filter((d) => d.status === 'failing');
  checkReportRoom(items, format, tooLarge);
  await writeDiagnosisList(items, { ...snapshot.meta, ...engine.listMeta(items) }, format, reportOptions(opts, engine.now));
  return exitCode(anyFailing ? EXIT.failing : EXIT.ok);
}
