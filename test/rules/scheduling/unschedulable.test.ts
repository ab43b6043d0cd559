import rule from '../../../src/rules/scheduling/unschedulable.js';
import { at } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { failedScheduling, runningAfter, tail, unschedulable } from './pending.js';

const truncatedPod = unschedulable('', { status: { conditions: [] } });
const limits = `0/3 nodes are available: 1 Insufficient cpu, 2 node(s) exceed max volume count.${tail(3, 2, 1)}`;

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a hostPort conflict belongs to scheduling/host-port-conflict', fixture: 'real/sched-host-port-conflict.yaml', target: 'second' },
    { name: 'real capture: the Pod that holds the ReadWriteOncePod claim runs', fixture: 'real/sched-rwop-in-use.yaml', target: 'writer' },
    { name: 'scheduled Pod with an old fallback event', objects: [...runningAfter(limits)] },
    { name: 'every reason is claimed by a specific rule', objects: [unschedulable(`0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu.${tail(3, 1, 2)}`)] },
    { name: 'PreFilter narrowing of a DaemonSet Pod is context, cpu is claimed', objects: [unschedulable(`0/5 nodes are available: 1 Insufficient cpu, 4 node(s) didn't satisfy plugin(s) [NodeAffinity].${tail(5, 4, 1)}`)] },
    {
      name: 'a truncated event copy: the cut-off entry is not an unknown reason',
      objects: [truncatedPod, failedScheduling(truncatedPod, `0/120 nodes are available: 1 Insufficient memory, 119 node(s) didn't match Pod's node affinity/selector, 3 node(s) had untol ...`)],
    },
    { name: 'all nodes set aside by the NodeAffinity PreFilter is node-selector-mismatch', objects: [unschedulable(`0/3 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity].${tail(3, 3)}`)] },
    { name: 'no nodes is its own rule', objects: [unschedulable('no nodes available to schedule pods')] },
    { name: 'a gated Pod', objects: [unschedulable('', { spec: { schedulingGates: [{ name: 'x.example.com/wait' }] }, status: { conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' }] } })] },
  ],
  invalid: [
    { name: 'real capture: a second Pod on a ReadWriteOncePod claim in use (young: a warning)', fixture: 'real/sched-rwop-in-use.yaml', target: 'second-writer', expect: [{ severity: 'warning', message: /PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod/ }] },
    { name: 'CSI attach limit: counts reported, leads the message', objects: [unschedulable(limits)], expect: [{ severity: 'error', confidence: 'high', message: /Pod cannot be scheduled: 2 node\(s\) exceed max volume count \(the nodes reached their CSI volume attach limit\)/ }] },
    {
      name: 'ReadWriteOncePod in use (1.34+ wording)',
      objects: [unschedulable(`0/2 nodes are available: 2 node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod.${tail(2, 2)}`)],
      expect: [{ message: /ReadWriteOncePod claim is already in use/ }],
    },
    {
      name: 'SchedulerError from a PreBind plugin, within grace',
      objects: [unschedulable('', { status: { conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulerError', message: 'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded', lastTransitionTime: at(-30) }] } })],
      expect: [{ severity: 'warning', message: /the scheduler failed \(SchedulerError\): running PreBind plugin "VolumeBinding"/ }],
    },
    { name: 'an unknown reason from a newer scheduler', objects: [unschedulable(`0/2 nodes are available: 2 node(s) didn't match Pod's required features.${tail(2, 2)}`)], expect: [{ message: /lack a feature the Pod requires/ }] },
  ],
});
