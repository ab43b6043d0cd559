import type { PodFacts } from '../../model/facts.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { currentCreateFailures } from '../helpers/failed-create.js';
import { finding } from '../helpers/finding.js';
import type { Evidence, WorkloadRule } from '../types.js';
import { ruleMessages } from '../messages/index.js';
import type { PodStateRef } from '../messages/readiness.js';

const SHOWN_PODS = 3;

/** `Pending: unschedulable`, `CrashLoopBackOff`, `Running, not Ready` — one Pod's state in a few words. */
function podState(p: PodFacts): PodStateRef {
  if (p.deletingSince !== undefined) return { kind: 'terminating' };
  if (!p.nodeName && p.conditions.PodScheduled?.status === 'False') return { kind: 'unschedulable', gated: p.conditions.PodScheduled.reason === 'SchedulingGated' };
  const waiting = p.containers.find((c) => c.waiting && c.waiting.reason && c.kind !== 'ephemeral');
  if (waiting) return { kind: 'waiting', reason: waiting.waiting!.reason };
  if (p.phase === 'Running') return { kind: 'not-ready' };
  return { kind: 'phase', phase: p.phase };
}

// The deployment controller's own wording (deployment/util: NewRSNewReplicas... "ReplicaSet %q has timed out progressing.").
const TIMED_OUT = /^ReplicaSet "([^"]+)" has timed out progressing$/;

const rule: WorkloadRule = {
  id: 'readiness/progress-deadline-exceeded',
  scope: 'workload',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The Deployment rollout exceeded its progress deadline',
  docs: {
    description:
      'The Deployment has not made progress for `progressDeadlineSeconds` (600s by default): condition Progressing=False, reason `ProgressDeadlineExceeded` (`ReplicaSet "x" has timed out progressing.`). The rollout is stuck; the cause is either in creating Pods (see the FailedCreate findings) or in the new Pods themselves (diagnose them).',
    causes: ['the new ReplicaSet cannot create Pods (quota, Pod Security, webhooks)', 'the new Pods never become Ready: unschedulable, image pull errors, crashes, failing readiness probes'],
    fix: [
      'See the rollout: kubectl rollout status deploy/NAME -n NAMESPACE',
      'Diagnose one of the new Pods: kdiag pod POD -n NAMESPACE',
      'Roll back if the new version is broken: kubectl rollout undo deploy/NAME -n NAMESPACE',
    ],
    links: ['https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#failed-deployment'],
  },
  match({ workload: w, now, options }) {
    if (w.kind !== 'Deployment') return [];
    const cond = w.conditions.Progressing;
    if (cond?.status !== 'False' || cond.reason !== 'ProgressDeadlineExceeded') return [];
    // A spec change the controller has not seen yet starts a new rollout and resets the condition.
    const generation = w.object.metadata?.generation;
    const observed = w.object.status?.observedGeneration;
    if (typeof generation === 'number' && typeof observed === 'number' && observed < generation) return [];
    const evidence: Evidence[] = [fieldEvidence('workload', `deployment/${w.name}.status.conditions[type=Progressing].reason`, cond.reason), fieldEvidence('workload', `deployment/${w.name}.status.conditions[type=Progressing].message`, cond.message ?? '')];
    const s = w.object.status ?? {};
    const want = typeof w.object.spec?.replicas === 'number' ? w.object.spec.replicas : 1;
    evidence.push(fieldEvidence('workload', `deployment/${w.name}.status`, { replicas: s.replicas ?? 0, updatedReplicas: s.updatedReplicas ?? 0, readyReplicas: s.readyReplicas ?? 0, availableReplicas: s.availableReplicas ?? 0 }));
    const deadline = typeof w.object.spec?.progressDeadlineSeconds === 'number' ? w.object.spec.progressDeadlineSeconds : 600;
    const text = cond.message ? cond.message.replace(/\.$/, '') : '';
    const rs = TIMED_OUT.exec(text)?.[1];
    const condition = rs !== undefined ? ({ kind: 'timed-out', replicaSet: rs } as const) : text ? ({ kind: 'message', message: text } as const) : ({ kind: 'none' } as const);
    const t = ruleMessages(options.lang).progressDeadlineExceeded;
    const base = { name: w.name, namespace: w.namespace, deadline, condition };
    // Revision 1 has no earlier revision: `kubectl rollout undo` would answer "no rollout history found".
    const firstRevision = (w.object.metadata?.annotations as Record<string, unknown> | undefined)?.['deployment.kubernetes.io/revision'] === '1';
    const creates = currentCreateFailures(w, now);
    const active = w.pods.filter((p) => p.phase !== 'Succeeded' && p.phase !== 'Failed');
    const notReady = active.filter((p) => !(p.phase === 'Running' && p.conditions.Ready?.status === 'True'));
    let message: string;
    let remediation: string[];
    if (creates.length > 0) {
      message = t.message({ ...base, why: { kind: 'create' } });
      remediation = t.fix({ name: w.name, namespace: w.namespace, firstRevision });
    } else if (notReady.length > 0) {
      const pods = notReady.slice(0, SHOWN_PODS).map((p) => ({ name: p.name, state: podState(p) }));
      message = t.message({ ...base, why: { kind: 'not-ready', notReady: notReady.length, active: active.length, pods, more: notReady.length > SHOWN_PODS } });
      remediation = t.fix({ name: w.name, namespace: w.namespace, diagnose: { kind: 'pod', pod: notReady[0]!.name }, firstRevision });
    } else {
      message = t.message({ ...base, why: { kind: 'not-in-input', updated: s.updatedReplicas ?? 0, want, available: s.availableReplicas ?? 0 } });
      remediation = t.fix({ name: w.name, namespace: w.namespace, diagnose: { kind: 'deployment' }, firstRevision });
    }
    return [
      finding(rule, {
        message,
        evidence,
        remediation,
        // The FailedCreate finding is the root cause when there is one; this one must sort after it.
        confidence: creates.length > 0 ? 'low' : 'high',
      }),
    ];
  },
};

export default rule;
