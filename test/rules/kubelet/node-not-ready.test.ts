import rule from '../../../src/rules/kubelet/node-not-ready.js';
import { at, conditions, containerStatus, event, node, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// Node conditions and taints from k8s-messages.md §5.1–5.2.
function nodeWithReady(ready: Record<string, unknown>, taints: unknown[] = []) {
  const base = node();
  const conds = (base.status.conditions as Array<Record<string, unknown>>).map((c) => (c.type === 'Ready' ? { ...c, ...ready } : c));
  return node({ spec: { taints }, status: { conditions: conds } });
}

const unknownNode = nodeWithReady(
  { status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: at(-480), lastTransitionTime: at(-440) },
  [
    { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: at(-440) },
    { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: at(-440) },
  ],
);
const recentUnknownNode = nodeWithReady(
  { status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: at(-110), lastTransitionTime: at(-60) },
  [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: at(-60) }],
);
const TOLERATIONS = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];
const runningNotReady = pod({
  spec: { tolerations: TOLERATIONS },
  status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: false }), containerStatuses: [containerStatus({ running: { startedAt: at(-580) }, ready: false, started: true })] },
});
const runningReady = pod({ spec: { tolerations: TOLERATIONS }, status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-580) }, ready: true })] } });
const creating = pod({ status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()] } });

const pleg = nodeWithReady({ status: 'False', reason: 'KubeletNotReady', message: 'PLEG is not healthy: pleg was last seen active 4m12.5s ago; threshold is 3m0s', lastTransitionTime: at(-300) }, [
  { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: at(-300) },
]);
const runtimeDownFresh = nodeWithReady({ status: 'False', reason: 'KubeletNotReady', message: '[container runtime is down, PLEG is not healthy: pleg was last seen active 3m1s ago; threshold is 3m0s]', lastTransitionTime: at(-20) });
const cniOnly = nodeWithReady({
  status: 'False',
  reason: 'KubeletNotReady',
  message: 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized',
  lastTransitionTime: at(-900),
});

runRuleTests(rule, {
  valid: [
    { name: 'node is Ready', objects: [runningNotReady, node()] },
    { name: 'a Succeeded Pod on a NotReady node', objects: [pod({ status: { phase: 'Succeeded', containerStatuses: [containerStatus({ terminated: { exitCode: 0, reason: 'Completed' } })] } }), pleg] },
    { name: 'a Pod being deleted is kubelet/stuck-terminating\'s', objects: [pod({ metadata: { deletionTimestamp: at(-200), deletionGracePeriodSeconds: 30 }, status: runningNotReady.status }), unknownNode] },
    { name: 'node not in the snapshot', objects: [runningNotReady] },
    { name: 'unscheduled Pod', objects: [pod({ spec: { nodeName: undefined }, status: { phase: 'Pending', conditions: conditions({ scheduled: false }) } }), pleg] },
  ],
  invalid: [
    {
      name: 'Ready=Unknown: kubelet stopped posting, taint manager overdue',
      objects: [runningNotReady, unknownNode, event(runningNotReady, { reason: 'NodeNotReady', message: 'Node is not ready', source: 'node-controller', last: at(-430) })],
      expect: [{ severity: 'error', message: /unreachable.*stopped posting node status at 2026-11-30T09:52:00Z \(last heartbeat 8m ago\), so the Pod's status is as last seen.*was due to delete the Pod 2m20s ago.*kube-controller-manager/, evidence: 'NodeStatusUnknown' }],
    },
    { name: 'Ready=False PLEG, creating Pod', objects: [creating, pleg], expect: [{ severity: 'error', message: /NotReady \(KubeletNotReady\).*PLEG/, evidence: 'node.kubernetes.io/not-ready:NoExecute', remediation: 'crictl ps' }] },
    { name: 'runtime down for 20s is still within grace', objects: [creating, runtimeDownFresh], expect: [{ severity: 'warning', message: /container runtime is down.*PLEG/ }] },
    { name: 'network plugin only: context pointing at cni', objects: [creating, cniOnly], expect: [{ severity: 'info', message: 'cni/cni-not-initialized' }] },
    // Its Ready is stale: failing at the kubelet stage once the node has been gone longer than the grace period (#10).
    { name: 'a Pod still reporting Ready on an unreachable node', objects: [runningReady, unknownNode], expect: [{ severity: 'error', failureClass: 'transient', message: "The Pod's status is as last seen at" }] },
    // Tolerated for 300 s, taint 60 s old: deleted in 4 min. Who recreates it depends on whether anything owns the Pod.
    {
      name: 'unreachable node, eviction due: an owned Pod is recreated by its controller',
      objects: [pod({ metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5b5d868494', uid: 'rs-1', controller: true }] }, spec: runningNotReady.spec, status: runningNotReady.status }), recentUnknownNode],
      expect: [{ severity: 'warning', message: /will delete the Pod in 4m .*its controller then creates a replacement elsewhere/ }],
    },
    {
      name: 'unreachable node, eviction due: a bare Pod is not recreated',
      objects: [runningNotReady, recentUnknownNode],
      expect: [{ severity: 'warning', message: /will delete the Pod in 4m .*nothing owns it, so nothing recreates it/ }],
    },
    {
      name: 'never posted status, DaemonSet-style toleration',
      objects: [
        pod({ spec: { tolerations: [{ operator: 'Exists' }] }, status: { phase: 'Pending' } }),
        nodeWithReady({ status: 'Unknown', reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.', lastTransitionTime: at(-3600) }, [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: at(-3600) }]),
      ],
      expect: [{ severity: 'error', message: /never posted.*never evicted/ }],
    },
  ],
});
