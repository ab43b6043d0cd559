import rule from '../../../src/rules/kubelet/node-shutdown.js';
import { at, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// pkg/kubelet/nodeshutdown/nodeshutdown_manager.go (k8s-messages.md §2.8, §4.1).
const MSG = 'Pod was terminated in response to imminent node shutdown.';
const RS = { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-7d9f', controller: true }] };
const terminated = pod({ metadata: RS, status: { phase: 'Failed', reason: 'Terminated', message: MSG, conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'TerminationByKubelet', message: MSG, lastTransitionTime: at(-100) }] } });

runRuleTests(rule, {
  valid: [
    { name: 'a Pod that had already Succeeded keeps its phase', objects: [pod({ status: { phase: 'Succeeded', reason: 'Terminated', message: MSG } })] },
    { name: 'NodeShutdown admission rejection is kubelet/admission-rejected\'s', objects: [pod({ status: { phase: 'Failed', reason: 'NodeShutdown', message: 'Pod was rejected: Pod was rejected as the node is shutting down.' } })] },
  ],
  invalid: [{ name: 'graceful node shutdown', objects: [terminated], expect: [{ severity: 'error', message: /node "node-1" was shutting down.*ReplicaSet "api-7d9f" creates a replacement/, evidence: 'TerminationByKubelet' }] }],
});
