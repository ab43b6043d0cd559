import rule from '../../../src/rules/volume/pvc-pending.js';
import { at, conditions, containerStatus, event, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// PVC events from k8s-messages.md §7.3.
const SPEC = { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] };
const creating = pod({ spec: SPEC, status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()] } });
const unscheduled = pod({ spec: { ...SPEC, nodeName: undefined }, status: { phase: 'Pending', conditions: conditions({ scheduled: false }) } });
const wffcClass = obj('StorageClass', 'local-wffc', { metadata: { namespace: undefined }, provisioner: 'rancher.io/local-path', volumeBindingMode: 'WaitForFirstConsumer' }, 'storage.k8s.io/v1');
const pending = (patch: Record<string, unknown> = {}) => obj('PersistentVolumeClaim', 'data', { spec: { storageClassName: 'local-wffc', accessModes: ['ReadWriteOnce'] }, status: { phase: 'Pending' }, ...patch });
const wffcPending = pending();
const wffcEvent = (pvc: Record<string, any>) => event(pvc, { reason: 'WaitForFirstConsumer', type: 'Normal', source: 'persistentvolume-controller', message: 'waiting for first consumer to be created before binding', count: 20, first: at(-590) });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: an unscheduled Pod with a Pending claim belongs to scheduling/unbound-pvc', fixture: 'real/sched-unbound-pvc.yaml' },
    { name: 'unscheduled Pod: WaitForFirstConsumer is normal (and the scheduler\'s)', objects: [unscheduled, wffcPending, wffcClass, wffcEvent(wffcPending)] },
    { name: 'claim Bound', objects: [creating, obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pv-1' }, status: { phase: 'Bound' } })] },
    { name: 'claims not read: absence proves nothing', objects: [creating] },
    {
      name: 'a failing provisioner is volume/provisioning-failed\'s',
      objects: [creating, ...[pending({ spec: { storageClassName: 'ebs' } })].flatMap((p) => [p, event(p, { reason: 'ProvisioningFailed', source: 'ebs.csi.aws.com_ebs-csi-controller-0_abc', message: 'failed to provision volume with StorageClass "ebs": rpc error: code = Internal desc = quota exceeded', first: at(-300) })])],
    },
  ],
  invalid: [
    { name: 'real capture: a Pod bound by spec.nodeName, its claim Pending with no StorageClass', fixture: 'real/volume-pvc-pending.yaml', expect: [{ severity: 'error', message: /PersistentVolumeClaim "data" \(volume "data"\) is Pending: no persistent volumes available for this claim and no storage class is set/, evidence: 'FailedBinding' }] },
    {
      name: 'spec.nodeName bypassed the scheduler: WaitForFirstConsumer never triggers',
      objects: [creating, wffcPending, wffcClass, wffcEvent(wffcPending)],
      expect: [{ severity: 'error', message: 'bound to "node-1" without the scheduler', evidence: 'WaitForFirstConsumer', remediation: 'volume.kubernetes.io/selected-node=node-1' }],
    },
    { name: 'Lost claim', objects: [creating, obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pv-gone' }, status: { phase: 'Lost' } })], expect: [{ message: 'is Lost: the PersistentVolume "pv-gone"', evidence: /status.phase\W+Lost/ }] },
    { name: 'claim missing', objects: [creating, obj('PersistentVolumeClaim', 'other', { status: { phase: 'Bound' } })], expect: [{ message: 'PersistentVolumeClaim "data", which does not exist' }] },
    { name: 'claim being deleted', objects: [creating, obj('PersistentVolumeClaim', 'data', { metadata: { deletionTimestamp: at(-60), finalizers: ['kubernetes.io/pvc-protection'] }, spec: { volumeName: 'pv-1' }, status: { phase: 'Bound' } })], expect: [{ message: 'is being deleted' }] },
    {
      name: 'no PV and no class',
      objects: [creating, ...[pending({ spec: { accessModes: ['ReadWriteOnce'] } })].flatMap((p) => [p, event(p, { reason: 'FailedBinding', type: 'Normal', source: 'persistentvolume-controller', message: 'no persistent volumes available for this claim and no storage class is set' })])],
      expect: [{ message: 'is Pending: no persistent volumes available for this claim and no storage class is set', confidence: 'high' }],
    },
  ],
});
