import type { Messages } from '../i18n/index.js';
import type { Stage } from '../model/stages.js';
import type { Finding } from '../rules/types.js';
import type { Diagnosis, DiagnosisStatus } from './diagnosis.js';
import type { SuppressedFinding } from './suppress.js';
import { stageOwner } from './stage-owner.js';

/** The workload a diagnosis is about (`pod: null`). */
export interface WorkloadRef {
  kind: string;
  namespace: string;
  name: string;
}

/**
 * A workload-level Diagnosis (`pod: null`, `workload: {…}`); the stage's owner follows from the stage. The
 * caller passes the stage strip (engine/diagnose.ts's stageStates), so this module does not import the engine.
 */
export function workloadDiagnosis(
  ref: WorkloadRef,
  verdict: { status: DiagnosisStatus; stage: Stage | null; stages: Diagnosis['stages']; summary: string; findings: Finding[]; suppressed?: SuppressedFinding[]; notes: string[] },
  t: Messages,
): Diagnosis {
  const { status, stage } = verdict;
  return {
    apiVersion: 'kdiag/v1',
    kind: 'Diagnosis',
    pod: null,
    workload: { kind: ref.kind, namespace: ref.namespace, name: ref.name },
    status,
    stage,
    summary: verdict.summary,
    stages: verdict.stages,
    stageOwner: stageOwner(stage, { namespace: ref.namespace, name: ref.name, node: null, kind: ref.kind }, t),
    findings: verdict.findings,
    ...(verdict.suppressed ? { suppressed: verdict.suppressed } : {}),
    notes: verdict.notes,
  };
}
