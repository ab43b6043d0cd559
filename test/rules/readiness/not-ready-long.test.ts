import rule from '../../../src/rules/readiness/not-ready-long.js';
import { at, conditions, containerStatus, event, IMAGE, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

function running(since: number, ready = false, waiting = false) {
  return pod({
    spec: { containers: [{ name: 'app', image: IMAGE, readinessProbe: { httpGet: { path: '/ready', port: 8080 } } }] },
    status: {
      phase: 'Running',
      conditions: conditions({ sandbox: true, ready, since: at(since) }),
      containerStatuses: [containerStatus(waiting ? { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container=app pod=x' } } : { running: { startedAt: at(since) }, ready, started: true })],
    },
  });
}
const stuck = running(-1500);

runRuleTests(rule, {
  valid: [
    { name: 'not Ready for 3 minutes only', objects: [running(-180)] },
    { name: 'probe failures explain it (readiness/probe-failing)', objects: [stuck, event(stuck, { reason: 'Unhealthy', message: 'Readiness probe failed: HTTP probe failed with statuscode: 503', count: 200, first: at(-1490), last: at(-3), fieldPath: 'spec.containers{app}' })] },
    { name: 'a container not running is the container stage', objects: [running(-1500, false, true)] },
    { name: 'Ready', objects: [running(-1500, true)] },
  ],
  invalid: [{ name: 'Running, not Ready for 25 minutes, no events', objects: [stuck], expect: [{ severity: 'error', confidence: 'low', message: /container "app" has been running but not Ready for 25m, and no probe failure events explain it/, evidence: 'ready' }] }],
});
