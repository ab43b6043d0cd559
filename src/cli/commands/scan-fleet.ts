import type { Diagnosis } from '../../engine/diagnosis.js';
import { parseFieldSelector } from '../../engine/field-selector.js';
import { parseLabelSelector } from '../../engine/label-selector.js';
import type { StreamedItem } from '../../engine/pod-stream.js';
import { KdiagError, UsageError } from '../../errors.js';
import { messagesFor } from '../../i18n/index.js';
import { resolveLang } from '../../i18n/lang.js';
import { renderListChunks } from '../../report/render.js';
import { renderScanText } from '../../report/table.js';
import { diagnosisList } from '../../engine/diagnosis.js';
import { ClusterError } from '../../errors.js';
import { checkReportRoom } from '../../sources/heap-budget.js';
import { writeCiReports } from '../ci-reports.js';
import { EXIT } from '../exit-codes.js';
import { parseFailOn, verdictExit } from '../fail-on.js';
import { inOrder } from '../fleet/in-order.js';
import { StreamedListWriter } from '../fleet/list-writer.js';
import { outputFormat } from '../global-options.js';
import { boundHeapGrowth } from '../heap-growth.js';
import { reportOptions, warnNote, writeReport, writeReportPiece } from '../io.js';
import { startProgress } from '../progress.js';
import { suppressionsFrom } from '../suppression-options.js';
import type { ScanOptions } from './command-options.js';
import { requestTimeoutMs } from './live-session.js';
import { readLiveScan, type LiveScan } from './scan-live.js';
import { inputTiering } from '../input-tiering.js';

/** `scan` over several clusters: the contexts to read, and how many at once. */
export interface FleetScanOptions extends Omit<ScanOptions, 'context'> {
  context?: string | string[];
  allContexts?: boolean;
  maxClustersInFlight?: string;
}

export const DEFAULT_CLUSTERS_IN_FLIGHT = 4;

const CLOCK_NOTE = "ages measured from this machine's clock when kdiag read each cluster (each item's observedAt); timestamps in a cluster are its API server's: a skewed local clock skews ages";

type ClusterRead = { scan: LiveScan } | { error: KdiagError } | { fatal: unknown };

/** --max-clusters-in-flight: a whole number from 1 to 64. */
export function clustersInFlight(value: string | undefined): number {
  if (value === undefined) return DEFAULT_CLUSTERS_IN_FLIGHT;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 64) throw new UsageError(`--max-clusters-in-flight: "${value}" is not a whole number from 1 to 64`, { hint: `e.g. --max-clusters-in-flight 8 (default ${DEFAULT_CLUSTERS_IN_FLIGHT})` });
  return n;
}

/** The item as read from `cluster`: the field goes right after `kind`. */
function inCluster(d: Diagnosis, cluster: string): Diagnosis {
  const { apiVersion, kind, ...rest } = d;
  return { apiVersion, kind, cluster, ...rest };
}

function tagged(items: readonly StreamedItem[], cluster: string): StreamedItem[] {
  return items.map((i) => ({ status: i.status, diagnosis: () => inCluster(i.diagnosis(), cluster) }));
}

/**
 * `kdiag scan` over several kubeconfig contexts, `bound` read at once, each with its own deadline (its own
 * session and budget). Each cluster's items are written as soon as it and the ones before it are done, in
 * the contexts' order, so JSON and YAML hold one cluster's results at a time per slot. A cluster that cannot
 * be read (unreachable, forbidden, unknown context) is a note naming it and why; the others go on. Exit: the
 * worst verdict of the clusters read; 3 only when none could be read.
 */
export async function fleetScanCommand(opts: FleetScanOptions, contexts: readonly string[]): Promise<number> {
  const format = outputFormat(opts.output);
  const failOn = parseFailOn(opts.failOn);
  const bound = clustersInFlight(opts.maxClustersInFlight);
  if (opts.server) throw new UsageError('--server names one API server; it cannot be combined with several contexts', { hint: 'drop --server, or pick one context with --context NAME' });
  const team = suppressionsFrom(opts);
  if (opts.selector) parseLabelSelector(opts.selector);
  if (opts.fieldSelector) parseFieldSelector(opts.fieldSelector);
  requestTimeoutMs({ ...(opts.requestTimeout !== undefined ? { requestTimeout: opts.requestTimeout } : {}) }); // a bad --request-timeout is exit 2 once, not a failure per cluster
  boundHeapGrowth();
  const lang = resolveLang(opts.lang);
  const say = messagesFor(lang).errors.text;
  const progress = await startProgress(format === 'text', lang);
  const streamed = format === 'json' || format === 'yaml' ? new StreamedListWriter(format, lang) : undefined;
  // Text and Markdown sort every item: their compact forms wait for the last cluster. So do the CI reports.
  const kept: StreamedItem[] = [];
  const ci: StreamedItem[] | undefined = opts.junit || (opts.github ?? process.env.GITHUB_ACTIONS === 'true') ? [] : undefined;
  const notes: string[] = [];
  const unreadable: Array<{ kind: string; reason: string }> = [];
  const clusters: Array<{ name: string; read: boolean; reason?: string }> = [];
  let verdict: number = EXIT.ok;
  let anyItem = false;
  const finished: string[] = [];
  // Notes are put in the report's language before the cluster's name goes in front of them.
  const about = (cluster: string, text: string): string => `cluster ${cluster}: ${say({ text })}`;
  // Every cluster's answers count together: one run, one tiering (src/cli/input-tiering.ts).
  const tiering = inputTiering();
  const read = async (context: string): Promise<ClusterRead> => {
    try {
      return { scan: await readLiveScan({ ...opts, context } as ScanOptions, team, { step: () => {} }, tiering) };
    } catch (err) {
      return err instanceof KdiagError && err.exitCode === EXIT.cluster ? { error: err } : { fatal: err };
    } finally {
      finished.push(context);
      progress.step(`read ${finished.length} of ${contexts.length} clusters`);
    }
  };
  try {
    await inOrder(contexts, bound, read, async (context, result) => {
      if ('fatal' in result) throw result.fatal;
      if ('error' in result) {
        const reason = say({ text: result.error.message });
        clusters.push({ name: context, read: false, reason });
        notes.push(`cluster ${context} could not be read: ${reason}`);
        return;
      }
      clusters.push({ name: context, read: true });
      const { scan } = result;
      const items = tagged(scan.items, context);
      verdict = Math.max(verdict, verdictExit(items, failOn));
      ci?.push(...items);
      const shown = opts.failingOnly ? items.filter((i) => i.status === 'failing') : items;
      anyItem ||= scan.items.length > 0;
      notes.push(...scan.meta.notes.map((n) => about(context, n)));
      unreadable.push(...scan.meta.unreadable.map((u) => ({ kind: u.kind, reason: about(context, u.reason) })));
      if (streamed) {
        checkReportRoom(shown, format, (m, h) => new ClusterError('E_TOO_LARGE', m, { hint: h }), (i) => i.diagnosis());
        await streamed.add(shown.map((i) => i.diagnosis()));
      } else kept.push(...shown);
    });
    progress.stop();
    const failed = clusters.filter((c) => !c.read);
    // Which clusters were not read comes first, so a table of the others is not taken for the whole fleet.
    if (failed.length > 0) notes.unshift(`${failed.length} of ${clusters.length} clusters could not be read: ${failed.map((c) => c.name).join(', ')}`);
    // One clock note for the fleet, not one per cluster: each item's observedAt says when its cluster was read.
    if (anyItem) notes.push(CLOCK_NOTE);
    const meta = { unreadable, notes };
    if (ci) writeCiReports(ci, opts, 'scan');
    if (streamed) await streamed.finish({ ...diagnosisList([], meta), clusters });
    else {
      const all = kept.map((i) => i.diagnosis());
      const report = reportOptions(opts, Date.now());
      if (format === 'text') writeReport(renderScanText(all, notes, report, unreadable));
      else for (const piece of renderListChunks({ ...diagnosisList(all, meta), clusters }, format, report)) await writeReportPiece(piece);
    }
    if (failed.length === clusters.length) {
      warnNote(`none of the ${clusters.length} clusters could be read`, lang);
      return EXIT.cluster;
    }
    return verdict;
  } finally {
    progress.stop();
  }
}
