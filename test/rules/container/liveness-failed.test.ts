import rule from '../../../src/rules/container/liveness-failed.js';
import { describe, expect, it } from 'vitest';
import { runRule, runRuleTests } from '../../harness/rule-tester.js';
import { crashLooping, killing, runningPod, spec, terminated, unhealthy } from './crashing.js';

const PROBE = { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10, failureThreshold: 3 };
const S = spec({ livenessProbe: PROBE, ports: [{ containerPort: 8080, name: 'http' }] });
const KILL = 'Container app failed liveness probe, will be restarted';

const looping = crashLooping(terminated(137, 'Error', -160, -100), { spec: S, restartCount: 6, delay: '2m40s' });
const graceful = crashLooping(terminated(143, 'Error', -160, -100), { spec: S });
const restarted = runningPod({ startedSeconds: -90, last: terminated(137, 'Error', -400, -95), restartCount: 1, spec: S, ready: false });
const failingNow = runningPod({ startedSeconds: -300, spec: S });
const again = runningPod({ startedSeconds: -4, last: terminated(143, 'Error', -10, -4), restartCount: 1, spec: S });
const oomLoop = crashLooping(terminated(137, 'OOMKilled', -160, -100), { spec: S });
const exit1Loop = crashLooping(terminated(1, 'Error', -160, -100), { spec: S });
const longAgo = runningPod({ startedSeconds: -5000, last: terminated(137, 'Error', -6000, -5005), restartCount: 1, spec: S });
// Killed for the 4th time 10 s ago; the kubelet's spam filter stopped updating the Killing event 4 minutes ago
// (its time falls in an earlier instance), so only exit 137 + restarts + the probe + that old event remain.
const fourthKill = runningPod({ startedSeconds: -10, last: terminated(137, 'Error', -100, -10), restartCount: 4, spec: S, ready: false });
const justRestarted = runningPod({ startedSeconds: -2, last: terminated(143, 'Error', -34, -29), restartCount: 4, spec: S });
const readyAnHour = runningPod({ startedSeconds: -3700, last: terminated(137, 'Error', -3800, -3705), restartCount: 1, spec: S });

runRuleTests(rule, {
  valid: [
    { name: 'restarted by liveness long ago; probe events predate the current instance', objects: [longAgo, killing(longAgo, KILL, -5006), unhealthy(longAgo, 'Liveness probe failed: HTTP probe failed with statuscode: 500', -5100, -5010)] },
    { name: 'an OOM kill wins even when a liveness kill happened earlier', objects: [oomLoop, killing(oomLoop, KILL, -120)] },
    { name: 'one failure 4 minutes ago in the current instance, then it recovered', objects: [failingNow, unhealthy(failingNow, 'Liveness probe failed: HTTP probe failed with statuscode: 500', -250, -240, 1)] },
    { name: 'readiness failures are not liveness failures', objects: [failingNow, unhealthy(failingNow, 'Readiness probe failed: HTTP probe failed with statuscode: 503', -200, -5)] },
    { name: 'a liveness kill from an earlier instance, last instance crashed with exit 1', objects: [exit1Loop, killing(exit1Loop, KILL, -600)] },
    { name: 'near miss: a single liveness kill over an hour ago, Ready since: healthy', objects: [readyAnHour, killing(readyAnHour, KILL, -3706), unhealthy(readyAnHour, 'Liveness probe failed: HTTP probe failed with statuscode: 500', -3760, -3710)] },
    { name: 'near miss: exit 137 with a liveness probe but no liveness kill or failure recorded is not called one', objects: [crashLooping(terminated(137, 'Error', -160, -100), { spec: S, restartCount: 6 })] },
  ],
  invalid: [
    {
      name: 'crash loop of liveness kills (137) quotes probe and failure',
      objects: [looping, killing(looping, KILL, -102, 6), unhealthy(looping, 'Liveness probe failed: HTTP probe failed with statuscode: 500', -500, -103, 18)],
      expect: [{ severity: 'error', message: /is killed by its liveness probe httpGet http:\/\/:8080\/healthz .*"Liveness probe failed: HTTP probe failed with statuscode: 500"; it exited with code 137/, evidence: 'failed liveness probe', remediation: 'kubectl logs -n shop api-7d9f-x2k -c app --previous' }],
    },
    {
      name: 'graceful 143 exit after a kill; probe port not declared',
      objects: [graceful, killing(graceful, KILL, -105), unhealthy(graceful, 'Liveness probe failed: Get "http://10.244.1.7:8080/healthz": dial tcp 10.244.1.7:8080: connect: connection refused', -140, -106)],
      expect: [{ message: /connection refused.*code 143/ }],
    },
    {
      name: 'durable: the 4th kill 10 s ago, its Killing event last recorded 4 minutes ago: repeated, an error',
      objects: [fourthKill, killing(fourthKill, KILL, -240, 3), unhealthy(fourthKill, 'Liveness probe failed: HTTP probe failed with statuscode: 500', -400, -245, 9)],
      expect: [{ severity: 'error', failureClass: 'repeated', message: /was restarted 10s ago by its liveness probe .*restarted 4 times and is not Ready again/ }],
    },
    {
      name: 'restarted 4 times, running and Ready 2 s after its latest restart (as captured at ~1 min): repeated, an error',
      objects: [justRestarted, killing(justRestarted, KILL, -29, 4)],
      expect: [{ severity: 'error', failureClass: 'repeated', message: /restarted 4 times\.$/ }],
    },
    // Near miss of the row above: running again, so the probe can be run by hand in it.
    { name: 'restarted 95s ago, running again: warning', objects: [restarted, killing(restarted, KILL, -97)], expect: [{ severity: 'warning', message: /was restarted 95s ago by its liveness probe/, remediation: /^Run the probe by hand inside the container: kubectl exec -n shop api-7d9f-x2k -c app -- / }] },
    {
      name: 'first kill, and failing again in the new instance (as captured from a real 1.34 cluster): error',
      objects: [again, killing(again, KILL, -5), unhealthy(again, "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory\n", -8, -2, 3)],
      expect: [{ severity: 'error', message: /was restarted 4s ago by its liveness probe .*"Liveness probe failed: cat: can't open '\/tmp\/healthy': No such file or directory"; the probe fails again in the new instance/ }],
    },
    {
      name: 'failing now (1.33+ errored wording), not yet killed',
      objects: [failingNow, unhealthy(failingNow, 'Liveness probe errored and resulted in unknown state: rpc error: code = DeadlineExceeded desc = context deadline exceeded', -40, -5, 2)],
      expect: [{ severity: 'warning', message: /is failing its liveness probe .*restarts it after 3 consecutive failures/ }],
    },
    { name: 'failing now (≤1.32 errored wording)', objects: [failingNow, unhealthy(failingNow, 'Liveness probe errored: rpc error: code = Unknown desc = failed to exec in container', -40, -5, 2)], expect: [{ severity: 'warning' }] },
  ],
});

describe('the probe by hand', () => {
  it('is not suggested while the container waits in back-off: kubectl exec is refused then ("unable to upgrade connection: container not found")', () => {
    const [waiting] = runRule(rule, { name: 'looping', objects: [looping, killing(looping, KILL, -102, 6), unhealthy(looping, 'Liveness probe failed: HTTP probe failed with statuscode: 500', -500, -103, 18)] });
    expect(waiting?.remediation.filter((l) => l.includes('kubectl exec'))).toEqual([]);
    // Near miss: running again, the probe can be run in it.
    const [running] = runRule(rule, { name: 'restarted', objects: [restarted, killing(restarted, KILL, -97)] });
    expect(running?.remediation.filter((l) => l.includes('kubectl exec')).length).toBe(1);
  });
});
