import { Engine } from '../../engine/diagnose.js';
import { findTarget, parseTarget } from '../../engine/targets.js';
import { reportTarget } from './report-target.js';
import { nowReason, outputFormat, parseNow, ruleOptions } from '../global-options.js';
import { resolveLang } from '../../i18n/lang.js';
import { reportOptions } from '../io.js';
import { loadDumps } from '../load-dumps.js';
import { logOptions } from '../log-options.js';
import type { PodCommandOptions } from './command-options.js';
import { parseFailOn } from '../fail-on.js';
import { suppressionsFrom } from '../suppression-options.js';

/** `kdiag pod NAME` (or deploy/NAME …): one Pod or one workload, from dumps or the live cluster. */
export async function podCommand(name: string, opts: PodCommandOptions): Promise<number> {
  const target = parseTarget(name);
  const format = outputFormat(opts.output);
  const logs = logOptions(opts);
  const failOn = parseFailOn(opts.failOn);
  const { suppressions, notes } = suppressionsFrom(opts);
  if (!opts.file || opts.file.length === 0) {
    const { livePodCommand } = await import('./pod-live.js');
    return livePodCommand(target, opts);
  }
  const { snapshot, exitCode } = loadDumps(opts.file, resolveLang(opts.lang));
  const engine = new Engine(snapshot, { suppressions, notes, now: parseNow(opts.now), nowReason: nowReason(opts.now), ruleOptions: ruleOptions(opts), logLines: logs.shown });
  const object = findTarget(snapshot, target, opts.namespace);
  const report = reportOptions(opts, engine.now);
  return exitCode(reportTarget(engine, target, object, format, report, failOn, opts.from));
}
