import { diagnoseWorkloadTarget } from '../../engine/diagnose-all.js';
import { Engine } from '../../engine/diagnose.js';
import { diagnosisList } from '../../engine/diagnosis.js';
import { findTarget, type Target } from '../../engine/targets.js';
import { renderDiagnosis, renderList } from '../../report/render.js';
import { fetchNamespaceSnapshot } from '../../sources/cluster/fetch-namespace.js';
import { fetchPodSnapshot } from '../../sources/cluster/fetch-pod.js';
import { EXIT } from '../exit-codes.js';
import { outputFormat, ruleOptions } from '../global-options.js';
import { reportOptions, writeReport } from '../io.js';
import { startProgress } from '../progress.js';
import type { PodCommandOptions } from './pod.js';
import { openSession } from './live-session.js';

/** `kdiag pod NAME` on the live cluster (loaded only when no -f is given). */
export async function livePodCommand(target: Target, opts: PodCommandOptions & { logs?: string | boolean }): Promise<number> {
  const format = outputFormat(opts.output);
  const progress = await startProgress(format === 'text');
  try {
    const { connection, collector } = await openSession(opts, opts.verbose === true);
    const namespace = connection.namespace;
    const logLines = opts.logs === false ? 0 : Math.max(0, Math.min(1000, Number(opts.logs ?? 20) || 0));
    const now = (): number => Date.now();
    const snapshot =
      target.kind === 'Pod'
        ? await fetchPodSnapshot(collector, { namespace, name: target.name, logLines, now, onStep: progress.step })
        : await fetchNamespaceSnapshot(collector, { namespace, now, onStep: progress.step });
    progress.step('diagnosing');
    const engine = new Engine(snapshot, { ruleOptions: ruleOptions(opts) });
    const object = findTarget(snapshot, target, namespace);
    progress.stop();
    const report = reportOptions(opts, engine.now);
    if (target.kind === 'Pod') {
      const d = engine.diagnosePod(object);
      writeReport(renderDiagnosis(d, format, report));
      return d.status === 'failing' ? EXIT.failing : EXIT.ok;
    }
    const items = diagnoseWorkloadTarget(engine, target.kind, object);
    writeReport(renderList(diagnosisList(items), format, report));
    return items.some((d) => d.status === 'failing') ? EXIT.failing : EXIT.ok;
  } finally {
    progress.stop();
  }
}
