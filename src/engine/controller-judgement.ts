import type { Messages } from '../i18n/messages.js';
import type { PodFacts } from '../model/facts.js';
import type { KObject } from '../model/k8s.js';
import { formatAge, formatDuration, parseTime } from '../model/time.js';
import type { Finding } from '../rules/types.js';
import type { Diagnosis } from './diagnosis.js';
import { rolloutState } from './rollout.js';
import { warmUp } from './warm-up.js';

const asWarnings = (findings: readonly Finding[]): Finding[] => findings.map((f) => (f.severity === 'error' ? { ...f, severity: 'warning' as const } : f));

/**
 * Where a Pod's controller has the last word, the Pod's verdict follows it, so `pod NAME`, `pod WORKLOAD`,
 * `scan` and `gate` judge alike: a Pod that failed in a Job that then succeeded is history, not a failure;
 * a Pod not yet Ready while its Deployment rolls out within progressDeadlineSeconds is still progressing;
 * so is a StatefulSet's or DaemonSet's Pod that is starting normally within the time its own probes allow
 * for start-up (they have no progress deadline: warm-up.ts says why that bound).
 */
export function judgedByController(facts: PodFacts, d: Diagnosis, now: number, t: Messages): Diagnosis {
  if (d.status !== 'failing') return d;
  const job = facts.owner.job;
  if (job && rolloutState('Job', job).done) {
    return { ...d, status: 'healthy', stage: null, stageOwner: null, stages: d.stages.map((s) => ({ ...s, state: 'passed' })), findings: asWarnings(d.findings), summary: t.summary.supersededByJob({ job: job.metadata?.name ?? '', progress: rolloutState('Job', job).progress }) };
  }
  const deployment = facts.owner.deployment;
  if (deployment && d.stage === 'readiness' && rollingOutWithinDeadline(deployment, now)) {
    const age = facts.createdAt !== undefined ? formatAge(now - facts.createdAt) : undefined;
    return { ...d, status: 'progressing', findings: asWarnings(d.findings), summary: t.summary.stillProgressing({ ...(age ? { age } : {}), message: d.findings[0]?.message ?? d.summary }) };
  }
  const workload = facts.owner.statefulSet ? { kind: 'StatefulSet' as const, object: facts.owner.statefulSet } : facts.owner.daemonSet ? { kind: 'DaemonSet' as const, object: facts.owner.daemonSet } : undefined;
  if (workload && d.stage === 'readiness' && !rolloutState(workload.kind, workload.object).done) {
    const bound = warmUp(facts, d.findings);
    if (bound && now < bound.until) {
      const age = facts.createdAt !== undefined ? formatAge(now - facts.createdAt) : undefined;
      const window = formatDuration(bound.windowMs);
      return { ...d, status: 'progressing', findings: asWarnings(d.findings), summary: t.summary.warmingUp({ kind: workload.kind, workload: workload.object.metadata?.name ?? '', ...(age ? { age } : {}), window, message: d.findings[0]?.message ?? d.summary }) };
    }
  }
  return d;
}

/** A Deployment whose rollout is under way (Progressing=True, not yet NewReplicaSetAvailable) and whose progress deadline has not passed. */
function rollingOutWithinDeadline(deployment: KObject, now: number): boolean {
  const state = rolloutState('Deployment', deployment);
  if (state.done || state.failed) return false;
  const conds: Array<{ type?: string; status?: string; reason?: string; lastUpdateTime?: string }> = Array.isArray(deployment.status?.conditions) ? deployment.status.conditions : [];
  const progressing = conds.find((c) => c?.type === 'Progressing');
  if (progressing?.status !== 'True' || progressing.reason === 'NewReplicaSetAvailable') return false;
  const since = parseTime(progressing.lastUpdateTime);
  const deadline = typeof deployment.spec?.progressDeadlineSeconds === 'number' ? deployment.spec.progressDeadlineSeconds : 600;
  return since !== undefined && now - since <= deadline * 1000;
}
