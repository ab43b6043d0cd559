import rule from '../../../src/rules/scheduling/insufficient-resources.js';
import { at, event, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { failedScheduling, runningAfter, runningPod, tail, unschedulable } from './pending.js';

const big = { spec: { containers: [{ name: 'app', image: '127.0.0.1:5000/shop/api:1.4.2', resources: { requests: { cpu: '6', memory: '2Gi' } } }] } };
const cpuMsg = `0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu.${tail(3, 1, 2)}`;
const nodes = [node({ metadata: { name: 'node-1' } }), node({ metadata: { name: 'node-2' }, status: { allocatable: { cpu: '3500m' } } }), node({ metadata: { name: 'cp-1' }, spec: { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] } })];

const fitsSomeday = unschedulable(`0/3 nodes are available: 3 Insufficient memory.${tail(3, 0, 3)}`, { spec: { containers: [{ name: 'app', image: 'x', resources: { requests: { cpu: '1', memory: '6Gi' } } }] } });
const fresh = unschedulable(`0/1 nodes are available: 1 Insufficient cpu.${tail(1, 0, 1)}`, { spec: { containers: [{ name: 'app', image: 'x', resources: { requests: { cpu: '2' } } }] } }, at(-20));
const gpu = unschedulable('0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.', {
  spec: { containers: [{ name: 'train', image: 'x', resources: { limits: { 'nvidia.com/gpu': '1' } } }] },
});
const old = unschedulable('0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient memory. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod..', {
  spec: { containers: [{ name: 'app', image: 'x', resources: { requests: { memory: '20Gi' } } }] },
});
// Only the event tells (a dump without the Pod's status conditions).
const eventsOnly = unschedulable('', { status: { conditions: [] } });
const initHeavy = unschedulable(`0/1 nodes are available: 1 Insufficient cpu.${tail(1, 0, 1)}`, {
  spec: {
    initContainers: [
      { name: 'proxy', image: 'x', restartPolicy: 'Always', resources: { requests: { cpu: '500m' } } },
      { name: 'migrate', image: 'x', resources: { requests: { cpu: '8' } } },
    ],
    containers: [{ name: 'app', image: 'x', resources: { requests: { cpu: '1' } } }],
  },
});

runRuleTests(rule, {
  valid: [
    { name: 'a Running Pod with old FailedScheduling events', objects: [...runningAfter(cpuMsg), ...nodes] },
    { name: 'untolerated taint only is another rule', belongsTo: 'scheduling/untolerated-taint', objects: [unschedulable(`0/1 nodes are available: 1 node(s) had untolerated taint(s).${tail(1, 1)}`)] },
    { name: 'Too many pods is another rule', belongsTo: 'scheduling/too-many-pods', objects: [unschedulable('0/2 nodes are available: 2 Too many pods. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod..')] },
    { name: 'a Pod being deleted while Pending', objects: [unschedulable(cpuMsg, { metadata: { deletionTimestamp: at(-5) } })] },
    { name: 'kubelet admission OutOfcpu is a kubelet matter, not scheduling', objects: [runningPod({ status: { phase: 'Failed', reason: 'OutOfcpu', message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 6000, used: 1000, capacity: 4000" } })] },
  ],
  invalid: [
    {
      name: 'requests larger than the largest node: error at once, numbers named',
      objects: [unschedulable(cpuMsg, big, at(-10)), ...nodes],
      expect: [{ severity: 'error', confidence: 'high', message: /requests 6 cpu; the largest node has only 4 cpu allocatable \(node-1\)/, evidence: 'PodScheduled' }],
    },
    {
      name: 'fits a node once others leave: error after the grace period, preemption verdict quoted',
      objects: [fitsSomeday, node()],
      expect: [{ severity: 'error', message: /Insufficient memory on 3 of 3 nodes \(the Pod requests 6Gi memory; the largest node has 8Gi memory allocatable \(node-1\), before other Pods' requests\).*no lower-priority Pods/ }],
    },
    { name: 'within the grace period: warning', objects: [fresh, node()], expect: [{ severity: 'warning', message: /Unschedulable for only 20s: the scheduler keeps retrying/ }] },
    {
      name: 'autoscaler triggered a scale-up: warning',
      objects: [fresh, node(), event(fresh, { reason: 'TriggeredScaleUp', type: 'Normal', source: 'cluster-autoscaler', message: 'pod triggered scale-up: [{pool-a 1->2 (max: 5)}]', last: at(-15) })],
      expect: [{ severity: 'warning', message: /triggered a scale-up .*pool-a 1->2/ }],
    },
    {
      name: 'autoscaler refused: error at once',
      objects: [fresh, node(), event(fresh, { reason: 'NotTriggerScaleUp', type: 'Normal', source: 'cluster-autoscaler', message: "pod didn't trigger scale-up: 2 max node group size reached", last: at(-5) })],
      expect: [{ severity: 'error', message: /will not add a node: 2 max node group size reached/, evidence: 'NotTriggerScaleUp' }],
    },
    {
      name: 'preemption under way (nominatedNodeName set): warning',
      objects: [unschedulable(`0/1 nodes are available: 1 Insufficient cpu.${tail(1, 0, 1)}`, { status: { nominatedNodeName: 'node-1' } }), node()],
      expect: [{ severity: 'warning', message: /preempting lower-priority Pods on node "node-1"/ }],
    },
    { name: 'extended resource no node advertises (limits only count as requests)', objects: [gpu, node()], expect: [{ severity: 'error', message: /requests 1 nvidia.com\/gpu; no node advertises nvidia.com\/gpu/ }] },
    { name: '≤1.33 message: the taint is the minority reason', objects: [old, node()], expect: [{ confidence: 'high', message: /requests 20Gi memory/ }] },
    {
      name: 'events only (no condition): medium confidence',
      objects: [eventsOnly, failedScheduling(eventsOnly, '0/1 nodes are available: 1 Insufficient memory. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..')],
      expect: [{ confidence: 'medium', evidence: /FailedScheduling ×5/ }],
    },
    { name: 'init container after a sidecar: effective request is 8 + 0.5 cpu, not the app sum of 1.5', objects: [initHeavy, node()], expect: [{ message: /requests 8.5 cpu/ }] },
    {
      name: 'taints on most nodes: insufficient cpu is the minority reason',
      objects: [unschedulable(`0/4 nodes are available: 1 Insufficient cpu, 3 node(s) had untolerated taint(s).${tail(4, 3, 1)}`)],
      expect: [{ confidence: 'medium' }],
    },
  ],
});
