import rule from '../../../src/rules/volume/provisioning-failed.js';
import { at, conditions, containerStatus, event, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// PVC events from k8s-messages.md §7.3 (ExternalProvisioning wording changed before 1.31).
const SPEC = { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] };
const unscheduled = pod({ spec: { ...SPEC, nodeName: undefined }, status: { phase: 'Pending', conditions: conditions({ scheduled: false }) } });
const scheduled = pod({ spec: SPEC, status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()] } });
const claim = (sc = 'fast-ssd', phase = 'Pending') => obj('PersistentVolumeClaim', 'data', { spec: { storageClassName: sc }, status: { phase } });
const NEW_EXT = "Waiting for a volume to be created either by the external provisioner 'ebs.csi.aws.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.";
const OLD_EXT = 'waiting for a volume to be created, either by external provisioner "ebs.csi.aws.com" or manually created by system administrator';
const pvcEvent = (pvc: Record<string, any>, patch: { reason: string; message: string; [k: string]: unknown }) => event(pvc, { source: 'persistentvolume-controller', ...patch });

const c = claim();
const fast = claim('fast');
const bound = claim('fast-ssd', 'Bound');
runRuleTests(rule, {
  valid: [
    { name: 'real capture: a claim with no StorageClass and no default class is Pending, not failing to provision (volume/pvc-pending)', fixture: 'real/volume-pvc-pending.yaml' },
    { name: 'WaitForFirstConsumer while the Pod is unscheduled is normal', objects: [unscheduled, c, pvcEvent(c, { reason: 'WaitForFirstConsumer', type: 'Normal', message: 'waiting for first consumer to be created before binding' })] },
    { name: 'ExternalProvisioning for 30s: provisioner may still pick it up', objects: [unscheduled, c, pvcEvent(c, { reason: 'ExternalProvisioning', type: 'Normal', message: NEW_EXT, first: at(-30), count: 3 })] },
    {
      name: 'provisioned after an earlier failure',
      objects: [scheduled, bound, pvcEvent(bound, { reason: 'ProvisioningFailed', message: 'failed to provision volume with StorageClass "fast-ssd": rpc error: code = Internal desc = timeout', last: at(-200) }), pvcEvent(bound, { reason: 'ProvisioningSucceeded', type: 'Normal', message: 'Successfully provisioned volume pvc-0a1b', last: at(-100) })],
    },
    { name: 'provisioner working on it', objects: [unscheduled, c, pvcEvent(c, { reason: 'ExternalProvisioning', type: 'Normal', message: NEW_EXT, first: at(-120) }), pvcEvent(c, { reason: 'Provisioning', type: 'Normal', source: 'ebs.csi.aws.com_ebs-csi-controller-7d9f_1', message: 'External provisioner is provisioning volume for claim "shop/data"', first: at(-110) })] },
  ],
  invalid: [
    { name: 'real capture: a claim that names a StorageClass that does not exist', fixture: 'real/volume-provisioning-failed.yaml', expect: [{ severity: 'error', message: /PersistentVolumeClaim "cache" cannot be provisioned: StorageClass "fast-ssd" does not exist/, evidence: 'storageclass.storage.k8s.io "fast-ssd" not found' }] },
    {
      name: 'external-provisioner rpc error (scheduled Pod)',
      objects: [scheduled, c, pvcEvent(c, { reason: 'ProvisioningFailed', source: 'ebs.csi.aws.com_ebs-csi-controller-7d9f_1', message: 'failed to provision volume with StorageClass "fast-ssd": rpc error: code = InvalidArgument desc = Volume capabilities not supported', first: at(-400), count: 6 })],
      expect: [{ severity: 'error', message: /cannot be provisioned: failed to provision volume with StorageClass "fast-ssd": rpc error: code = InvalidArgument/, evidence: 'ProvisioningFailed ×6' }],
    },
    { name: 'StorageClass missing, unscheduled Pod', objects: [unscheduled, fast, pvcEvent(fast, { reason: 'ProvisioningFailed', message: 'storageclass.storage.k8s.io "fast" not found' })], expect: [{ severity: 'warning', message: /StorageClass "fast" does not exist\..*cannot be scheduled until the claim is bound/ }] },
    { name: 'no provisioner answering (1.31+ wording)', objects: [unscheduled, c, pvcEvent(c, { reason: 'ExternalProvisioning', type: 'Normal', message: NEW_EXT, first: at(-420), count: 28 })], expect: [{ severity: 'warning', confidence: 'medium', message: 'waiting for provisioner "ebs.csi.aws.com", which has not picked it up in 7m' }] },
    { name: 'no provisioner answering (older wording)', objects: [unscheduled, c, pvcEvent(c, { reason: 'ExternalProvisioning', type: 'Normal', message: OLD_EXT, first: at(-420) })], expect: [{ message: 'provisioner "ebs.csi.aws.com"' }] },
    {
      name: 'no provisioner for a Pod bound with spec.nodeName is an error',
      objects: [scheduled, c, pvcEvent(c, { reason: 'ExternalProvisioning', type: 'Normal', message: NEW_EXT, first: at(-420) })],
      expect: [{ severity: 'error', message: 'probably not running' }],
    },
    { name: 'a first failure 20s ago is a warning', objects: [scheduled, c, pvcEvent(c, { reason: 'ProvisioningFailed', message: 'failed to provision volume with StorageClass "fast-ssd": rpc error: code = ResourceExhausted desc = quota', first: at(-20) })], expect: [{ severity: 'warning' }] },
  ],
});
