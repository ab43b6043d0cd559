import { diagnoseWorkloadTarget } from '../../engine/diagnose-all.js';
import type { Engine } from '../../engine/diagnose.js';
import { diagnosisList } from '../../engine/diagnosis.js';
import type { Target } from '../../engine/targets.js';
import type { KObject, Pod } from '../../model/k8s.js';
import type { ReportOptions } from '../../report/options.js';
import { renderDiagnosis, renderList, type OutputFormat } from '../../report/render.js';
import { renderWorkloadText } from '../../report/workload.js';
import { writeReport } from '../io.js';
import { verdictExit, type FailOn } from '../fail-on.js';

/** Diagnoses a Pod or workload target, writes the one report, and returns the exit code (dump and live alike). */
export function reportTarget(engine: Engine, target: Target, object: KObject, format: OutputFormat, report: ReportOptions, failOn: FailOn = 'error'): number {
  if (target.kind === 'Pod') {
    const d = engine.diagnosePod(object as Pod);
    writeReport(renderDiagnosis(d, format, report));
    return verdictExit([d], failOn);
  }
  const items = diagnoseWorkloadTarget(engine, target.kind, object);
  const title = `${target.kind} ${object.metadata?.namespace ?? ''}/${target.name}`;
  writeReport(format === 'text' ? renderWorkloadText(title, items, report) : renderList(diagnosisList(items), format, report));
  return verdictExit(items, failOn);
}
