import type { Taint } from '../../model/k8s.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { describeTaint, untoleratedTaints } from '../helpers/node-affinity.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, templateOf } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { TaintsNamed, WellKnownTaint } from '../messages/scheduling.js';
import type { Evidence, PodRule } from '../types.js';

// Taints the control plane sets for a reason; tolerating them hides the real problem (k8s-messages.md §5.2).
// Each language's messages say what they mean.
const WELL_KNOWN: Record<string, WellKnownTaint> = {
  'node.kubernetes.io/not-ready': 'not-ready',
  'node.kubernetes.io/unreachable': 'unreachable',
  'node.kubernetes.io/memory-pressure': 'memory-pressure',
  'node.kubernetes.io/disk-pressure': 'disk-pressure',
  'node.kubernetes.io/pid-pressure': 'pid-pressure',
  'node.kubernetes.io/network-unavailable': 'network-unavailable',
  'node.kubernetes.io/unschedulable': 'unschedulable',
  'node.kubernetes.io/out-of-service': 'out-of-service',
  'node-role.kubernetes.io/control-plane': 'control-plane',
  'node-role.kubernetes.io/master': 'control-plane',
  'node.cloudprovider.kubernetes.io/uninitialized': 'uninitialized',
  'node.cloudprovider.kubernetes.io/shutdown': 'shutdown',
};

const meaningOf = (key: string | undefined): { meaning?: WellKnownTaint } => {
  const m = Object.hasOwn(WELL_KNOWN, key ?? '') ? WELL_KNOWN[key ?? ''] : undefined;
  return m ? { meaning: m } : {};
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
    let named: TaintsNamed;
    let taintList: Taint[];
    if (byTaint.size > 0) {
      taintList = [...byTaint.values()].map((e) => e.taint);
      named = { kind: 'nodes', taints: [...byTaint.entries()].map(([k, e]) => ({ taint: k, nodes: e.nodes, ...meaningOf(e.taint.key) })) };
    } else if (mine.some((r) => r.taint)) {
      taintList = mine.filter((r) => r.taint).map((r) => ({ key: r.taint!.key, value: r.taint!.value }));
      named = { kind: 'message', taints: mine.filter((r) => r.taint).map((r) => ({ key: r.taint!.key, value: r.taint!.value, count: r.count, ...meaningOf(r.taint!.key) })) };
    } else {
      taintList = [];
      named = { kind: cluster.nodes.length > 0 ? 'not-found' : 'no-nodes' };
    }
    const known = (t: Taint): boolean => meaningOf(t.key).meaning !== undefined;
    // A taint named only by the ≤1.33 message has no effect: `key=value`, not `key=value:`.
    const shown = (t: Taint): string => (t.effect ? describeTaint(t) : `${t.key ?? ''}${t.value ? `=${t.value}` : ''}`);
    const health = taintList.filter((t) => known(t) && !/control-plane|master/.test(t.key ?? ''));
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const t = ruleMessages(options.lang);
    const custom = taintList.filter((taint) => !known(taint));
    return [
      finding(rule, {
        message: t.untoleratedTaint.message({ nodes: nodesPhrase(f, count, t), named, tail: schedulingTail(f, sev, t, mine) }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation: t.untoleratedTaint.fix({
          // The toleration that accepts the taint, as the user adds it to the Pod spec.
          custom: custom.map((taint) => ({ taint: shown(taint), toleration: `tolerations: [{key: "${taint.key}", operator: "Equal", value: "${taint.value ?? ''}", effect: "${taint.effect ?? 'NoSchedule'}"}]` })),
          template: templateOf(pod, t),
          mistakes: [...byTaint].filter(([, e]) => !known(e.taint)).map(([k, e]) => ({ node: e.nodes[0]!, taint: k })),
          health: health.map((taint) => ({ taint: shown(taint), meaning: meaningOf(taint.key).meaning! })),
          none: taintList.length === 0,
        }),
      }),
    ];
  },
};

export default rule;
