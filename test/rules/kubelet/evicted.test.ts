import rule from '../../../src/rules/kubelet/evicted.js';
import { at, containerStatus, event, node, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// Eviction messages from pkg/kubelet/eviction/helpers.go (k8s-messages.md §2.8); every fragment ends with ". ".
const RS = { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-7d9f', controller: true }] };
function evicted(message: string) {
  return pod({
    metadata: RS,
    status: {
      phase: 'Failed',
      reason: 'Evicted',
      message,
      conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'TerminationByKubelet', message, lastTransitionTime: at(-120) }],
      containerStatuses: [containerStatus({ terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated' } })],
    },
  });
}
const memory = evicted('The node was low on resource: memory. Threshold quantity: 100Mi, available: 83412Ki. Container app was using 1462336Ki, request is 128Mi, has larger consumption of memory. ');
const pressureNode = node({
  status: {
    conditions: [
      { type: 'MemoryPressure', status: 'True', reason: 'KubeletHasInsufficientMemory', message: 'kubelet has insufficient memory available', lastHeartbeatTime: at(-5), lastTransitionTime: at(-150) },
      { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: at(-5), lastTransitionTime: at(-86000) },
    ],
  },
});

runRuleTests(rule, {
  valid: [
    { name: 'a Failed Pod with another reason', objects: [pod({ status: { phase: 'Failed', reason: 'OutOfcpu' } })] },
    { name: 'a Running Pod with an old Evicted event from a predecessor with the same name', objects: [pod({ status: { phase: 'Running' } }), event(pod({ metadata: { uid: 'old-uid' } }), { reason: 'Evicted', message: 'The node was low on resource: memory. ' })] },
  ],
  invalid: [
    {
      name: 'memory pressure: threshold and container usage decoded, node pressure quoted',
      objects: [memory, pressureNode, event(memory, { reason: 'Evicted', message: memory.status.message }), event(pressureNode, { reason: 'EvictionThresholdMet', message: 'Attempting to reclaim memory', source: 'kubelet' })],
      expect: [
        {
          severity: 'error',
          message: /\(memory\).*low on memory \(eviction threshold 100Mi, available 83412Ki \(81\.5Mi\)\).*container "app" was using 1462336Ki \(1\.4Gi\) of memory against a request of 128Mi.*replacement/,
          evidence: /MemoryPressure=True/,
          remediation: 'memory request',
        },
      ],
    },
    {
      name: '1.34 pod-level line',
      objects: [evicted('The node was low on resource: memory. Threshold quantity: 100Mi, available: 90Mi. Pod api-7d9f-x2k was using 2Gi, request is 1Gi, has larger consumption of memory. ')],
      expect: [{ message: 'the Pod as a whole was using 2Gi against a pod-level request of 1Gi' }],
    },
    { name: 'container ephemeral-storage limit', objects: [evicted('Container app exceeded its local ephemeral storage limit "1Gi". ')], expect: [{ message: /ephemeral-storage.*container "app" exceeded its ephemeral-storage limit "1Gi"/, remediation: 'limits.ephemeral-storage' }] },
    { name: 'pod total ephemeral storage', objects: [evicted('Pod ephemeral local storage usage exceeds the total limit of containers 2Gi. ')], expect: [{ message: 'total of its containers\' limits (2Gi)' }] },
    { name: 'emptyDir sizeLimit', objects: [evicted('Usage of EmptyDir volume "scratch" exceeds the limit "500Mi". ')], expect: [{ message: 'emptyDir volume "scratch" exceeded its sizeLimit "500Mi"' }] },
    { name: 'admission-time eviction under DiskPressure', objects: [evicted('Pod was rejected: The node had condition: [DiskPressure]. ')], expect: [{ message: 'already had DiskPressure', remediation: 'free disk' }] },
    { name: 'nodefs pressure with two containers', objects: [evicted('The node was low on resource: ephemeral-storage. Threshold quantity: 5Gi, available: 4Gi. Container app was using 3Gi, request is 0, has larger consumption of ephemeral-storage. Container log-shipper was using 1Gi, request is 0, has larger consumption of ephemeral-storage. ')], expect: [{ message: /container "app".*container "log-shipper"/ }] },
  ],
});
