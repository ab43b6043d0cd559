import { withInput } from '../../engine/diagnosis.js';
import { aimDiagnosis, commandTarget } from '../../engine/command-target.js';
import { Engine } from '../../engine/diagnose.js';
import { findTarget, type Target } from '../../engine/targets.js';
import { renderDiagnosis } from '../../report/render.js';
import { fetchPodSnapshot } from '../../sources/cluster/fetch-pod.js';
import { UsageError } from '../../errors.js';
import { parseDuration } from '../../model/time.js';
import { renderPipeline } from '../../report/pipeline.js';
import { paint } from '../../report/style.js';
import { Collector } from '../../sources/cluster/collector.js';
import { Changes, watchAll } from '../../sources/cluster/watch.js';
import type { Snapshot } from '../../model/snapshot.js';
import { neutralize } from '../../report/sanitize.js';
import { resourcePath } from '../../sources/cluster/resources.js';
import { EXIT } from '../exit-codes.js';
import { fails, parseFailOn } from '../fail-on.js';
import { suppressionsFrom } from '../suppression-options.js';
import { reportTarget } from './report-target.js';
import { outputFormat, ruleOptions } from '../global-options.js';
import { reportOptions, warn, warnNote, writeReport } from '../io.js';
import { startProgress } from '../progress.js';
import { resolveLang } from '../../i18n/lang.js';
import { messagesFor } from '../../i18n/index.js';
import type { PodCommandOptions } from './command-options.js';
import { openSession, requestTimeoutMs } from './live-session.js';
import { fetchTargetSnapshot } from '../../sources/cluster/fetch-target.js';
import { logOptions } from '../log-options.js';

/** `kdiag pod NAME` on the live cluster (loaded only when no -f is given). */
export async function livePodCommand(target: Target, opts: PodCommandOptions): Promise<number> {
  if (opts.watch) return watchPod(target, opts);
  const format = outputFormat(opts.output);
  const failOn = parseFailOn(opts.failOn);
  const team = suppressionsFrom(opts);
  const progress = startProgress(format === 'text', resolveLang(opts.lang));
  try {
    const { connection, collector } = await openSession(opts, opts.verbose === true, { requests: target.kind === 'Pod' ? 6 : 30 });
    const namespace = connection.namespace;
    const logs = logOptions(opts);
    const now = (): number => Date.now();
    const snapshot = await fetchTargetSnapshot(collector, target, { namespace, logLines: logs.tail, now, onStep: progress.step });
    const object = findTarget(snapshot, target, namespace);
    progress.step('diagnosing');
    const engine = new Engine(snapshot, { ...team, ruleOptions: ruleOptions(opts), logLines: logs.shown });
    progress.stop();
    const report = reportOptions(opts, engine.now);
    return reportTarget(engine, target, object, format, report, failOn, opts.from, commandTarget(opts));
  } finally {
    progress.stop();
  }
}

/**
 * `kdiag pod NAME --watch`: reads the Pod once, then watches it and its Events from the resourceVersions
 * just read (no polling). A change re-reads the Pod's snapshot (debounced); time thresholds re-diagnose
 * the snapshot already held, on a timer, with no request. Prints a line each time the verdict moves and
 * ends with the full report once the Pod is Ready or failing, or at --timeout.
 */
async function watchPod(target: Target, opts: PodCommandOptions): Promise<number> {
  if (target.kind !== 'Pod') throw new UsageError('--watch follows one Pod: pass a Pod name');
  const format = outputFormat(opts.output);
  const failOn = parseFailOn(opts.failOn);
  const team = suppressionsFrom(opts);
  const watchMs = parseDuration(opts.timeout ?? '10m') ?? 600_000;
  const { connection, client } = await openSession(opts, opts.verbose === true, { ms: watchMs + 6 * requestTimeoutMs(opts), label: `--timeout ${opts.timeout ?? '10m'} (plus 6 × --request-timeout)` });
  const namespace = connection.namespace;
  const deadline = Date.now() + watchMs;
  const lang = resolveLang(opts.lang);
  const t = messagesFor(lang);
  const logLines = opts.logs === false ? 0 : Math.max(0, Math.min(1000, Number(opts.logs ?? 20) || 0));
  const read = (lines: number): Promise<{ snapshot: Snapshot; events?: string }> => {
    const collector = new Collector(client, `cluster:${connection.context}`);
    return fetchPodSnapshot(collector, { namespace, name: target.name, logLines: lines, now: () => Date.now() }).then((snapshot) => ({ snapshot, ...(collector.resourceVersions.Event ? { events: collector.resourceVersions.Event } : {}) }));
  };
  const first = await read(0);
  let snapshot = first.snapshot;
  const changes = new Changes();
  const stop = new AbortController();
  let watching: Promise<void> | undefined;
  let last = '';
  try {
    for (;;) {
      const now = Date.now();
      const engine = new Engine(snapshot, { ...team, now, ruleOptions: ruleOptions(opts) });
      let d = engine.diagnosePod(findTarget(snapshot, target, namespace));
      // The verdict, not the wording (which carries ages): a line each time it moves.
      const key = `${d.status}|${d.stage}|${d.findings[0]?.rule ?? ''}`;
      if (key !== last) warn(`[${new Date(now).toISOString().slice(11, 19)}] ${renderPipeline(d, paint(false), undefined, t).join(' ')}  ${neutralize(t.report.verdictLine({ status: d.status, stage: d.stage, summary: d.summary }))}`);
      last = key;
      if (d.status !== 'progressing' || now >= deadline) {
        let report = engine;
        // The final report of a failing Pod carries its crashed containers' previous log lines.
        // Not past --timeout: a read slowed by the request budget leaves the report without them.
        const withLogs = d.status === 'failing' && logLines > 0 && crashed(snapshot) ? await byDeadline(read(logLines), deadline) : undefined;
        if (withLogs) {
          report = new Engine(withLogs.snapshot, { ...team, now: Date.now(), ruleOptions: ruleOptions(opts) });
          d = report.diagnosePod(findTarget(report.snapshot, target, namespace));
        }
        writeReport(renderDiagnosis(withInput(aimDiagnosis(d, commandTarget(opts)), report.snapshot.meta), format, reportOptions(opts, report.now)));
        return d.status === 'progressing' ? EXIT.timeout : fails(d, failOn) ? EXIT.failing : EXIT.ok;
      }
      // Watch from the versions of the first read, once there is something to wait for.
      if (!watching) {
        const podVersion = snapshot.pods[0]?.metadata?.resourceVersion;
        watching = watchAll(
          client,
          [
            { what: `pod ${target.name}`, path: resourcePath('Pod', namespace), query: { fieldSelector: `metadata.name=${target.name}` }, resourceVersion: typeof podVersion === 'string' ? podVersion : undefined },
            { what: `events of pod ${target.name}`, path: resourcePath('Event', namespace), query: { fieldSelector: `involvedObject.name=${target.name}` }, resourceVersion: first.events },
          ],
          { onChange: changes.notify, onNote: (text) => warnNote(neutralize(text), lang) },
          stop.signal,
        );
      }
      // No change: re-diagnose what we hold every few seconds (time thresholds), without a request.
      // A re-read still under way at --timeout (each of its requests may wait a second for its turn once the
      // server has misbehaved) is left: the verdict is the last one read.
      if (await changes.next(Math.min(TICK_MS, deadline - now))) snapshot = (await byDeadline(read(0), deadline))?.snapshot ?? snapshot;
    }
  } finally {
    stop.abort();
    await watching;
  }
}

/** The read's result, or undefined when it has not come by `at` (it is left to end on its own; its error then is dropped). */
function byDeadline<T>(read: Promise<T>, at: number): Promise<T | undefined> {
  read.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), Math.max(0, at - Date.now()))));
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

/** Re-diagnosis interval when nothing changes: grace periods and stuck thresholds pass on this timer. */
const TICK_MS = 5_000;

/** True when a container of the Pod has a previous (crashed) instance whose log is worth reading. */
function crashed(snapshot: Snapshot): boolean {
  const st = snapshot.pods[0]?.status;
  return [...(st?.initContainerStatuses ?? []), ...(st?.containerStatuses ?? [])].some((c) => c?.lastState?.terminated);
}
