import rule from '../../../src/rules/scheduling/node-selector-mismatch.js';
import { at, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { runningAfter, tail, unschedulable } from './pending.js';

const msg = `0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector.${tail(3, 3)}`;
const ssd = { spec: { nodeSelector: { disktype: 'ssd' } } };
const nodes = [
  node({ metadata: { name: 'node-1', labels: { disktype: 'hdd' } } }),
  node({ metadata: { name: 'node-2' } }),
  node({ metadata: { name: 'node-3', labels: { disktype: 'ssd' } }, spec: { unschedulable: true } }),
];
const zoneAffinity = {
  spec: {
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-1a', 'eu-1b'] }] }],
        },
      },
    },
  },
};
const hostPinned = { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['node-9'] }] }] } } } } };
// A DaemonSet Pod pinned to node-2 (as the DaemonSet controller writes it).
const daemon = {
  metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', controller: true, uid: 'ds-1' }] },
  spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-2'] }] }] } } } },
};

runRuleTests(rule, {
  valid: [
    { name: 'scheduled Pod with an old mismatch event', objects: [...runningAfter(msg, ssd), ...nodes] },
    {
      name: 'DaemonSet Pod: the other nodes\' mismatch is by design, the real cause is cpu (old wording)',
      objects: [unschedulable(`0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't match Pod's node affinity/selector.${tail(3, 2, 1)}`, daemon), ...nodes],
    },
    {
      name: 'DaemonSet Pod: PreFilter narrowing (1.2x+) is not a mismatch',
      objects: [unschedulable(`0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't satisfy plugin(s) [NodeAffinity].${tail(3, 2, 1)}`, daemon), ...nodes],
    },
    { name: 'taints only', objects: [unschedulable(`0/3 nodes are available: 3 node(s) had untolerated taint(s).${tail(3, 3)}`, ssd)] },
  ],
  invalid: [
    {
      name: 'nodeSelector label no usable node has, per-node differences',
      objects: [unschedulable(msg, ssd), ...nodes],
      expect: [{ severity: 'error', confidence: 'high', message: /nodeSelector disktype=ssd excludes 3 of 3 nodes\. node-1 has disktype=hdd; node-2 has no label disktype\. Matching node node-3 failed for other reasons/, evidence: /spec.nodeSelector/, remediation: /kubectl get nodes -L disktype/ }],
    },
    {
      name: 'required node affinity on zones',
      objects: [unschedulable(`0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector.${tail(2, 2)}`, zoneAffinity), node({ metadata: { name: 'node-1', labels: { 'topology.kubernetes.io/zone': 'eu-1c' } } })],
      expect: [{ message: /required node affinity topology.kubernetes.io\/zone In \[eu-1a, eu-1b\] excludes 2 of 2 nodes\. node-1 matches no required node-affinity term \(topology.kubernetes.io\/zone=eu-1c\)/ }],
    },
    {
      name: 'DaemonSet Pod whose node is gone',
      objects: [unschedulable(`0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector.${tail(2, 2)}`, daemon), node({ metadata: { name: 'node-1' } }), node({ metadata: { name: 'node-9' } })],
      expect: [{ message: /pinned to node "node-2", which is not in the cluster/ }],
    },
    {
      name: 'node affinity to a hostname that does not exist: every node set aside by the PreFilter',
      objects: [unschedulable(`0/3 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity].${tail(3, 3)}`, hostPinned), ...nodes],
      expect: [{ confidence: 'high', message: /required node affinity kubernetes.io\/hostname=node-9 excludes 3 of 3 nodes\. node-1 matches no required node-affinity term \(kubernetes.io\/hostname=node-1\)/ }],
    },
    { name: 'within grace and no nodes in the input to prove it static: warning', objects: [unschedulable(msg, ssd, at(-10))], expect: [{ severity: 'warning' }] },
    { name: 'seconds old but no node can ever match (no autoscaler): error at once', objects: [unschedulable(msg, ssd, at(-2)), nodes[0]!, nodes[1]!], expect: [{ severity: 'error' }] },
    {
      name: 'seconds old on nodes that look autoscaled (Karpenter): warning until the autoscaler speaks',
      objects: [unschedulable(msg, ssd, at(-2)), node({ metadata: { name: 'node-1', labels: { 'karpenter.sh/nodepool': 'default' } } })],
      expect: [{ severity: 'warning', message: /look autoscaled/ }],
    },
  ],
});
