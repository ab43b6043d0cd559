import rule from '../../../src/rules/scheduling/not-scheduled-long.js';
import { node } from '../../harness/builders.js';
import { capturedAt, runRuleTests } from '../../harness/rule-tester.js';
import { neverScheduled } from '../stuck.js';
import { runningPod } from './pending.js';

const gated = neverScheduled(1800);
gated.spec.schedulingGates = [{ name: 'example.com/queue' }];

runRuleTests(rule, {
  valid: [
    { name: 'real capture at 5 s: no scheduler has looked yet, but it is young', fixture: 'real/sched-no-scheduler.yaml' },
    { name: 'waiting 2 minutes only', objects: [neverScheduled(120), node()] },
    { name: 'bound to a node', objects: [runningPod(), node()] },
    { name: 'held by a scheduling gate (scheduling/scheduling-gated says why)', objects: [gated, node()] },
  ],
  invalid: [
    { name: 'real capture judged 15 minutes later: spec.schedulerName names no running scheduler', fixture: 'real/sched-no-scheduler.yaml', now: capturedAt('real/sched-no-scheduler.yaml') + 15 * 60_000, expect: [{ severity: 'error', message: /waited 15m to be scheduled and no scheduler has recorded a decision/ }] },
    {
      name: 'no PodScheduled condition after 30 minutes: no scheduler has looked at it',
      objects: [neverScheduled(1800), node()],
      expect: [{ severity: 'error', failureClass: 'transient', message: /waited 30m to be scheduled and no scheduler has recorded a decision .* Check that kube-scheduler is running/, evidence: 'spec.schedulerName: default-scheduler' }],
    },
    {
      name: 'a custom schedulerName is named',
      objects: [neverScheduled(1800, 'my-scheduler'), node()],
      expect: [{ message: /It asks for scheduler "my-scheduler" \(spec.schedulerName\)/, remediation: 'my-scheduler' }],
    },
  ],
});
