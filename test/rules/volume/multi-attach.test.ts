import rule from '../../../src/rules/volume/multi-attach.js';
import { at, conditions, containerStatus, event, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// attachdetach-controller reconciler.go (k8s-messages.md §7.2).
const creating = pod({
  metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-6b8c', controller: true }] },
  spec: { nodeName: 'node-2', volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] },
  status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()] },
});
const pvc = obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pvc-0a1b', accessModes: ['ReadWriteOnce'] }, status: { phase: 'Bound' } });
const attach = (message: string, extra: Record<string, unknown> = {}) => event(creating, { reason: 'FailedAttachVolume', source: 'attachdetach-controller', message, ...extra });
const EXCLUSIVE = 'Multi-Attach error for volume "pvc-0a1b" Volume is already exclusively attached to one node and can\'t be attached to another';
const USED = 'Multi-Attach error for volume "pvc-0a1b" Volume is already used by pod(s) api-5f7d-q8zt4';

runRuleTests(rule, {
  valid: [
    { name: 'a later successful attach', objects: [creating, pvc, attach(USED, { last: at(-100) }), event(creating, { reason: 'SuccessfulAttachVolume', type: 'Normal', source: 'attachdetach-controller', message: 'AttachVolume.Attach succeeded for volume "pvc-0a1b" ', last: at(-20) })] },
    { name: 'Pod running now', objects: [pod({ spec: creating.spec, status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-10) } })] } }), attach(USED)] },
    { name: 'other attach errors are volume/attach-failed\'s', objects: [creating, attach('AttachVolume.Attach failed for volume "pvc-0a1b" : rpc error: code = NotFound desc = disk not found', { first: at(-300) })] },
  ],
  invalid: [
    { name: 'used by the old replica of a rolling update', objects: [creating, pvc, attach(USED, { first: at(-400), count: 5 })], expect: [{ severity: 'error', message: /^Volume "data" \(PVC "data", PV "pvc-0a1b"\) cannot be attached to node "node-2": it is still in use by Pod\(s\) api-5f7d-q8zt4/, remediation: 'Recreate' }] },
    { name: 'exclusively attached, first seen 10s ago', objects: [creating, pvc, attach(EXCLUSIVE, { first: at(-10) })], expect: [{ severity: 'warning', message: 'on another node', failureClass: 'transient' }] },
    {
      name: 'held by a running Pod that is not being deleted: deterministic, an error 10 s after the first event',
      objects: [creating, pvc, attach(USED, { first: at(-10) }), pod({ metadata: { name: 'api-5f7d-q8zt4', uid: 'old-replica' }, spec: { nodeName: 'node-1' }, status: { phase: 'Running' } })],
      expect: [{ severity: 'error', failureClass: 'deterministic', message: 'still in use by Pod(s) api-5f7d-q8zt4' }],
    },
    {
      name: 'held by a Pod that is being deleted: transient, a warning 10 s after the first event',
      objects: [creating, pvc, attach(USED, { first: at(-10) }), pod({ metadata: { name: 'api-5f7d-q8zt4', uid: 'old-replica', deletionTimestamp: at(-5) }, spec: { nodeName: 'node-1' }, status: { phase: 'Running' } })],
      expect: [{ severity: 'warning', failureClass: 'transient' }],
    },
  ],
});
