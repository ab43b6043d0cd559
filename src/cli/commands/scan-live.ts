import { aimDiagnosis, commandTarget } from '../../engine/command-target.js';
import { resolveLang } from '../../i18n/lang.js';
import { parseLabelSelector } from '../../engine/label-selector.js';
import { checkReportRoom } from '../../sources/heap-budget.js';
import { ClusterError } from '../../errors.js';
import { parseFieldSelector } from '../../engine/field-selector.js';
import { PodStream, type StreamedItem } from '../../engine/pod-stream.js';
import type { SnapshotMeta } from '../../model/snapshot.js';
import { streamNamespace } from '../../sources/cluster/fetch-namespace.js';
import { outputFormat, ruleOptions } from '../global-options.js';
import { reportOptions } from '../io.js';
import { boundHeapGrowth } from '../heap-growth.js';
import { inputTiering } from '../input-tiering.js';
import { startProgress, type Progress } from '../progress.js';
import { writeStreamedList } from '../write-list.js';
import { openSession } from './live-session.js';
import type { ScanOptions } from './command-options.js';
import { parseFailOn, verdictExit } from '../fail-on.js';
import { suppressionsFrom } from '../suppression-options.js';
import { writeCiReports } from '../ci-reports.js';

/** One cluster's scan, read and diagnosed: its items (compact), what it could not see, and its clock. */
export interface LiveScan {
  items: StreamedItem[];
  meta: SnapshotMeta;
  /** The time ages were measured from (this machine's clock when the cluster was read). */
  now: number;
  /** The note that says which clock ages are measured from (only when there are items). */
  clockNotes: string[];
}

/**
 * Reads one cluster (`opts.context`) the streamed way and diagnoses its Pods: each kind listed once; Events
 * indexed and Pods diagnosed page by page as they arrive, so memory holds compact facts, not every object.
 * --field-selector is applied; --failing-only is not (the verdict and the CI reports count every item).
 */
export async function readLiveScan(opts: ScanOptions, team: ReturnType<typeof suppressionsFrom>, progress: Pick<Progress, 'step'>, onBody?: (bytes: number) => void): Promise<LiveScan> {
  const { suppressions, notes } = team;
  const { connection, collector } = await openSession(opts, opts.verbose === true, { requests: 30 }, onBody);
  const namespace = opts.allNamespaces ? undefined : connection.namespace;
  let stream: PodStream | undefined;
  const snapshot = await streamNamespace(collector, { namespace, ...(opts.selector ? { labelSelector: opts.selector } : {}), now: () => Date.now(), onStep: progress.step }, ({ context, events }) => {
    const s = new PodStream(context, events, { ruleOptions: ruleOptions(opts), suppressions, notes });
    stream = s;
    return (pods) => {
      s.add(pods);
      progress.step(`diagnosed ${s.size} pods`);
    };
  });
  progress.step('diagnosing');
  // Every command an item prints names the cluster it was read from, when the user named one (or a fleet did).
  const cluster = commandTarget(opts);
  let items = cluster.context || cluster.kubeconfig ? stream!.finish().map((i) => ({ status: i.status, diagnosis: () => aimDiagnosis(i.diagnosis(), cluster) })) : stream!.finish();
  if (opts.fieldSelector) {
    const matches = parseFieldSelector(opts.fieldSelector);
    items = items.filter((i) => matches(i.diagnosis()));
  }
  const meta = { ...snapshot.meta, notes: [...snapshot.meta.notes, ...notes] };
  return { items, meta, now: stream!.now, clockNotes: items.length > 0 ? stream!.clockNotes() : [] };
}

/** `kdiag scan` on one live cluster. */
export async function liveScanCommand(opts: ScanOptions): Promise<number> {
  const format = outputFormat(opts.output, { names: true });
  const failOn = parseFailOn(opts.failOn);
  const team = suppressionsFrom(opts);
  if (opts.selector) parseLabelSelector(opts.selector); // the same grammar as offline: a bad selector is exit 2 here, not a 400
  boundHeapGrowth();
  const progress = startProgress(format === 'text', resolveLang(opts.lang));
  try {
    const scan = await readLiveScan(opts, team, progress, inputTiering());
    let items = scan.items;
    const verdict = verdictExit(items, failOn);
    writeCiReports(items, opts, 'scan');
    if (opts.failingOnly) items = items.filter((i) => i.status === 'failing');
    progress.stop();
    if (format !== 'text') checkReportRoom(items, format, (m, h) => new ClusterError('E_TOO_LARGE', m, { hint: h }), (i) => i.diagnosis());
    await writeStreamedList(items, { ...scan.meta, notes: [...scan.meta.notes, ...scan.clockNotes] }, format, reportOptions(opts, scan.now));
    return verdict;
  } finally {
    progress.stop();
  }
}
