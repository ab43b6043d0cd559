import rule from '../../../src/rules/kubelet/stuck-terminating.js';
import { at, conditions, containerStatus, event, node, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// deletionTimestamp = time of the delete request + grace period (apiserver rest/delete.go).
function deleting(deletionSecondsAgo: number, patch: Record<string, any> = {}) {
  return pod({
    ...patch,
    metadata: { deletionTimestamp: at(-deletionSecondsAgo), deletionGracePeriodSeconds: 30, ...(patch.metadata ?? {}) },
    status: patch.status ?? { phase: 'Running', conditions: conditions({ sandbox: true, ready: false }), containerStatuses: [containerStatus({ running: { startedAt: at(-3000) } })] },
  });
}
const unknownNode = node({
  status: {
    conditions: [{ type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: at(-1300), lastTransitionTime: at(-1260) }],
  },
});
const stopped = { phase: 'Succeeded', containerStatuses: [containerStatus({ terminated: { exitCode: 0, reason: 'Completed' } })] };

runRuleTests(rule, {
  valid: [
    { name: 'not being deleted', objects: [pod({ status: { phase: 'Running' } }), node()] },
    { name: 'deletion still inside its grace period (deadline in the future)', objects: [deleting(-20), node()] },
    { name: 'just past the deadline: the kubelet gets graceMs to report', objects: [deleting(30), node()] },
  ],
  invalid: [
    {
      name: 'node unreachable: the kubelet cannot confirm, force-delete with caveats',
      objects: [deleting(900, { metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', controller: true }] } }), unknownNode],
      expect: [{ severity: 'error', message: /Terminating 15m past.*node "node-1" is unreachable/, evidence: 'NodeStatusUnknown', remediation: /StatefulSet "db".*same identity/ }],
    },
    { name: 'node deleted', objects: [deleting(900), node({ metadata: { name: 'node-2' } })], expect: [{ message: 'no longer exists', remediation: 'garbage collector' }] },
    { name: 'finalizers pending, containers gone', objects: [deleting(400, { metadata: { finalizers: ['example.com/backup-hook'] }, status: stopped }), node()], expect: [{ message: 'finalizer(s) "example.com/backup-hook"', evidence: 'metadata.finalizers', remediation: '"op":"remove"' }] },
    {
      name: 'container ignores SIGTERM and the runtime did not kill it',
      objects: [deleting(300), node()].flatMap((o, i) => (i === 0 ? [o, event(o, { reason: 'ExceededGracePeriod', message: 'Container runtime did not kill the pod within specified grace period.' })] : [o])),
      expect: [{ message: 'container "app" has not stopped', evidence: 'ExceededGracePeriod', confidence: 'high' }],
    },
    { name: 'nothing visible: low confidence', objects: [deleting(600, { status: stopped }), node()], expect: [{ confidence: 'low' }] },
  ],
});
