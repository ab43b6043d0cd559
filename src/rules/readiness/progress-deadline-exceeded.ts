import type { PodFacts } from '../../model/facts.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { currentCreateFailures } from '../helpers/failed-create.js';
import { finding } from '../helpers/finding.js';
import type { Evidence, WorkloadRule } from '../types.js';

const SHOWN_PODS = 3;

/** `Pending: unschedulable`, `CrashLoopBackOff`, `Running, not Ready` — one Pod's state in a few words. */
function podState(p: PodFacts): string {
  if (p.deletingSince !== undefined) return 'Terminating';
  if (!p.nodeName && p.conditions.PodScheduled?.status === 'False') return `Pending: ${p.conditions.PodScheduled.reason === 'SchedulingGated' ? 'scheduling gated' : 'unschedulable'}`;
  const waiting = p.containers.find((c) => c.waiting && c.waiting.reason && c.kind !== 'ephemeral');
  if (waiting) return waiting.waiting!.reason;
  if (p.phase === 'Running') return 'Running, not Ready';
  return p.phase || 'unknown';
}

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
  match({ workload: w, now }) {
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
    const head = `Deployment "${w.name}" exceeded its progress deadline (${deadline}s)${cond.message ? `: ${cond.message.replace(/\.$/, '')}` : ''}`;
    const creates = currentCreateFailures(w, now);
    const active = w.pods.filter((p) => p.phase !== 'Succeeded' && p.phase !== 'Failed');
    const notReady = active.filter((p) => !(p.phase === 'Running' && p.conditions.Ready?.status === 'True'));
    const remediation = [`See the rollout: kubectl rollout status deploy/${w.name} -n ${w.namespace}`];
    let message: string;
    if (creates.length > 0) {
      message = `${head}, because its ReplicaSet cannot create Pods (see the FailedCreate finding).`;
    } else if (notReady.length > 0) {
      const shown = notReady.slice(0, SHOWN_PODS).map((p) => `${p.name} (${podState(p)})`);
      message = `${head}: ${notReady.length} of ${active.length} Pods are not Ready: ${shown.join(', ')}${notReady.length > SHOWN_PODS ? ', …' : ''}. Diagnose them: kdiag pod ${notReady[0]!.name} -n ${w.namespace}.`;
      remediation.push(`Diagnose a stuck Pod: kdiag pod ${notReady[0]!.name} -n ${w.namespace}`);
    } else {
      message = `${head}; ${s.updatedReplicas ?? 0} of ${want} replicas are updated and ${s.availableReplicas ?? 0} available (the Pods are not in the input: diagnose them with kdiag pod deploy/${w.name} -n ${w.namespace}).`;
      remediation.push(`Diagnose the Deployment's Pods: kdiag pod deploy/${w.name} -n ${w.namespace}`);
    }
    remediation.push(`If the new version is broken, roll back: kubectl rollout undo deploy/${w.name} -n ${w.namespace}`);
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
