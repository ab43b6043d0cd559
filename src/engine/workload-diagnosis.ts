import type { Messages } from '../i18n/index.js';
import { STAGES, type Stage } from '../model/stages.js';
import type { Finding } from '../rules/types.js';
import { stageStates } from './diagnose.js';
import type { Diagnosis, DiagnosisStatus } from './diagnosis.js';
import { stageOwner } from './stage-owner.js';

/** The workload a diagnosis is about (`pod: null`). */
export interface WorkloadRef {
  kind: string;
  namespace: string;
  name: string;
}

/** A workload-level Diagnosis (`pod: null`, `workload: {…}`): the stage strip and the stage's owner follow from status and stage. */
export function workloadDiagnosis(ref: WorkloadRef, verdict: { status: DiagnosisStatus; stage: Stage | null; summary: string; findings: Finding[]; notes: string[] }, t: Messages): Diagnosis {
  const { status, stage } = verdict;
  return {
    apiVersion: 'kdiag/v1',
    kind: 'Diagnosis',
    pod: null,
    workload: { kind: ref.kind, namespace: ref.namespace, name: ref.name },
    status,
    stage,
    summary: verdict.summary,
    stages: stageStates(STAGES, status, stage),
    stageOwner: stageOwner(stage, { namespace: ref.namespace, name: ref.name, node: null, kind: ref.kind }, t),
    findings: verdict.findings,
    notes: verdict.notes,
  };
}
