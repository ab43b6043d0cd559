import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail } from '../helpers/scheduler-message.js';
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
    const parts: string[] = [];
    const cord = mine.find((r) => r.category === 'node-unschedulable');
    if (cord) parts.push(`${nodesPhrase(f, cord.count)} ${cord.count === 1 ? 'is' : 'are'} cordoned${cordoned.length ? ` (${cordoned.join(', ')})` : ''}`);
    const unknown = mine.find((r) => r.category === 'node-unknown-conditions');
    if (unknown) parts.push(`${nodesPhrase(f, unknown.count)} report${unknown.count === 1 ? 's' : ''} no conditions (the kubelet never posted its status)`);
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const tailText = schedulingTail(f, sev);
    const remediation = [
      'List the nodes: kubectl get nodes (cordoned ones show SchedulingDisabled)',
      cordoned.length ? `If the maintenance is over, allow Pods again: ${cordoned.slice(0, 3).map((n) => `kubectl uncordon ${n}`).join('; ')}` : 'If the maintenance is over, allow Pods again: kubectl uncordon NODE',
      'Otherwise add schedulable nodes',
    ];
    if (unknown) remediation.push('For nodes with no conditions: kubectl describe node NODE, and check that its kubelet runs and reaches the API server');
    return [
      finding(rule, {
        message: `${parts.join('; ')}.${tailText ? ` ${tailText}` : ''}`.replace(/^./, (c) => c.toUpperCase()),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation,
      }),
    ];
  },
};

export default rule;
