import { diagnoseWorkloadTarget } from '../../engine/diagnose-all.js';
import { Engine } from '../../engine/diagnose.js';
import { diagnosisList } from '../../engine/diagnosis.js';
import { findTarget, parseTarget } from '../../engine/targets.js';
import type { Pod } from '../../model/k8s.js';
import { renderDiagnosis, renderList } from '../../report/render.js';
import { renderWorkloadText } from '../../report/workload.js';
import { EXIT } from '../exit-codes.js';
import { outputFormat, parseNow, ruleOptions, type GlobalOptions } from '../global-options.js';
import { reportOptions, writeReport } from '../io.js';
import { loadDumps } from '../load-dumps.js';
import type { LiveOptions } from './live-options.js';

export interface PodCommandOptions extends GlobalOptions, LiveOptions {
  file?: string[];
}

/** `kdiag pod NAME` (or deploy/NAME …): one Pod or one workload, from dumps or the live cluster. */
export async function podCommand(name: string, opts: PodCommandOptions): Promise<number> {
  const target = parseTarget(name);
  const format = outputFormat(opts.output);
  if (!opts.file || opts.file.length === 0) {
    const { livePodCommand } = await import('./pod-live.js');
    return livePodCommand(target, opts);
  }
  const snapshot = loadDumps(opts.file);
  const engine = new Engine(snapshot, { now: parseNow(opts.now), ruleOptions: ruleOptions(opts) });
  const object = findTarget(snapshot, target, opts.namespace);
  const report = reportOptions(opts, engine.now);
  if (target.kind === 'Pod') {
    const d = engine.diagnosePod(object as Pod);
    writeReport(renderDiagnosis(d, format, report));
    return d.status === 'failing' ? EXIT.failing : EXIT.ok;
  }
  const items = diagnoseWorkloadTarget(engine, target.kind, object);
  const title = `${target.kind} ${object.metadata?.namespace ?? ''}/${target.name}`;
  writeReport(format === 'text' ? renderWorkloadText(title, items, report) : renderList(diagnosisList(items), format, report));
  return items.some((d) => d.status === 'failing') ? EXIT.failing : EXIT.ok;
}
