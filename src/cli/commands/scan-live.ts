import { resolveLang } from '../../i18n/lang.js';
import { parseLabelSelector } from '../../engine/label-selector.js';
import { checkReportRoom } from '../../sources/heap-budget.js';
import { ClusterError } from '../../errors.js';
import { parseFieldSelector } from '../../engine/field-selector.js';
import { PodStream } from '../../engine/pod-stream.js';
import { streamNamespace } from '../../sources/cluster/fetch-namespace.js';
import { outputFormat, ruleOptions } from '../global-options.js';
import { reportOptions } from '../io.js';
import { boundHeapGrowth } from '../heap-growth.js';
import { startProgress } from '../progress.js';
import { writeStreamedList } from '../write-list.js';
import { openSession } from './live-session.js';
import type { ScanOptions } from './command-options.js';
import { parseFailOn, verdictExit } from '../fail-on.js';
import { suppressionsFrom } from '../suppression-options.js';
import { writeCiReports } from '../ci-reports.js';

/**
 * `kdiag scan` on the live cluster: each kind listed once; Events indexed and Pods diagnosed page by page
 * as they arrive, so memory holds compact facts, not every object.
 */
export async function liveScanCommand(opts: ScanOptions): Promise<number> {
  const format = outputFormat(opts.output, { names: true });
  const failOn = parseFailOn(opts.failOn);
  const { suppressions, notes } = suppressionsFrom(opts);
  if (opts.selector) parseLabelSelector(opts.selector); // the same grammar as offline: a bad selector is exit 2 here, not a 400
  boundHeapGrowth();
  const progress = startProgress(format === 'text', resolveLang(opts.lang));
  try {
    const { connection, collector } = await openSession(opts, opts.verbose === true, { requests: 30 });
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
    let items = stream!.finish();
    if (opts.fieldSelector) {
      const matches = parseFieldSelector(opts.fieldSelector);
      items = items.filter((i) => matches(i.diagnosis()));
    }
    const verdict = verdictExit(items, failOn);
    writeCiReports(items, opts, 'scan');
    if (opts.failingOnly) items = items.filter((i) => i.status === 'failing');
    progress.stop();
    if (format !== 'text') checkReportRoom(items, format, (m, h) => new ClusterError('E_TOO_LARGE', m, { hint: h }), (i) => i.diagnosis());
    await writeStreamedList(items, { ...snapshot.meta, notes: [...snapshot.meta.notes, ...notes, ...(items.length > 0 ? stream!.clockNotes() : [])] }, format, reportOptions(opts, stream!.now));
    return verdict;
  } finally {
    progress.stop();
  }
}
