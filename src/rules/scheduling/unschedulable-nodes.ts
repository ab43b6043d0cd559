import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'scheduling/unschedulable-nodes',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'transient',
  title: 'Nodes are cordoned (marked unschedulable)',
  docs: {
    description:
      'Nodes have `spec.unschedulable: true` (cordoned, usually by `kubectl cordon` or `kubectl drain` during maintenance) and take no new Pods (`node(s) were unschedulable`); or nodes report no conditions at all (`node(s) had unknown conditions`).',
    causes: ['a drain or upgrade in progress, or one that stopped half-way and left nodes cordoned', 'an automation (node problem detector, autoscaler scale-down) cordoned the node', 'a node that registered but whose kubelet never reported status'],
    fix: ['List cordoned nodes: kubectl get nodes (STATUS shows SchedulingDisabled)', 'When the maintenance is over: kubectl uncordon NODE', 'Or add schedulable nodes'],
    links: ['https://kubernetes.io/docs/concepts/architecture/nodes/#manual-node-administration'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f) return [];
    const mine = reasonsIn(f, ['node-unschedulable', 'node-unknown-conditions']);
    if (mine.length === 0) return [];
    const evidence: Evidence[] = copyEvidence(f.evidence);
    const cordoned = cluster.nodes.filter((n) => n.spec?.unschedulable === true).map((n) => n.metadata?.name ?? '');
    for (const name of cordoned.slice(0, 5)) evidence.push(fieldEvidence('node', `node/${name}.spec.unschedulable`, true));
    const t = ruleMessages(options.lang);
    const cord = mine.find((r) => r.category === 'node-unschedulable');
    const unknown = mine.find((r) => r.category === 'node-unknown-conditions');
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    return [
      finding(rule, {
        message: t.unschedulableNodes.message({
          ...(cord ? { cordoned: { nodes: nodesPhrase(f, cord.count, t), count: cord.count, names: cordoned } } : {}),
          ...(unknown ? { unknown: { nodes: nodesPhrase(f, unknown.count, t), count: unknown.count } } : {}),
          tail: schedulingTail(f, sev, t, mine),
        }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation: t.unschedulableNodes.fix({ cordoned, unknown: unknown !== undefined }),
      }),
    ];
  },
};

export default rule;
