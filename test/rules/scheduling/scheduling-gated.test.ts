import rule from '../../../src/rules/scheduling/scheduling-gated.js';
import { at } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { runningPod, tail, unschedulable } from './pending.js';

const gatedCondition = { type: 'PodScheduled', status: 'False', reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates', lastTransitionTime: at(-120) };
const gated = (since = at(-120), gates = [{ name: 'example.com/quota-check' }]) => unschedulable('', { spec: { schedulingGates: gates }, status: { conditions: [{ ...gatedCondition, lastTransitionTime: since }] } });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a Pod no scheduler looks at has no gate', fixture: 'real/sched-no-scheduler.yaml' },
    { name: 'gates removed and the Pod scheduled', objects: [runningPod()] },
    { name: 'ungated but unschedulable is another rule', belongsTo: 'scheduling/insufficient-resources', objects: [unschedulable(`0/1 nodes are available: 1 Insufficient cpu.${tail(1, 0, 1)}`)] },
    { name: 'a gated Pod being deleted', objects: [unschedulable('', { metadata: { deletionTimestamp: at(-5) }, spec: { schedulingGates: [{ name: 'example.com/quota-check' }] } })] },
  ],
  invalid: [
    { name: 'real capture: a gate no controller removes', fixture: 'real/sched-scheduling-gated.yaml', expect: [{ severity: 'warning', message: /held back by scheduling gate "example\.com\/queue-admission"/, evidence: 'SchedulingGated' }] },
    { name: 'gated for two minutes: a warning naming the gate', objects: [gated()], expect: [{ severity: 'warning', message: /held back by scheduling gate "example.com\/quota-check" for 2m/, evidence: 'SchedulingGated', remediation: /"op":"remove","path":"\/spec\/schedulingGates"/ }] },
    { name: 'gated for hours: still a warning, says it is long', objects: [gated(at(-7200), [{ name: 'a.example.com/one' }, { name: 'b.example.com/two' }])], expect: [{ severity: 'warning', message: /gates "a.example.com\/one", "b.example.com\/two" for 120m.*longer than 10m/ }] },
    { name: 'gates in the spec, condition not yet written', objects: [unschedulable('', { spec: { schedulingGates: [{ name: 'example.com/quota-check' }] }, status: { conditions: [] } })], expect: [{ evidence: 'spec.schedulingGates' }] },
  ],
});
