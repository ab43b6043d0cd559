import rule from '../../../src/rules/kubelet/node-lost.js';
import { at, node, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// Legacy: pkg/util/node/node.go "Node <node> which was running pod <pod> is unresponsive" (k8s-messages.md §4.1).
const lost = pod({ metadata: { deletionTimestamp: at(-300) }, status: { phase: 'Running', reason: 'NodeLost', message: 'Node node-1 which was running pod api-7d9f-x2k is unresponsive' } });

runRuleTests(rule, {
  valid: [
    { name: 'ordinary Running Pod', objects: [pod({ status: { phase: 'Running' } }), node()] },
    { name: 'Unknown phase without the NodeLost reason', objects: [pod({ status: { phase: 'Unknown' } })] },
  ],
  invalid: [
    { name: 'NodeLost without the node', objects: [lost], expect: [{ severity: 'error', message: 'node "node-1" stopped responding', evidence: 'NodeLost', remediation: '--grace-period=0 --force' }] },
    { name: 'NodeLost, node back to Ready', objects: [lost, node()], expect: [{ message: 'reports Ready again' }] },
  ],
});
