import rule from '../../../src/rules/scheduling/too-many-pods.js';
import { at, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { runningAfter, runningPod, tail, unschedulable } from './pending.js';

const msg = '0/2 nodes are available: 2 Too many pods. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod..';
const small = node({ metadata: { name: 'node-1' }, status: { allocatable: { pods: '8' } } });

runRuleTests(rule, {
  valid: [
    { name: 'Running Pod with a stale Too many pods event', objects: [...runningAfter(msg)] },
    { name: 'Insufficient pods-like wording from another plugin is not this rule', objects: [unschedulable(`0/1 nodes are available: 1 Insufficient cpu.${tail(1, 0, 1)}`)] },
    { name: 'kubelet OutOfpods rejection is kubelet admission', objects: [runningPod({ status: { phase: 'Failed', reason: 'OutOfpods', message: "Pod was rejected: Node didn't have enough resource: pods, requested: 1, used: 110, capacity: 110" } })] },
  ],
  invalid: [
    { name: 'all nodes full (1.3x wording with legacy double dot)', objects: [unschedulable(msg), small], expect: [{ severity: 'error', message: /maxPods\) is reached on 2 of 2 nodes \(node-1 allows 8\)/, evidence: /allocatable.pods: 8/ }] },
    {
      name: 'minority reason next to taints, inside the grace period',
      objects: [unschedulable(`0/7 nodes are available: 2 Too many pods, 5 node(s) had untolerated taint(s).${tail(7, 5, 2)}`, {}, at(-15))],
      expect: [{ severity: 'warning', confidence: 'medium', message: /2 of 7 nodes/ }],
    },
  ],
});
