import rule from '../../../src/rules/scheduling/volume-node-affinity.js';
import { at, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { runningAfter, tail, unschedulable } from './pending.js';
import { mounting, pv, pvc } from './volumes.js';

const newMsg = `0/2 nodes are available: 2 node(s) didn't match PersistentVolume's node affinity.${tail(2, 2)}`;
const oldMsg = '0/2 nodes are available: 2 node(s) had volume node affinity conflict. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.';
const claim = pvc('data', { spec: { volumeName: 'pv-zonal', storageClassName: 'standard' }, status: { phase: 'Bound' } });
const volume = pv('pv-zonal', { spec: { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-1a'] }] }] } } } });
// Kubernetes 1.34, captured on the test cluster (fixtures/real/sched-taint-and-volume-affinity.yaml): the
// volume's only node is a control-plane node the Pod does not tolerate; the other node is not the volume's.
const mixedMsg = "0/2 nodes are available: 1 node(s) didn't match PersistentVolume's node affinity, 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.";
const controlPlane = node({ metadata: { name: 'cp-1', labels: { 'topology.kubernetes.io/zone': 'eu-1a' } }, spec: { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] } });
const worker = node({ metadata: { name: 'worker-1', labels: { 'topology.kubernetes.io/zone': 'eu-1b' } } });
const fullThere = "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match PersistentVolume's node affinity. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.";
const nodes = [node({ metadata: { name: 'node-1', labels: { 'topology.kubernetes.io/zone': 'eu-1b' } } }), node({ metadata: { name: 'node-2', labels: { 'topology.kubernetes.io/zone': 'eu-1c' } } })];

runRuleTests(rule, {
  valid: [
    { name: 'Running Pod with an old conflict event', objects: [...runningAfter(newMsg, mounting('data')), claim, volume] },
    { name: 'unbound claim is another rule', belongsTo: 'scheduling/unbound-pvc', objects: [unschedulable(`0/1 nodes are available: pod has unbound immediate PersistentVolumeClaims.${tail(1, 1)}`, mounting('data'))] },
  ],
  invalid: [
    { name: '1.33+ wording, zonal PV and no node in its zone', objects: [unschedulable(newMsg, mounting('data')), claim, volume, ...nodes], expect: [{ severity: 'error', message: /PersistentVolume "pv-zonal" \(claim "data"\) is limited to topology.kubernetes.io\/zone=eu-1a; no node in the cluster matches/, evidence: /pv\/pv-zonal.spec.nodeAffinity/ }] },
    { name: '≤1.32 wording', objects: [unschedulable(oldMsg, mounting('data')), claim, volume, node({ metadata: { name: 'node-1', labels: { 'topology.kubernetes.io/zone': 'eu-1a' } } })], expect: [{ message: /allowed node: node-1/ }] },
    // Seconds old: the taint on the volume's node and the other node's labels do not change by themselves.
    {
      name: 'volume pinned to a control-plane node the Pod does not tolerate: failing at once, the taint named',
      objects: [unschedulable(mixedMsg, mounting('data'), at(-5)), claim, volume, controlPlane, worker],
      expect: [{ severity: 'error', failureClass: 'deterministic', message: /allowed node: cp-1\. Node "cp-1", where the volume may be used, has taint node-role.kubernetes.io\/control-plane:NoSchedule, which the Pod does not tolerate\./ }],
    },
    // Near miss: the volume's node is merely full; Pods may finish there, so it gets the grace period.
    {
      name: 'volume pinned to a node that is full: still within grace, no taint named',
      objects: [unschedulable(fullThere, mounting('data'), at(-5)), claim, volume, node({ metadata: { name: 'cp-1', labels: { 'topology.kubernetes.io/zone': 'eu-1a' } } }), worker],
      expect: [{ severity: 'warning', failureClass: 'transient', message: /allowed node: cp-1\.(?! Node)/ }],
    },
    { name: 'VolumeZone wording without the PV in the input', objects: [unschedulable(`0/3 nodes are available: 3 node(s) had no available volume zone.${tail(3, 3)}`, mounting('data'))], expect: [{ message: /conflict on 3 of 3 nodes/ }] },
  ],
});
