import rule from '../../../src/rules/scheduling/unbound-pvc.js';
import { at, event } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { runningAfter, runningPod, tail, unschedulable } from './pending.js';
import { mounting, pvc, storageClass } from './volumes.js';

const immediate = `0/1 nodes are available: pod has unbound immediate PersistentVolumeClaims.${tail(1, 1)}`;
const wffcMsg = `0/2 nodes are available: 2 node(s) didn't find available persistent volumes to bind.${tail(2, 2)}`;
const p = unschedulable(immediate, mounting('data'), at(-20));
const noClass = pvc('data');
const noClassEvent = event(noClass, { reason: 'FailedBinding', type: 'Normal', source: 'persistentvolume-controller', message: 'no persistent volumes available for this claim and no storage class is set', count: 4 });
const missing = pvc('data', { spec: { storageClassName: 'fast-ssd' } });
const missingEvent = event(missing, { reason: 'ProvisioningFailed', source: 'persistentvolume-controller', message: 'storageclass.storage.k8s.io "fast-ssd" not found' });
const csi = pvc('data', { spec: { storageClassName: 'standard' } });
const csiFailed = event(csi, { reason: 'ProvisioningFailed', source: 'csi.example.com_csi-controller-0_1234', message: 'failed to provision volume with StorageClass "standard": rpc error: code = ResourceExhausted desc = volume quota exceeded' });
const waiting = event(csi, { reason: 'ExternalProvisioning', type: 'Normal', source: 'persistentvolume-controller', count: 12, message: "Waiting for a volume to be created either by the external provisioner 'csi.example.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered." });
const mountingPod = runningPod({ ...mounting('data'), status: { phase: 'Pending' } });
const local = storageClass('local', { provisioner: 'kubernetes.io/no-provisioner', volumeBindingMode: 'WaitForFirstConsumer' });
const localClaim = pvc('data', { spec: { storageClassName: 'local' } });

runRuleTests(rule, {
  valid: [
    { name: 'Running Pod whose claim bound after a while', objects: [...runningAfter(immediate, mounting('data')), pvc('data', { status: { phase: 'Bound' } })] },
    { name: 'PVC not found is pvc-not-found', objects: [unschedulable(`0/1 nodes are available: persistentvolumeclaim "data" not found.${tail(1, 1)}`, mounting('data'))] },
    { name: 'volume node affinity is another rule', belongsTo: 'scheduling/volume-node-affinity', objects: [unschedulable(`0/1 nodes are available: 1 node(s) didn't match PersistentVolume's node affinity.${tail(1, 1)}`, mounting('data'))] },
    {
      name: 'a scheduled Pod waiting on FailedMount is the volume stage',
      objects: [mountingPod, event(mountingPod, { reason: 'FailedMount', message: 'MountVolume.SetUp failed for volume "data" : rpc error: code = Internal desc = mount failed' })],
    },
  ],
  invalid: [
    {
      name: 'no StorageClass set and no default class: error at once, root cause on the PVC',
      objects: [p, noClass, noClassEvent],
      expect: [{ severity: 'error', message: /PersistentVolumeClaim "data": it names no StorageClass and the cluster has no default StorageClass/, evidence: /FailedBinding ×4/, remediation: /is-default-class/ }],
    },
    { name: 'StorageClass does not exist (ProvisioningFailed)', objects: [p, missing, missingEvent], expect: [{ severity: 'error', message: /StorageClass "fast-ssd" does not exist/, evidence: 'storageclass.storage.k8s.io "fast-ssd" not found' }] },
    { name: 'StorageClass missing from a snapshot that lists classes', objects: [p, missing, storageClass('standard')], expect: [{ message: /StorageClass "fast-ssd" does not exist/ }] },
    { name: 'CSI provisioning failed: grace applies (may retry)', objects: [p, csi, storageClass('standard'), csiFailed], expect: [{ severity: 'warning', message: /provisioning a volume failed: failed to provision volume with StorageClass "standard": rpc error/ }] },
    { name: 'external provisioner never starts, after the grace period', objects: [unschedulable(immediate, mounting('data')), csi, storageClass('standard'), waiting], expect: [{ severity: 'error', message: /waits for the external provisioner "csi.example.com"/, remediation: /kubectl get csidrivers/ }] },
    { name: 'WaitForFirstConsumer local volumes with none free', objects: [unschedulable(wffcMsg, mounting('data')), localClaim, local], expect: [{ message: /StorageClass "local" does not provision volumes/ }] },
    { name: 'the claim is not in the input', objects: [unschedulable(immediate, mounting('data'))], expect: [{ severity: 'error', message: /is not in the input/ }] },
    { name: 'generic ephemeral volume not created yet', objects: [unschedulable('0/1 nodes are available: waiting for ephemeral volume controller to create the persistentvolumeclaim "api-7d9f-x2k-scratch". preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.', {}, at(-5))], expect: [{ severity: 'warning', message: /ephemeral volume controller has not created/ }] },
  ],
});
