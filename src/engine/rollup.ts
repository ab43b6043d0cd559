import { messagesFor, type Messages } from '../i18n/index.js';
import { STAGES, type Stage } from '../model/stages.js';
import { stageStates } from './diagnose.js';
import type { Finding } from '../rules/types.js';
import type { Diagnosis, DiagnosisStatus } from './diagnosis.js';
import { workloadDiagnosis, type WorkloadRef } from './workload-diagnosis.js';


/** Pods of one workload that share a verdict: "3/3 pods: image/not-found". */
export interface RollupGroup {
  status: Diagnosis['status'];
  stage: Diagnosis['stage'];
  rule: string | null;
  /** One representative diagnosis (the first Pod's). */
  example: Diagnosis;
  pods: string[];
}

/** Groups Pod diagnoses that share status, stage and primary rule: failing first, then the largest group. */
export function rollup(items: readonly Diagnosis[]): RollupGroup[] {
  const groups = new Map<string, RollupGroup>();
  for (const d of items) {
    if (!d.pod) continue;
    const rule = d.status === 'healthy' ? null : (d.findings[0]?.rule ?? null);
    const key = `${d.status}|${d.stage}|${rule}`;
    const g = groups.get(key);
    if (g) g.pods.push(d.pod.name);
    else groups.set(key, { status: d.status, stage: d.stage, rule, example: d, pods: [d.pod.name] });
  }
  const rank = { failing: 0, progressing: 1, healthy: 2 } as const;
  return [...groups.values()].sort((a, b) => rank[a.status] - rank[b.status] || b.pods.length - a.pods.length);
}

/** "3/3 pods: Image not found in the registry (image/not-found)". */
export function describeGroup(g: RollupGroup, total: number, t: Messages = messagesFor('en')): string {
  const base = { pods: g.pods.length, total, status: g.status, stage: g.stage };
  if (g.status === 'healthy') return t.workload.group(base);
  const cause = g.rule ? t.workload.causeWithRule({ title: g.example.findings[0]?.title ?? g.rule, rule: g.rule }) : g.example.summary;
  return t.workload.group({ ...base, cause });
}

/** Workload findings that follow from the Pods' own failure: never the headline while a Pod shows the cause. */
const CONSEQUENCES = new Set(['readiness/progress-deadline-exceeded', 'container/backoff-limit-exceeded']);

/**
 * One workload's verdict from its own findings, its Pods' diagnoses and its Services': the Pods' primary
 * cause leads (a missed rollout deadline is its consequence, so it follows); a workload cause that keeps
 * Pods from existing (FailedCreate: quota, Pod Security, webhook) leads when there is one; then the
 * workload's other findings, its Services', other groups' causes and the Pods' warnings.
 */
export function workloadVerdict(ref: WorkloadRef, own: Diagnosis | undefined, pods: readonly Diagnosis[], services: readonly Diagnosis[] = [], t: Messages = messagesFor('en')): Diagnosis {
  const groups = rollup(pods);
  const ownFindings = own?.findings ?? [];
  const cause = ownFindings.find((f) => f.severity === 'error' && !CONSEQUENCES.has(f.rule));
  const failingGroup = groups.find((g) => g.status === 'failing');
  const consequence = ownFindings.find((f) => f.severity === 'error');
  const serviceError = services.find((d) => d.status === 'failing')?.findings.find((f) => f.severity === 'error');
  const progressingGroup = groups.find((g) => g.status === 'progressing');
  const total = pods.length;

  let lead: Finding | undefined;
  let status: DiagnosisStatus;
  let stage: Stage | null;
  let summary: string;
  let leadGroup: RollupGroup | undefined;
  if (cause) {
    [lead, status, stage, summary] = [cause, 'failing', cause.stage, cause.message];
  } else if (failingGroup) {
    leadGroup = failingGroup;
    lead = failingGroup.example.findings[0];
    [status, stage] = ['failing', failingGroup.stage];
    summary = t.workload.verdict({ pods: failingGroup.pods.length, total, summary: failingGroup.example.summary });
  } else if (consequence || serviceError) {
    lead = consequence ?? serviceError;
    status = 'failing';
    // The deadline passed while the Pods are still on their way: the stage is where they are.
    stage = progressingGroup?.stage ?? lead!.stage;
    summary = lead!.message;
  } else if (progressingGroup) {
    leadGroup = progressingGroup;
    lead = progressingGroup.example.findings.find((f) => f.severity !== 'info');
    [status, stage] = ['progressing', progressingGroup.stage];
    summary = t.workload.verdict({ pods: progressingGroup.pods.length, total, summary: progressingGroup.example.summary });
  } else {
    // Progressing on its own warnings (a webhook that cannot be called yet): at their stage, as its own diagnosis says.
    const settling = own?.status === 'progressing' && ownFindings.some((f) => f.severity === 'warning');
    [status, stage] = settling ? ['progressing', own.stage ?? ownFindings.find((f) => f.severity === 'warning')!.stage] : ['healthy', null];
    // Progressing on its own warnings: the workload's own sentence (a Diagnosis never has an empty summary).
    summary = status === 'progressing' ? own?.summary || ownFindings.find((f) => f.severity === 'warning')?.message || '' : '';
  }

  // Secondary findings, each once: the workload's, its Services', other groups' causes, the Pods' warnings.
  const secondary: Finding[] = [];
  const keyOf = (f: Finding): string => `${f.rule}\u0000${f.message}`;
  // The lead is said once: a Pod's copy of it (the same rule and words, as a warning) is not "also found".
  const seen = new Set<string>(lead ? [keyOf(lead)] : []);
  const add = (f: Finding | undefined): void => {
    if (!f || f === lead) return;
    const key = keyOf(f);
    if (seen.has(key)) return;
    seen.add(key);
    secondary.push(f);
  };
  for (const f of ownFindings) add(f);
  for (const d of services) for (const f of d.findings) add(f);
  for (const g of groups) if (g !== leadGroup && g.status !== 'healthy') add(g.example.findings[0]);
  const warnedRules = new Set<string>();
  for (const d of pods) {
    for (const f of d.findings) {
      // One warning per rule across replicas: "3 Pods restart often" is one line, not three.
      if (f.severity !== 'warning' || f === lead || warnedRules.has(f.rule)) continue;
      warnedRules.add(f.rule);
      add(f);
    }
  }
  const warnings = [lead, ...secondary].filter((f) => f?.severity === 'warning').length;
  if (status === 'healthy') summary = total === 0 ? t.workload.nothingFailing({ warnings }) : t.workload.allHealthy({ total, warnings });
  const findings = lead ? [lead, ...secondary] : secondary;
  const notes = [...new Set([...(own?.notes ?? []), ...pods.flatMap((d) => d.notes), ...services.flatMap((d) => d.notes)])];
  // What suppressions kept out of the workload's own verdict stays on it (the Pods carry their own).
  return workloadDiagnosis(ref, { status, stage, stages: workloadStages(status, stage, total), summary, findings, ...(own?.suppressed?.length ? { suppressed: own.suppressed } : {}), notes }, t);
}

/**
 * The stage strip of a workload. A stage counts as passed only when a Pod went through it: with no Pods (a
 * Service that selects nothing, a Deployment scaled to 0) the stages before the verdict's are unknown, not passed.
 */
function workloadStages(status: DiagnosisStatus, stage: Stage | null, pods: number): Diagnosis['stages'] {
  const states = stageStates(STAGES, status, stage);
  if (pods > 0) return states;
  return states.map((s) => (s.state === 'passed' ? { ...s, state: 'unknown' } : s));
}
