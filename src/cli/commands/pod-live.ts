import { Engine } from '../../engine/diagnose.js';
import { findTarget, type Target } from '../../engine/targets.js';
import { renderDiagnosis } from '../../report/render.js';
import { fetchPodSnapshot } from '../../sources/cluster/fetch-pod.js';
import { UsageError } from '../../errors.js';
import { parseDuration } from '../../model/time.js';
import { renderPipeline } from '../../report/pipeline.js';
import { paint } from '../../report/style.js';
import { Collector } from '../../sources/cluster/collector.js';
import { resourcePath } from '../../sources/cluster/resources.js';
import { EXIT } from '../exit-codes.js';
import { reportTarget } from './report-target.js';
import { outputFormat, ruleOptions } from '../global-options.js';
import { reportOptions, warn, writeReport } from '../io.js';
import { startProgress } from '../progress.js';
import type { PodCommandOptions } from './pod.js';
import { openSession } from './live-session.js';
import { fetchTargetSnapshot } from '../../sources/cluster/fetch-target.js';
import { logOptions } from '../log-options.js';

/** `kdiag pod NAME` on the live cluster (loaded only when no -f is given). */
export async function livePodCommand(target: Target, opts: PodCommandOptions & { logs?: string | boolean; watch?: boolean }): Promise<number> {
  if (opts.watch) return watchPod(target, opts);
  const format = outputFormat(opts.output);
  const progress = await startProgress(format === 'text');
  try {
    const { connection, collector } = await openSession(opts, opts.verbose === true);
    const namespace = connection.namespace;
    const logs = logOptions(opts);
    const now = (): number => Date.now();
    const snapshot = await fetchTargetSnapshot(collector, target, { namespace, logLines: logs.tail, now, onStep: progress.step });
    const object = findTarget(snapshot, target, namespace);
    progress.step('diagnosing');
    const engine = new Engine(snapshot, { ruleOptions: ruleOptions(opts), logLines: logs.shown });
    progress.stop();
    const report = reportOptions(opts, engine.now);
    return reportTarget(engine, target, object, format, report);
  } finally {
    progress.stop();
  }
}

/**
 * `kdiag pod NAME --watch`: re-diagnoses whenever the Pod or its events change (a watch, not polling),
 * prints a line each time the verdict moves, and ends with the full report once it is Ready or failing.
 */
async function watchPod(target: Target, opts: PodCommandOptions & { logs?: string | boolean; timeout?: string }): Promise<number> {
  if (target.kind !== 'Pod') throw new UsageError('--watch follows one Pod: pass a Pod name');
  const format = outputFormat(opts.output);
  const { connection, client } = await openSession(opts, opts.verbose === true);
  const namespace = connection.namespace;
  const deadline = Date.now() + (parseDuration(opts.timeout ?? '10m') ?? 600_000);
  let last = '';
  for (;;) {
    const collector = new Collector(client, `cluster:${connection.context}`);
    const snapshot = await fetchPodSnapshot(collector, { namespace, name: target.name, logLines: 0, now: () => Date.now() });
    const engine = new Engine(snapshot, { ruleOptions: ruleOptions(opts) });
    const d = engine.diagnosePod(findTarget(snapshot, target, namespace));
    const line = `${d.status}${d.stage ? ` at ${d.stage}` : ''}: ${d.summary}`;
    if (line !== last) warn(`[${new Date().toISOString().slice(11, 19)}] ${renderPipeline(d, paint(false))}  ${line}`);
    last = line;
    if (d.status !== 'progressing' || Date.now() >= deadline) {
      writeReport(renderDiagnosis(d, format, reportOptions(opts, engine.now)));
      return d.status === 'failing' ? EXIT.failing : d.status === 'healthy' ? EXIT.ok : EXIT.timeout;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.min(5_000, deadline - Date.now()));
    await Promise.race([
      client.waitForChange(resourcePath('Pod', namespace), { fieldSelector: `metadata.name=${target.name}`, resourceVersion: collector.resourceVersions.Pod, timeoutSeconds: 5 }, controller.signal),
      client.waitForChange(resourcePath('Event', namespace), { fieldSelector: `involvedObject.name=${target.name}`, resourceVersion: collector.resourceVersions.Event, timeoutSeconds: 5 }, controller.signal),
      new Promise<void>((r) => controller.signal.addEventListener('abort', () => r())),
    ]);
    clearTimeout(timer);
    controller.abort();
  }
}
