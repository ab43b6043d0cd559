import { diagnoseWorkloadTarget } from '../../engine/diagnose-all.js';
import { aimDiagnosis, type CommandTarget } from '../../engine/command-target.js';
import type { Engine } from '../../engine/diagnose.js';
import { diagnosisList, listCoverage, withInput } from '../../engine/diagnosis.js';
import type { Target } from '../../engine/targets.js';
import { ingressVerdict, withPodTraffic } from '../../engine/traffic-verdict.js';
import { UsageError } from '../../errors.js';
import type { KObject, Pod } from '../../model/k8s.js';
import type { ReportOptions } from '../../report/options.js';
import { renderDiagnosis, renderList, type OutputFormat } from '../../report/render.js';
import { renderWorkloadText } from '../../report/workload.js';
import { clientOf } from '../../traffic/path/clients.js';
import { writeReport } from '../io.js';
import { verdictExit, type FailOn } from '../fail-on.js';

/**
 * Diagnoses a Pod or workload target, writes the one report, and returns the exit code (dump and live alike).
 * `cluster`: live, the context and kubeconfig the user named, added to every command the report prints.
 */
export function reportTarget(engine: Engine, target: Target, object: KObject, format: OutputFormat, report: ReportOptions, failOn: FailOn = 'error', from?: string, cluster: CommandTarget = {}): number {
  if (from !== undefined && target.kind !== 'Service' && target.kind !== 'Ingress') throw new UsageError('--from names the client of a traffic path: use it with svc/NAME or ingress/NAME');
  const client = clientOf(engine.snapshot, from, object.metadata?.namespace ?? '');
  if (target.kind === 'Pod') {
    const d = withInput(aimDiagnosis(withPodTraffic(engine.diagnosePod(object as Pod), engine.snapshot, object as Pod, engine.t.lang, (found) => engine.partitionForPod(found, object as Pod)), cluster), engine.snapshot.meta);
    writeReport(renderDiagnosis(d, format, report));
    return verdictExit([d], failOn);
  }
  if (target.kind === 'Ingress') {
    const d = aimDiagnosis(ingressVerdict(engine.snapshot, object, engine.t.lang, client, engine.snapshot.meta.capturedAt, (found) => engine.partitionForObject(found, 'Ingress', object)), cluster);
    writeReport(renderDiagnosis(d, format, report));
    return verdictExit([d], failOn);
  }
  const items = diagnoseWorkloadTarget(engine, target.kind, object, client).map((d) => aimDiagnosis(d, cluster));
  const title = `${target.kind} ${object.metadata?.namespace ?? ''}/${target.name}`;
  writeReport(format === 'text' ? renderWorkloadText(title, items, report) : renderList(diagnosisList(items, undefined, listCoverage(engine.snapshot.meta)), format, report));
  return verdictExit(items, failOn);
}
