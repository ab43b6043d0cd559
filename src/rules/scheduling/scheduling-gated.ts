import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { awaitingScheduling } from '../helpers/scheduler-message.js';
import { formatAge, parseTime } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

// Decision: always a warning. A gate is put there on purpose (a queue, a quota manager) and lifted by
// its controller; kdiag cannot know whether waiting is expected, so the Pod stays `progressing` (a CI
// gate times out with this message) instead of being declared failed. Past stuckMs the message says so.
const rule: PodRule = {
  id: 'scheduling/scheduling-gated',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'warning',
  failureClass: 'transient',
  title: 'The Pod is held back by scheduling gates',
  docs: {
    description:
      'The Pod has `spec.schedulingGates` (condition PodScheduled=False, reason `SchedulingGated`: `Scheduling is blocked due to non-empty scheduling gates`). The scheduler ignores it until every gate is removed, normally by the controller that added it (a job queue or quota manager). Always a warning: waiting may be intended.',
    causes: ['a queueing or quota controller (e.g. Kueue) has not admitted the workload yet', 'the controller that owns the gate is not running, so nobody removes it', 'a gate added by hand or by a mutating webhook and forgotten'],
    fix: [
      'See the gates: kubectl get pod POD -o jsonpath="{.spec.schedulingGates}"',
      'Check the controller that owns the gate (its name usually says which one) and why it has not admitted the Pod',
      'Remove the gates by hand only if no controller owns them: kubectl patch pod POD --type=json -p \'[{"op":"remove","path":"/spec/schedulingGates"}]\'',
    ],
    links: ['https://kubernetes.io/docs/concepts/scheduling-eviction/pod-scheduling-readiness/'],
  },
  triggers: { unscheduled: true },
  match({ pod, now, options }) {
    if (!awaitingScheduling(pod)) return [];
    const gates = (Array.isArray(pod.pod.spec?.schedulingGates) ? pod.pod.spec.schedulingGates : []).map((g) => g?.name ?? '').filter(Boolean);
    const cond = pod.conditions.PodScheduled;
    const gatedCondition = cond?.status === 'False' && cond.reason === 'SchedulingGated';
    if (gates.length === 0 && !gatedCondition) return [];
    const evidence: Evidence[] = [];
    if (gatedCondition) evidence.push(fieldEvidence('pod', 'status.conditions[type=PodScheduled].reason', cond.reason), fieldEvidence('pod', 'status.conditions[type=PodScheduled].message', cond.message ?? ''));
    if (gates.length) evidence.push(fieldEvidence('pod', 'spec.schedulingGates', pod.pod.spec?.schedulingGates));
    const since = (gatedCondition ? parseTime(cond.lastTransitionTime) : undefined) ?? pod.createdAt;
    const age = since === undefined ? undefined : now - since;
    const t = ruleMessages(options.lang).schedulingGated;
    const long = age !== undefined && age >= options.stuckMs ? { long: formatAge(options.stuckMs) } : {};
    return [
      finding(rule, {
        message: t.message({ gates, ...(age !== undefined ? { age: formatAge(age) } : {}), ...long }),
        evidence,
        remediation: t.fix({ pod: pod.name, namespace: pod.namespace }),
      }),
    ];
  },
};

export default rule;
