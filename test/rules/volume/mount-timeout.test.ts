import rule from '../../../src/rules/volume/mount-timeout.js';
import { at, conditions, containerStatus, event, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// kubelet.go + volume_manager.go summary (k8s-messages.md §7.1, §9: suffix changed between 1.27 and 1.29).
const creating = pod({
  spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }, { name: 'kube-api-access-9xk2p', projected: { sources: [] } }] },
  status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()] },
});
const bound = obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pvc-0a1b', storageClassName: 'ebs' }, status: { phase: 'Bound' } });
const NEW = 'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data kube-api-access-9xk2p], failed to process volumes=[]: context deadline exceeded';
const OLD = 'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data kube-api-access-9xk2p]: timed out waiting for the condition';
const summary = (message: string) => event(creating, { reason: 'FailedMount', message, count: 4, first: at(-500) });

runRuleTests(rule, {
  valid: [
    {
      name: 'explained by a Multi-Attach error',
      objects: [creating, bound, summary(NEW), event(creating, { reason: 'FailedAttachVolume', source: 'attachdetach-controller', message: 'Multi-Attach error for volume "pvc-0a1b" Volume is already exclusively attached to one node and can\'t be attached to another' })],
    },
    { name: 'explained by a specific FailedMount', objects: [creating, bound, summary(NEW), event(creating, { reason: 'FailedMount', message: 'MountVolume.SetUp failed for volume "pvc-0a1b" : rpc error: code = Internal desc = boom' })] },
    { name: 'an unbound claim is volume/pvc-pending\'s', objects: [creating, obj('PersistentVolumeClaim', 'data', { status: { phase: 'Pending' } }), summary(NEW)] },
    { name: 'Pod Running now', objects: [pod({ spec: creating.spec, status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-10) } })] } }), bound, summary(NEW)] },
  ],
  invalid: [
    { name: '1.29+ summary with nothing else: attach is the suspect', objects: [creating, bound, summary(NEW)], expect: [{ severity: 'error', confidence: 'medium', message: /gave up waiting.*not attached: data; not mounted: data: context deadline exceeded.*no event says why/, remediation: 'volumeattachment' }] },
    { name: '≤1.27 suffix', objects: [creating, bound, summary(OLD)], expect: [{ message: 'timed out waiting for the condition' }] },
  ],
});
