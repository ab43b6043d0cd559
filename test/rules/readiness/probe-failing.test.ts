import rule from '../../../src/rules/readiness/probe-failing.js';
import { at, conditions, containerStatus, event, IMAGE, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

const HTTP = { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5, failureThreshold: 3 };
function notReady(opts: { started?: number; probe?: Record<string, any>; ready?: boolean; ports?: Array<Record<string, any>>; startupProbe?: Record<string, any>; started2?: boolean } = {}) {
  const ready = opts.ready ?? false;
  return pod({
    spec: { containers: [{ name: 'app', image: IMAGE, readinessProbe: opts.probe ?? HTTP, ports: opts.ports ?? [{ name: 'http', containerPort: 8080 }], ...(opts.startupProbe ? { startupProbe: opts.startupProbe } : {}) }] },
    status: {
      phase: 'Running',
      conditions: conditions({ sandbox: true, initialized: true, ready }).map((c) => (c.type === 'ContainersReady' && !ready ? { ...c, message: 'containers with unready status: [app]' } : c)),
      containerStatuses: [containerStatus({ running: { startedAt: at(opts.started ?? -300) }, ready, started: opts.started2 ?? true })],
    },
  });
}
const unhealthy = (p: Record<string, any>, message: string, first: number, last: number, count = 30) => event(p, { reason: 'Unhealthy', message, count, first: at(first), last: at(last), fieldPath: 'spec.containers{app}' });

const failing = notReady();
const recovered = notReady({ ready: true });
const restarted = notReady({ started: -30 });
const young = notReady({ started: -30 });
const tcp = notReady({ probe: { tcpSocket: { port: 5433 } }, ports: [{ containerPort: 5432 }] });
const errored = notReady({ probe: { exec: { command: ['cat', '/tmp/ready'] } } });
const notStarted = notReady({ startupProbe: { httpGet: { path: '/started', port: 8080 } }, started2: false });

runRuleTests(rule, {
  valid: [
    { name: 'Ready now; old Unhealthy events are stale', objects: [recovered, unhealthy(recovered, 'Readiness probe failed: HTTP probe failed with statuscode: 503', -280, -200)] },
    { name: 'failures from before the current container started', objects: [restarted, unhealthy(restarted, 'Readiness probe failed: HTTP probe failed with statuscode: 503', -400, -60)] },
    { name: 'liveness failures are not readiness failures', objects: [failing, unhealthy(failing, 'Liveness probe failed: HTTP probe failed with statuscode: 500', -280, -5)] },
    { name: 'startup probe not passed yet: readiness is not probed', objects: [notStarted, unhealthy(notStarted, 'Readiness probe failed: HTTP probe failed with statuscode: 503', -280, -5)] },
    { name: 'a readiness-probe failure event on a Pending Pod', objects: [pod({ status: { phase: 'Pending' } })] },
  ],
  invalid: [
    {
      name: 'HTTP 503 for 5 minutes quotes probe and failure',
      objects: [failing, unhealthy(failing, 'Readiness probe failed: HTTP probe failed with statuscode: 503', -280, -5, 56)],
      expect: [{ severity: 'error', confidence: 'high', message: /Container "app" has been Running for 5m but is not Ready: its readiness probe httpGet http:\/\/:8080\/ready .*fails: "Readiness probe failed: HTTP probe failed with statuscode: 503" \(×56\)/, evidence: 'Warning Unhealthy ×56', remediation: 'http://localhost:8080/ready' }],
    },
    { name: 'tcpSocket to an undeclared port', objects: [tcp, unhealthy(tcp, 'Readiness probe failed: dial tcp 10.244.1.7:5433: connect: connection refused', -280, -5)], expect: [{ message: /tcpSocket :5433.*connection refused.*the probe targets port 5433, but container app declares 5432/ }] },
    { name: '1.33+ errored wording', objects: [errored, unhealthy(errored, 'Readiness probe errored and resulted in unknown state: rpc error: code = NotFound desc = failed to exec in container: container is in CONTAINER_EXITED state', -280, -5)], expect: [{ message: /exec \[cat \/tmp\/ready\].*could not run \(resulted in unknown state\)/ }] },
    { name: '≤1.32 errored wording', objects: [errored, unhealthy(errored, 'Readiness probe errored: rpc error: code = Unknown desc = failed to exec in container', -280, -5)], expect: [{ message: 'could not run' }] },
    { name: 'an exec probe with no output', objects: [errored, unhealthy(errored, 'Readiness probe failed: ', -280, -5)], expect: [{ message: '"Readiness probe failed:" (no output: the command exited non-zero)' }] },
    { name: 'within the grace period after the container started: a warning', objects: [young, unhealthy(young, 'Readiness probe failed: HTTP probe failed with statuscode: 503', -25, -5, 4)], expect: [{ severity: 'warning' }] },
  ],
});
