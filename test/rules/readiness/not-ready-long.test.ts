import rule from '../../../src/rules/readiness/not-ready-long.js';
import { at, conditions, containerStatus, event, IMAGE, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

function running(since: number, ready = false, waiting = false, probes: Record<string, unknown> = { readinessProbe: { httpGet: { path: '/ready', port: 8080 } } }, started = true) {
  return pod({
    spec: { containers: [{ name: 'app', image: IMAGE, ...probes }] },
    status: {
      phase: 'Running',
      conditions: conditions({ sandbox: true, ready, since: at(since) }),
      containerStatuses: [containerStatus(waiting ? { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container=app pod=x' } } : { running: { startedAt: at(since) }, ready, started })],
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
  invalid: [
    {
      name: 'Running, not Ready for 25 minutes, no events: the readiness probe that never passed is named',
      objects: [stuck],
      expect: [{ severity: 'error', confidence: 'medium', message: /container "app" has been running but not Ready for 25m: it has not passed its readiness probe httpGet http:\/\/:8080\/ready .*, and no probe failure events explain it/, evidence: 'readinessProbe' }],
    },
    {
      name: 'a startup probe that has not passed (started: false) is named instead of the readiness probe',
      objects: [running(-1500, false, false, { startupProbe: { exec: { command: ['cat', '/tmp/up'] }, failureThreshold: 1000 }, readinessProbe: { httpGet: { path: '/ready', port: 8080 } } }, false)],
      expect: [{ severity: 'error', confidence: 'medium', message: /it has not passed its startup probe exec \[cat \/tmp\/up\]/, evidence: 'startupProbe' }],
    },
    { name: 'no probe in the spec: the cause is not visible', objects: [running(-1500, false, false, {})], expect: [{ severity: 'error', confidence: 'low', message: /has been running but not Ready for 25m, and no probe failure events explain it/, evidence: 'ready' }] },
  ],
});
