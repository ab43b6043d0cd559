import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { labelSelectorRef, nodeLabels, type LabelSelector } from '../helpers/node-affinity.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, templateOf } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

interface SpreadConstraint {
  maxSkew?: number;
  topologyKey?: string;
  whenUnsatisfiable?: string;
  labelSelector?: LabelSelector;
  minDomains?: number;
}

const rule: PodRule = {
  id: 'scheduling/topology-spread',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'transient',
  title: 'Topology spread constraints leave no node',
  docs: {
    description:
      'A `DoNotSchedule` topology spread constraint would be violated on every candidate node (`node(s) didn\'t match pod topology spread constraints`), or nodes lack the constraint\'s topologyKey label (`... (missing required label)`).',
    causes: [
      'the Pods are already spread to maxSkew and the only domains with room are the ones that would exceed it',
      'nodes without the topologyKey label (e.g. topology.kubernetes.io/zone on bare-metal or kind nodes)',
      'a domain (zone) that has no schedulable node left, or nodes excluded by the Pod\'s own node affinity',
    ],
    fix: [
      'Read the constraints: kubectl get pod POD -o jsonpath="{.spec.topologySpreadConstraints}"',
      'Label the nodes with the topologyKey, or use whenUnsatisfiable: ScheduleAnyway',
      'Add capacity in the domain that has the fewest matching Pods, or raise maxSkew',
    ],
    links: ['https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f) return [];
    const mine = reasonsIn(f, ['topology-spread']);
    if (mine.length === 0) return [];
    const count = mine.reduce((m, r) => Math.max(m, r.count), 0);
    const all = Array.isArray(pod.pod.spec?.topologySpreadConstraints) ? (pod.pod.spec.topologySpreadConstraints as SpreadConstraint[]) : [];
    const hard = all.filter((c) => c && (c.whenUnsatisfiable ?? 'DoNotSchedule') === 'DoNotSchedule');
    const evidence: Evidence[] = copyEvidence(f.evidence);
    if (hard.length) evidence.push(fieldEvidence('pod', 'spec.topologySpreadConstraints', hard));
    const constraints = hard.map((c) => ({ maxSkew: c.maxSkew ?? 1, key: c.topologyKey ?? '?', selector: labelSelectorRef(c.labelSelector), ...(c.minDomains ? { minDomains: c.minDomains } : {}) }));
    const missing = mine.some((r) => r.text.includes('missing required label'));
    let lacking: { node: string; key: string }[] = [];
    if (missing && cluster.nodes.length > 0) {
      const seen = new Set<string>();
      for (const c of hard)
        for (const n of cluster.nodes) {
          if (Object.hasOwn(nodeLabels(n), c.topologyKey ?? '')) continue;
          const node = n.metadata?.name ?? '';
          const key = `${node} has no ${c.topologyKey}`;
          if (!seen.has(key)) lacking.push({ node, key: String(c.topologyKey) });
          seen.add(key);
        }
      lacking = lacking.slice(0, 4);
    }
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const t = ruleMessages(options.lang);
    const keys = [...new Set(hard.map((c) => c.topologyKey).filter((k): k is string => !!k))];
    // `kubectl get pods -l` takes the first constraint's selector as an expression (none for an empty selector).
    const first = labelSelectorRef(hard[0]?.labelSelector);
    return [
      finding(rule, {
        message: t.topologySpread.message({ missing, nodes: nodesPhrase(f, count, t), constraints, lacking, tail: schedulingTail(f, sev, t, mine) }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation: t.topologySpread.fix({ missing, keys, namespace: pod.namespace, ...(first.kind === 'expr' ? { selector: first.text } : {}), template: templateOf(pod, t) }),
      }),
    ];
  },
};

export default rule;
