import rule from '../../../src/rules/scheduling/unschedulable-nodes.js';
import { at, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { runningAfter, tail, unschedulable } from './pending.js';

const msg = `0/1 nodes are available: 1 node(s) were unschedulable.${tail(1, 1)}`;
const cordoned = node({ metadata: { name: 'kdiag-node-1' }, spec: { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: at(-400) }] } });

runRuleTests(rule, {
  valid: [
    { name: 'Pod scheduled after uncordon', objects: [...runningAfter(msg), node()] },
    { name: 'untolerated taint is another rule', belongsTo: 'scheduling/untolerated-taint', objects: [unschedulable(`0/1 nodes are available: 1 node(s) had untolerated taint(s).${tail(1, 1)}`), cordoned] },
  ],
  invalid: [
    { name: 'the only node is cordoned', objects: [unschedulable(msg), cordoned], expect: [{ severity: 'error', message: /^1 of 1 node is cordoned \(kdiag-node-1\)/, evidence: /spec.unschedulable: true/, remediation: 'kubectl uncordon kdiag-node-1' }] },
    { name: 'nodes with unknown conditions', objects: [unschedulable('0/2 nodes are available: 2 node(s) had unknown conditions. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.')], expect: [{ message: /2 of 2 nodes report no conditions/ }] },
    { name: 'cordoned minority next to insufficient memory', objects: [unschedulable(`0/3 nodes are available: 1 node(s) were unschedulable, 2 Insufficient memory.${tail(3, 1, 2)}`, {}, at(-10))], expect: [{ severity: 'warning', confidence: 'medium' }] },
  ],
});
