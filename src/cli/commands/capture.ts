import { UsageError } from '../../errors.js';
import { findTarget, parseTarget } from '../../engine/targets.js';
import { fetchTargetSnapshot } from '../../sources/cluster/fetch-target.js';
import { logOptions } from '../log-options.js';
import { renderBundle } from '../../sources/bundle.js';
import { neutralizeOutput } from '../../text/neutralize.js';
import { VERSION } from '../../version.js';
import { EXIT } from '../exit-codes.js';
import { resolveLang } from '../../i18n/lang.js';
import { checkNewFile, warnNote, writeNewFile, writeReport } from '../io.js';
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
  if (opts.output) checkNewFile(opts.output, '--output-file', opts.force);
  const progress = startProgress(true, resolveLang(undefined));
  try {
    const { connection, collector } = await openSession(opts, opts.verbose === true, { requests: target.kind === 'Pod' ? 6 : 30 });
    const logLines = logOptions(opts).tail;
    const now = (): number => Date.now();
    const snapshot = await fetchTargetSnapshot(collector, target, { namespace: connection.namespace, logLines, now, onStep: progress.step });
    // A target that does not exist is exit 4, not an empty bundle.
    findTarget(snapshot, target, connection.namespace);
    progress.stop();
    const bundle = neutralizeOutput(renderBundle(snapshot, { kdiagVersion: VERSION, context: connection.context }, { logs: logLines > 0 }));
    if (opts.output) {
      writeNewFile(opts.output, bundle, '--output-file', opts.force);
      warnNote(`wrote ${opts.output} (${snapshot.pods.length} pod(s), ${snapshot.events.length} event(s)); read it with: kdiag analyze ${opts.output}`, resolveLang(undefined));
    } else writeReport(bundle);
    return EXIT.ok;
  } finally {
    progress.stop();
  }
}
