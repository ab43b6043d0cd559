import { diagnoseAll } from '../../engine/diagnose-all.js';
import { Engine } from '../../engine/diagnose.js';
import { parseLabelSelector } from '../../engine/label-selector.js';
import { diagnosisList } from '../../engine/diagnosis.js';
import { parseFieldSelector } from '../../engine/field-selector.js';
import { renderScanText } from '../../report/table.js';
import { renderList } from '../../report/render.js';
import { fetchNamespaceSnapshot } from '../../sources/cluster/fetch-namespace.js';
import { EXIT } from '../exit-codes.js';
import { outputFormat, ruleOptions } from '../global-options.js';
import { reportOptions, writeReport } from '../io.js';
import { startProgress } from '../progress.js';
import { openSession } from './live-session.js';
import type { ScanOptions } from './command-options.js';

/** `kdiag scan` on the live cluster: each kind listed once, joined in memory. */
export async function liveScanCommand(opts: ScanOptions): Promise<number> {
  const format = outputFormat(opts.output);
  if (opts.selector) parseLabelSelector(opts.selector); // the same grammar as offline: a bad selector is exit 2 here, not a 400
  const progress = await startProgress(format === 'text');
  try {
    const { connection, collector } = await openSession(opts, opts.verbose === true, { requests: 30 });
    const namespace = opts.allNamespaces ? undefined : connection.namespace;
    const snapshot = await fetchNamespaceSnapshot(collector, { namespace, ...(opts.selector ? { labelSelector: opts.selector } : {}), now: () => Date.now(), onStep: progress.step });
    progress.step('diagnosing');
    const engine = new Engine(snapshot, { ruleOptions: ruleOptions(opts) });
    let items = diagnoseAll(engine);
    if (opts.fieldSelector) items = items.filter(parseFieldSelector(opts.fieldSelector));
    const anyFailing = items.some((d) => d.status === 'failing');
    if (opts.failingOnly) items = items.filter((d) => d.status === 'failing');
    progress.stop();
    const report = reportOptions(opts, engine.now);
    const meta = engine.listMeta(items);
    writeReport(format === 'text' ? renderScanText(items, meta.notes, report, meta.unreadable) : renderList(diagnosisList(items, meta), format, report));
    return anyFailing ? EXIT.failing : EXIT.ok;
  } finally {
    progress.stop();
  }
}
