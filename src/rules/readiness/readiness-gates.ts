import { ruleMessages } from '../messages/index.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { asList } from '../helpers/probes.js';
import { formatAge, parseTime } from '../helpers/time.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'readiness/readiness-gates',
  scope: 'pod',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'transient',
  title: 'Readiness gate not satisfied',
  docs: {
    description:
      'The Pod\'s containers are ready, but a readiness gate (spec.readinessGates) is not: its condition is missing (`corresponding condition of pod readiness gate "<type>" does not exist.`) or not True (`the status of pod readiness gate "<type>" is not "True", but False`). An external controller (a load-balancer controller, a service mesh, a rollout tool) owns that condition.',
    causes: [
      'the controller that sets the condition is not installed, not running, or lacks permission to patch Pod status',
      'the controller is still waiting (for example a load-balancer target becoming healthy)',
      'the gate name is misspelled in the Pod template',
    ],
    fix: [
      'Find which controller owns the condition type and check its logs',
      'Check the condition: kubectl get pod POD -o jsonpath=\'{.status.conditions}\'',
    ],
    links: ['https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-readiness-gate'],
  },
  triggers: { phase: ['Running'] },
  match({ pod, now, options }) {
    if (pod.phase !== 'Running' || pod.deletingSince !== undefined) return [];
    const declared = pod.pod.spec?.readinessGates;
    if (!Array.isArray(declared) || declared.length === 0) return [];
    const gates = asList<{ conditionType?: string }>(pod.pod.spec?.readinessGates).map((g) => (typeof g.conditionType === 'string' ? g.conditionType : '')).filter(Boolean);
    if (gates.length === 0) return [];
    const ready = pod.conditions.Ready;
    if (ready?.status === 'True') return [];
    // Containers come first: until they are ready, the kubelet reports ContainersNotReady, not the gates.
    if (pod.conditions.ContainersReady?.status !== 'True') return [];
    const unmet = gates
      .map((type) => ({ type, condition: pod.conditions[type] }))
      .filter((g) => g.condition?.status !== 'True');
    if (unmet.length === 0) return [];
    const since = parseTime(ready?.lastTransitionTime) ?? parseTime(pod.conditions.ContainersReady?.lastTransitionTime);
    const early = since !== undefined && now - since < options.stuckMs;
    const evidence: Evidence[] = [];
    if (ready) {
      evidence.push(fieldEvidence('pod', 'status.conditions[type=Ready].status', ready.status ?? ''));
      if (ready.reason) evidence.push(fieldEvidence('pod', 'status.conditions[type=Ready].reason', ready.reason));
      if (ready.message) evidence.push(fieldEvidence('pod', 'status.conditions[type=Ready].message', ready.message));
    }
    evidence.push(fieldEvidence('pod', 'spec.readinessGates', pod.pod.spec?.readinessGates ?? []));
    for (const g of unmet) if (g.condition) evidence.push(fieldEvidence('pod', `status.conditions[type=${g.type}]`, g.condition));
    const t = ruleMessages(options.lang).readinessGates;
    const states = unmet.map((g) => (g.condition ? { type: g.type, status: g.condition.status ?? 'unknown', ...(g.condition.reason ? { reason: g.condition.reason } : {}) } : { type: g.type }));
    return [
      finding(rule, {
        severity: early ? 'warning' : 'error',
        message: t.message({ gates: states, ...(since !== undefined ? { age: formatAge(now - since) } : {}) }),
        evidence,
        remediation: t.fix({ namespace: pod.namespace, pod: pod.name, gates: unmet.map((g) => g.type) }),
      }),
    ];
  },
};

export default rule;
