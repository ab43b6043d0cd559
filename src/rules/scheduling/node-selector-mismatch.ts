import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { nodeConstraintMismatch, nodeSelectorTermRef, pinnedNodeName, podNodeConstraints } from '../helpers/node-affinity.js';
import { confidenceFor, isContextReason, nodeAffinityExclusions, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, templateOf } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { NodeMismatch } from '../messages/scheduling.js';
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
    const pinned = pinnedNodeName(pod.pod);
    const mismatches = cluster.nodes.map((n) => nodeConstraintMismatch(n, pod.pod)).filter((d): d is NodeMismatch => d !== undefined);
    const matching = cluster.nodes.filter((n) => nodeConstraintMismatch(n, pod.pod) === undefined).map((n) => n.metadata?.name ?? '');
    const pinnedGone = pinned && !cluster.nodes.some((n) => n.metadata?.name === pinned) && cluster.nodes.length > 0 ? pinned : undefined;
    const keys = [...new Set([...Object.keys(selector), ...terms.flatMap((term) => (Array.isArray(term.matchExpressions) ? term.matchExpressions.map((e) => e.key ?? '') : []))])].filter(Boolean);
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const t = ruleMessages(options.lang);
    const first = Object.entries(selector)[0];
    return [
      finding(rule, {
        message: t.nodeSelectorMismatch.message({
          ...(Object.keys(selector).length > 0 ? { selector: Object.entries(selector).map(([k, v]) => `${k}=${v}`).join(',') } : {}),
          terms: terms.map(nodeSelectorTermRef),
          nodes: nodesPhrase(f, count, t),
          ...(pinnedGone !== undefined ? { pinnedGone } : {}),
          mismatches: mismatches.slice(0, SHOWN_NODES),
          more: Math.max(0, mismatches.length - SHOWN_NODES),
          matching,
          tail: schedulingTail(f, sev, t, mine),
        }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: direct.length > 0 ? confidenceFor(pod, f, mine, cluster.nodes) : f.fromCondition ? 'high' : 'medium',
        evidence,
        remediation: t.nodeSelectorMismatch.fix({ keys, ...(first ? { first: { key: first[0], value: `${first[1]}` } } : {}), template: templateOf(pod, t) }),
      }),
    ];
  },
};

export default rule;
