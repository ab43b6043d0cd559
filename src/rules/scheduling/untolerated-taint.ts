import { enRules } from '../messages/en.js';
import type { Taint } from '../../model/k8s.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { describeTaint, untoleratedTaints } from '../helpers/node-affinity.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, templateOf } from '../helpers/scheduler-message.js';
import type { Evidence, PodRule } from '../types.js';

// Taints the control plane sets for a reason; tolerating them hides the real problem (k8s-messages.md §5.2).
const WELL_KNOWN: Record<string, string> = {
  'node.kubernetes.io/not-ready': 'the node is NotReady',
  'node.kubernetes.io/unreachable': 'the node is unreachable (its kubelet stopped reporting)',
  'node.kubernetes.io/memory-pressure': 'the node is under memory pressure',
  'node.kubernetes.io/disk-pressure': 'the node is under disk pressure',
  'node.kubernetes.io/pid-pressure': 'the node is under PID pressure',
  'node.kubernetes.io/network-unavailable': 'the node network is not configured',
  'node.kubernetes.io/unschedulable': 'the node is cordoned',
  'node.kubernetes.io/out-of-service': 'the node was marked out of service',
  'node-role.kubernetes.io/control-plane': 'a control-plane node, which takes no workloads by design',
  'node-role.kubernetes.io/master': 'a control-plane node, which takes no workloads by design',
  'node.cloudprovider.kubernetes.io/uninitialized': 'the cloud controller has not initialised the node yet',
  'node.cloudprovider.kubernetes.io/shutdown': 'the cloud provider reports the instance shut down',
};

const rule: PodRule = {
  id: 'scheduling/untolerated-taint',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Nodes carry taints the Pod does not tolerate',
  docs: {
    description:
      'Some or all nodes have NoSchedule/NoExecute taints and the Pod has no matching toleration (`node(s) had untolerated taint(s)`; ≤1.33 printed the taint: `node(s) had untolerated taint {key: value}`). kdiag names the taints by reading the nodes, since 1.35 (and late 1.34 patches) no longer print them.',
    causes: [
      'nodes dedicated to a team or workload (e.g. `dedicated=gpu:NoSchedule`) and the Pod lacks the toleration',
      'control-plane nodes (`node-role.kubernetes.io/control-plane`) are the only ones left',
      'a node-health taint (`node.kubernetes.io/not-ready`, `unreachable`, `disk-pressure`…): the real problem is the node',
    ],
    fix: [
      'List the taints: kubectl get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints',
      'For a dedicated node the Pod should use: add a toleration to the Pod template (spec.tolerations)',
      'For a taint set by mistake: kubectl taint node NODE KEY[=VALUE]:EFFECT-',
      'For a node-health taint: fix the node (kubectl describe node NODE); the node controller removes the taint when it recovers',
    ],
    links: ['https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f) return [];
    const mine = reasonsIn(f, ['taint']);
    if (mine.length === 0) return [];
    const count = mine.reduce((s, r) => s + r.count, 0);
    const evidence: Evidence[] = copyEvidence(f.evidence);
    // Taints read from the nodes (cordoned nodes are reported as unschedulable first, so skip them).
    const byTaint = new Map<string, { taint: Taint; nodes: string[] }>();
    for (const n of cluster.nodes) {
      if (n.spec?.unschedulable) continue;
      const name = n.metadata?.name ?? '';
      const taints = untoleratedTaints(n, pod.pod);
      if (taints.length > 0) evidence.push(fieldEvidence('node', `node/${name}.spec.taints`, taints));
      for (const t of taints) {
        const key = describeTaint(t);
        const entry = byTaint.get(key) ?? { taint: t, nodes: [] };
        entry.nodes.push(name);
        byTaint.set(key, entry);
      }
    }
    let named: string;
    let taintList: Taint[];
    if (byTaint.size > 0) {
      taintList = [...byTaint.values()].map((e) => e.taint);
      named = [...byTaint.entries()].map(([k, e]) => `${k} (${e.nodes.join(', ')}${WELL_KNOWN[e.taint.key ?? ''] ? `: ${WELL_KNOWN[e.taint.key ?? '']}` : ''})`).join(', ');
    } else if (mine.some((r) => r.taint)) {
      taintList = mine.filter((r) => r.taint).map((r) => ({ key: r.taint!.key, value: r.taint!.value }));
      named = mine.filter((r) => r.taint).map((r) => `${r.taint!.key}${r.taint!.value ? `=${r.taint!.value}` : ''} (${r.count} node${r.count === 1 ? '' : 's'}${WELL_KNOWN[r.taint!.key] ? `: ${WELL_KNOWN[r.taint!.key]}` : ''})`).join(', ');
    } else {
      taintList = [];
      named = cluster.nodes.length > 0 ? 'taints not found on the nodes in the input' : 'the message no longer names the taints and no Node objects are in the input';
    }
    const health = taintList.filter((t) => WELL_KNOWN[t.key ?? ''] && !/control-plane|master/.test(t.key ?? ''));
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const custom = taintList.filter((t) => !WELL_KNOWN[t.key ?? '']);
    const remediation: string[] = [`See every node's taints: kubectl get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints`];
    for (const t of custom) {
      remediation.push(
        `If the Pod belongs on nodes tainted ${describeTaint(t)}, add to ${templateOf(pod, enRules)}: tolerations: [{key: "${t.key}", operator: "Equal", value: "${t.value ?? ''}", effect: "${t.effect ?? 'NoSchedule'}"}]`,
      );
    }
    for (const [k, e] of byTaint) if (!WELL_KNOWN[e.taint.key ?? '']) remediation.push(`If the taint is a mistake, remove it: kubectl taint node ${e.nodes[0]} ${k}-`);
    for (const t of health) remediation.push(`${describeTaint(t)} means ${WELL_KNOWN[t.key ?? '']}: fix the node (kubectl describe node), do not tolerate the taint.`);
    if (taintList.length === 0) remediation.push('Add a toleration for the taint the Pod should accept, or remove the taint from the nodes that should run it.');
    return [
      finding(rule, {
        message: `Pod does not tolerate the taints on ${nodesPhrase(f, count, enRules)}: ${named}.${schedulingTail(f, sev, enRules)}`,
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
