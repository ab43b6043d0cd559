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
    const what = unmet.map((g) => (g.condition ? `"${g.type}" is ${g.condition.status ?? 'unknown'}${g.condition.reason ? ` (${g.condition.reason})` : ''}` : `"${g.type}" has no condition on the Pod`)).join(', ');
    return [
      finding(rule, {
        severity: early ? 'warning' : 'error',
        message: `The Pod's containers are ready, but readiness gate ${what}${since !== undefined ? `, for ${formatAge(now - since)}` : ''}: the controller that owns ${unmet.length > 1 ? 'these conditions' : 'that condition'} has not marked it True.`,
        evidence,
        remediation: [
          `Check the conditions: kubectl get pod -n ${pod.namespace} ${pod.name} -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}{"\\n"}{end}'`,
          `Find the controller that sets ${unmet.map((g) => `"${g.type}"`).join(', ')} (by its prefix) and check that it runs and can patch Pod status; read its logs.`,
          'If the gate is misspelled or no longer used, fix or remove it from the Pod template.',
        ],
      }),
    ];
  },
};

export default rule;
