import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'kubelet/preempted',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'warning',
  failureClass: 'deterministic',
  title: 'The Pod was preempted to make room for a higher-priority Pod',
  docs: {
    description:
      'Either the scheduler chose this Pod as a preemption victim (event Preempted "Preempted by pod <uid> on node <node>", condition DisruptionTarget=True reason PreemptionByScheduler) and is deleting it — a warning, because the Pod is going away by design and its controller recreates it — or the kubelet killed it to admit a critical Pod (status.reason Preempting, phase Failed) — an error, because this Pod is finished for good.',
    causes: [
      'a Pod with a higher priorityClass needed the room and this Pod had a lower priority',
      'the cluster runs close to full, so every new high-priority Pod evicts lower-priority ones',
      'kubelet preemption: a static or system-critical Pod needed resources on the node',
    ],
    fix: [
      'kubectl get pod POD -n NS -o jsonpath="{.spec.priorityClassName} {.spec.priority}"; kubectl get priorityclass',
      'Give important workloads a higher priorityClassName, and add capacity (or a cluster autoscaler) so preemption is rare',
      'Check the replacement Pod: it may now be Pending for lack of room',
    ],
    links: ['https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/'],
  },
  match({ pod, now, options }) {
    const evidence: Evidence[] = [];
    const t = ruleMessages(options.lang);
    const owner = pod.owner.ref ? { owner: pod.owner.ref } : {};
    if (pod.reason === 'Preempting') {
      evidence.push(fieldEvidence('pod', 'status.reason', pod.reason));
      if (pod.message) evidence.push(fieldEvidence('pod', 'status.message', pod.message));
      const event = latestEvent(pod.events, 'Preempting');
      if (event) evidence.push(eventEvidence(event, now));
      return [
        finding(rule, {
          severity: pod.phase === 'Failed' ? 'error' : 'warning',
          message: t.preempted.byKubelet({ node: pod.nodeName, replacement: t.replacement(owner) }),
          evidence,
          remediation: t.preempted.byKubeletFix({ node: pod.nodeName, pod: pod.name, namespace: pod.namespace }),
        }),
      ];
    }
    const target = pod.conditions.DisruptionTarget;
    const byScheduler = target?.status === 'True' && target.reason === 'PreemptionByScheduler';
    // Neither marked nor being deleted: nothing the events could add (see below).
    if (!byScheduler && pod.deletingSince === undefined) return [];
    const event = latestEvent(pod.events, 'Preempted', (e) => /^Preempted by (pod|podgroup) /.test(e.message));
    // A Preempted event on a Pod that is neither being deleted nor marked as a disruption target is history.
    if (!byScheduler && !(event && pod.deletingSince !== undefined)) return [];
    if (pod.phase === 'Succeeded') return [];
    if (target && byScheduler) evidence.push(fieldEvidence('pod', 'status.conditions[type=DisruptionTarget]', `${target.reason}: ${target.message ?? ''}`));
    if (event) evidence.push(eventEvidence(event, now));
    if (pod.deletingSince !== undefined) evidence.push(fieldEvidence('pod', 'metadata.deletionTimestamp', pod.pod.metadata?.deletionTimestamp));
    const by = event ? /^Preempted by (?:pod|podgroup) (\S+) on node (\S+)/.exec(event.message) : null;
    return [
      finding(rule, {
        message: t.preempted.byScheduler({ ...(by ? { preemptor: { uid: by[1]!, node: by[2]! } } : {}), ...owner }),
        evidence,
        remediation: t.preempted.bySchedulerFix({ pod: pod.name, namespace: pod.namespace }),
        confidence: byScheduler ? 'high' : 'medium',
      }),
    ];
  },
};

export default rule;
