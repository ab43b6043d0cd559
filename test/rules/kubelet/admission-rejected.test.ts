import rule from '../../../src/rules/kubelet/admission-rejected.js';
import { event, node, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// rejectPod (pkg/kubelet/kubelet.go): phase Failed, reason = admission reason, message "Pod was rejected: …" (k8s-messages.md §2.7).
const RS = { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-7d9f', controller: true }] };
function rejected(reason: string, message: string, meta: Record<string, unknown> = RS) {
  return pod({ metadata: meta, status: { phase: 'Failed', reason, message } });
}
const outOfCpu = rejected('OutOfcpu', "Pod was rejected: Node didn't have enough resource: cpu, requested: 2000, used: 3500, capacity: 4000");
const outOfMem = rejected('OutOfmemory', "Pod was rejected: Node didn't have enough resource: memory, requested: 1073741824, used: 7516192768, capacity: 8589934592", {});
const gpu = rejected('UnexpectedAdmissionError', 'Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected');

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a Failed Pod evicted for its storage belongs to kubelet/evicted', fixture: 'real/kubelet-evicted-ephemeral-storage.yaml' },
    { name: 'real capture: a Pod killed at its activeDeadlineSeconds belongs to kubelet/deadline-exceeded', fixture: 'real/kubelet-deadline-exceeded.yaml' },
    { name: 'Evicted is kubelet/evicted\'s', objects: [rejected('Evicted', 'Pod was rejected: The node had condition: [DiskPressure]. ')] },
    { name: 'a Pod that failed by itself (container exit)', objects: [pod({ status: { phase: 'Failed' } })] },
    { name: 'DeadlineExceeded is kubelet/deadline-exceeded\'s', objects: [rejected('DeadlineExceeded', 'Pod was active on the node longer than the specified deadline')] },
    { name: 'Pending Pod with a reason-like message', objects: [pod({ status: { phase: 'Pending', reason: 'OutOfcpu' } })] },
  ],
  invalid: [
    { name: 'real capture: a Pod bound by spec.nodeName that asks for 64 cpus (OutOfcpu)', fixture: 'real/kubelet-admission-rejected.yaml', expect: [{ severity: 'error', message: /rejected the Pod \(OutOfcpu\): not enough cpu on node "kdiag-node-1": the Pod requests 64000m/, evidence: "Pod was rejected: Node didn't have enough resource: cpu" }] },
    {
      name: 'OutOfcpu decoded, with the kubelet event, owned by a ReplicaSet',
      objects: [outOfCpu, node(), event(outOfCpu, { reason: 'OutOfcpu', message: "Node didn't have enough resource: cpu, requested: 2000, used: 3500, capacity: 4000" })],
      expect: [{ severity: 'error', message: /OutOfcpu.*requests 2000m, 3500m of 4000m allocatable.*500m free.*ReplicaSet "api-7d9f" creates a replacement/, evidence: /Warning OutOfcpu/ }],
    },
    { name: 'OutOfmemory in bytes, bare Pod', objects: [outOfMem], expect: [{ message: /requests 1Gi, 7Gi of 8Gi.*nothing owns this one/ }] },
    { name: 'OutOfpods', objects: [rejected('OutOfpods', "Pod was rejected: Node didn't have enough resource: pods, requested: 1, used: 110, capacity: 110")], expect: [{ message: 'not enough pods' }] },
    { name: 'extended resource', objects: [rejected('OutOfnvidia.com/gpu', "Pod was rejected: Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 0, capacity: 0")], expect: [{ remediation: /device plugin/ }] },
    { name: 'NodeAffinity predicate', objects: [rejected('NodeAffinity', "Pod was rejected: Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector")], expect: [{ message: 'nodeSelector', remediation: '--show-labels' }] },
    { name: 'TaintToleration predicate', objects: [rejected('TaintToleration', "Pod was rejected: Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate")], expect: [{ message: 'NoExecute taint' }] },
    { name: 'device plugin allocation', objects: [gpu], expect: [{ message: 'could not allocate a device' }] },
    { name: 'node shutting down', objects: [rejected('NodeShutdown', 'Pod was rejected: Pod was rejected as the node is shutting down.')], expect: [{ message: 'shutting down' }] },
    { name: 'TopologyAffinityError', objects: [rejected('TopologyAffinityError', 'Pod was rejected: Resources cannot be allocated with Topology locality')], expect: [{ message: 'NUMA' }] },
  ],
});
