import { UsageError } from '../../errors.js';
import { parseTarget } from '../../engine/targets.js';
import { renderBundle } from '../../sources/bundle.js';
import { fetchNamespaceSnapshot } from '../../sources/cluster/fetch-namespace.js';
import { fetchPodSnapshot } from '../../sources/cluster/fetch-pod.js';
import { neutralizeOutput } from '../../text/neutralize.js';
import { VERSION } from '../../version.js';
import { EXIT } from '../exit-codes.js';
import { checkNewFile, warn, writeNewFile, writeReport } from '../io.js';
import { startProgress } from '../progress.js';
import type { LiveOptions } from './live-options.js';
import { openSession } from './live-session.js';

export interface CaptureOptions extends LiveOptions {
  output?: string;
  logs?: string | boolean;
  force?: boolean;
  verbose?: boolean;
}

/** `kdiag capture pod NAME [-o FILE]`: a redacted bundle that analyze and pod -f read back. */
export async function captureCommand(what: string, name: string, opts: CaptureOptions): Promise<number> {
  if (what !== 'pod') throw new UsageError(`capture takes "pod NAME" (or "pod deploy/NAME"), not "${what}"`);
  const target = parseTarget(name);
  if (opts.output) checkNewFile(opts.output, '-o', opts.force);
  const progress = await startProgress(true);
  try {
    const { connection, collector } = await openSession(opts, opts.verbose === true, { requests: target.kind === 'Pod' ? 6 : 30 });
    const logLines = opts.logs === false ? 0 : Math.max(0, Math.min(1000, Number(opts.logs ?? 20) || 0));
    const now = (): number => Date.now();
    const snapshot =
      target.kind === 'Pod'
        ? await fetchPodSnapshot(collector, { namespace: connection.namespace, name: target.name, logLines, now, onStep: progress.step })
        : await fetchNamespaceSnapshot(collector, { namespace: connection.namespace, now, onStep: progress.step });
    progress.stop();
    const bundle = neutralizeOutput(renderBundle(snapshot, { kdiagVersion: VERSION, context: connection.context }, { logs: logLines > 0 }));
    if (opts.output) {
      writeNewFile(opts.output, bundle, '-o', opts.force);
      warn(`kdiag: wrote ${opts.output} (${snapshot.pods.length} pod(s), ${snapshot.events.length} event(s)); read it with: kdiag analyze ${opts.output}`);
    } else writeReport(bundle);
    return EXIT.ok;
  } finally {
    progress.stop();
  }
}
