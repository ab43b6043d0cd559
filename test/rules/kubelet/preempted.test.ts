import rule from '../../../src/rules/kubelet/preempted.js';
import { at, conditions, containerStatus, event, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// Scheduler preemption (§1.1: Preempted event, DisruptionTarget/PreemptionByScheduler) and kubelet preemption (§2.8).
const RS = { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'batch-5c8d', controller: true }] };
const victim = pod({
  metadata: { ...RS, deletionTimestamp: at(20), deletionGracePeriodSeconds: 30 },
  status: {
    phase: 'Running',
    conditions: [...conditions({ sandbox: true, ready: true }), { type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler', message: 'default-scheduler: preempting to accommodate a higher priority pod', lastTransitionTime: at(-10) }],
    containerStatuses: [containerStatus({ running: { startedAt: at(-500) }, ready: true })],
  },
});
const preemptedEvent = (p: Record<string, any>) => event(p, { reason: 'Preempted', type: 'Normal', source: 'default-scheduler', message: 'Preempted by pod 6f1d2a3b-0000-4000-8000-000000000042 on node node-1', first: at(-10), last: at(-10) });
const running = pod({ status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-500) }, ready: true })] } });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: the preemptor, Pending until the victim is gone, belongs to scheduling/insufficient-resources', fixture: 'real/kubelet-preempted.yaml', target: 'critical' },
    { name: 'a Preempted event on a Pod that is neither deleting nor a disruption target', objects: [running, preemptedEvent(running)] },
    { name: 'DisruptionTarget from the taint manager is not preemption', objects: [pod({ status: { phase: 'Running', conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' }] } })] },
  ],
  invalid: [
    { name: 'real capture: a bare Pod preempted by a system-cluster-critical Pod, inside its grace period', fixture: 'real/kubelet-preempted.yaml', target: 'victim', expect: [{ severity: 'warning', message: /preempted this Pod.*on node "kdiag-node-1".*nothing will recreate it/, evidence: 'PreemptionByScheduler' }] },
    { name: 'scheduler preemption victim being deleted', objects: [victim, preemptedEvent(victim)], expect: [{ severity: 'warning', confidence: 'high', message: /preemptor UID 6f1d2a3b-0000-4000-8000-000000000042 on node "node-1".*ReplicaSet "batch-5c8d" will create a replacement/, evidence: 'PreemptionByScheduler' }] },
    {
      name: 'kubelet critical-pod preemption',
      objects: [pod({ status: { phase: 'Failed', reason: 'Preempting', message: 'Preempted in order to admit critical pod' } })],
      expect: [{ severity: 'error', message: 'to admit a critical Pod', evidence: 'Preempting' }],
    },
  ],
});
