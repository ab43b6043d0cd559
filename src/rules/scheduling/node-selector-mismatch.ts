import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { describeNodeSelectorTerm, nodeConstraintMismatch, pinnedNodeName, podNodeConstraints } from '../helpers/node-affinity.js';
import { confidenceFor, isContextReason, nodeAffinityExclusions, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, templateOf } from '../helpers/scheduler-message.js';
import { enRules } from '../messages/en.js';
import type { Evidence, PodRule } from '../types.js';

const SHOWN_NODES = 4;

const rule: PodRule = {
  id: 'scheduling/node-selector-mismatch',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'No node matches the Pod\'s nodeSelector or required node affinity',
  docs: {
    description:
      'The Pod\'s `nodeSelector` or `requiredDuringSchedulingIgnoredDuringExecution` node affinity excludes the nodes (`node(s) didn\'t match Pod\'s node affinity/selector`). kdiag shows the selector and, per node, the label that differs.',
    causes: [
      'a label that no node carries (a typo, or the label was never applied, e.g. `disktype=ssd`)',
      'the matching nodes are full, tainted or cordoned, so only non-matching nodes are left',
      'a zone or instance-type constraint with no node of that kind (and no autoscaler node group for it)',
    ],
    fix: [
      'Show the labels the selector uses: kubectl get nodes -L KEY1,KEY2',
      'Label the node that should run the Pod: kubectl label node NODE KEY=VALUE',
      'Or correct the selector / affinity in the workload\'s Pod template',
    ],
    links: ['https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f) return [];
    // A DaemonSet Pod is pinned to one node: the other nodes' mismatch is by design (context).
    const direct = reasonsIn(f, ['node-affinity']).filter((r) => !isContextReason(r, pod, f));
    const mine = direct.length > 0 ? direct : nodeAffinityExclusions(pod, f);
    if (mine.length === 0) return [];
    const count = mine.reduce((m, r) => Math.max(m, r.count), 0);
    const { selector, terms } = podNodeConstraints(pod.pod);
    const evidence: Evidence[] = copyEvidence(f.evidence);
    if (Object.keys(selector).length > 0) evidence.push(fieldEvidence('pod', 'spec.nodeSelector', selector));
    if (terms.length > 0) evidence.push(fieldEvidence('pod', 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms', terms));
    const wants = [
      ...(Object.keys(selector).length > 0 ? [`nodeSelector ${Object.entries(selector).map(([k, v]) => `${k}=${v}`).join(',')}`] : []),
      ...(terms.length > 0 ? [`required node affinity ${terms.map(describeNodeSelectorTerm).join(' OR ')}`] : []),
    ];
    const pinned = pinnedNodeName(pod.pod);
    const differences = cluster.nodes.map((n) => nodeConstraintMismatch(n, pod.pod)).filter((d): d is string => d !== undefined);
    const matching = cluster.nodes.filter((n) => nodeConstraintMismatch(n, pod.pod) === undefined).map((n) => n.metadata?.name ?? '');
    let detail = '';
    if (pinned && !cluster.nodes.some((n) => n.metadata?.name === pinned) && cluster.nodes.length > 0) detail = ` The DaemonSet Pod is pinned to node "${pinned}", which is not in the cluster any more.`;
    else if (differences.length > 0) {
      detail = ` ${differences.slice(0, SHOWN_NODES).join('; ')}${differences.length > SHOWN_NODES ? `; and ${differences.length - SHOWN_NODES} more` : ''}.`;
      if (matching.length > 0) detail += ` Matching node${matching.length === 1 ? '' : 's'} ${matching.join(', ')} failed for other reasons.`;
    }
    const keys = [...new Set([...Object.keys(selector), ...terms.flatMap((t) => (Array.isArray(t.matchExpressions) ? t.matchExpressions.map((e) => e.key ?? '') : []))])].filter(Boolean);
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const tailText = schedulingTail(f, sev, enRules);
    const first = Object.entries(selector)[0];
    return [
      finding(rule, {
        message: `The Pod's ${wants.join(' and ') || 'node affinity'} excludes ${nodesPhrase(f, count, enRules)}.${detail}${tailText}`,
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: direct.length > 0 ? confidenceFor(pod, f, mine, cluster.nodes) : f.fromCondition ? 'high' : 'medium',
        evidence,
        remediation: [
          `Show the labels the Pod selects on: kubectl get nodes${keys.length ? ` -L ${keys.join(',')}` : ' --show-labels'}`,
          first ? `Label the node that should run it: kubectl label node NODE ${first[0]}=${first[1]}` : 'Label the node that should run it so it satisfies the affinity term: kubectl label node NODE KEY=VALUE',
          `Or correct the nodeSelector / node affinity in ${templateOf(pod, enRules)}`,
        ],
      }),
    ];
  },
};

export default rule;
