import rule from '../../../src/rules/volume/attach-failed.js';
import { at, conditions, containerStatus, event, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// k8s-messages.md §7.2.
const creating = pod({ spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] }, status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()] } });
const pvc = obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pvc-0a1b' }, status: { phase: 'Bound' } });
const attach = (message: string, extra: Record<string, unknown> = {}) => event(creating, { reason: 'FailedAttachVolume', source: 'attachdetach-controller', message, first: at(-400), ...extra });

runRuleTests(rule, {
  valid: [
    { name: 'Multi-Attach is volume/multi-attach\'s', objects: [creating, attach('Multi-Attach error for volume "pvc-0a1b" Volume is already used by pod(s) api-old')] },
    { name: 'Pod being deleted', objects: [pod({ metadata: { deletionTimestamp: at(10) }, spec: creating.spec, status: creating.status }), attach('AttachVolume.Attach failed for volume "pvc-0a1b" : rpc error: code = NotFound desc = disk not found')] },
  ],
  invalid: [
    { name: 'external-attacher never acts', objects: [creating, pvc, attach('AttachVolume.Attach failed for volume "pvc-0a1b" : timed out waiting for external-attacher of ebs.csi.aws.com CSI driver to attach volume vol-0123456789abcdef0')], expect: [{ severity: 'error', message: 'external-attacher of CSI driver ebs.csi.aws.com never attached it', remediation: 'csi-attacher' }] },
    { name: 'driver returned NotFound', objects: [creating, pvc, attach('AttachVolume.Attach failed for volume "pvc-0a1b" : rpc error: code = NotFound desc = Instance "i-0abc" not found')], expect: [{ message: 'returned NotFound: the disk does not exist' }] },
    { name: 'fresh failure is a warning', objects: [creating, attach('AttachVolume.Attach failed for volume "pvc-0a1b" : rpc error: code = Internal desc = boom', { first: at(-15) })], expect: [{ severity: 'warning' }] },
  ],
});
