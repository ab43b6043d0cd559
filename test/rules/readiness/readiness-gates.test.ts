import rule from '../../../src/rules/readiness/readiness-gates.js';
import { at, containerStatus, pod } from '../../harness/builders.js';
import { capturedAt, runRuleTests } from '../../harness/rule-tester.js';

const GATE = 'target-health.elbv2.k8s.aws/k8s-shop-api-4f2b9c1d7e';
function gated(opts: { containersReady?: boolean; gate?: Record<string, any>; readyMessage?: string; since?: number }) {
  const since = at(opts.since ?? -900);
  const ready = opts.readyMessage === undefined;
  return pod({
    spec: { readinessGates: [{ conditionType: GATE }] },
    status: {
      phase: 'Running',
      conditions: [
        { type: 'PodReadyToStartContainers', status: 'True', lastTransitionTime: at(-1000) },
        { type: 'Initialized', status: 'True', lastTransitionTime: at(-1000) },
        ready ? { type: 'Ready', status: 'True', lastTransitionTime: since } : { type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady', message: opts.readyMessage, lastTransitionTime: since },
        { type: 'ContainersReady', status: opts.containersReady === false ? 'False' : 'True', lastTransitionTime: since },
        { type: 'PodScheduled', status: 'True', lastTransitionTime: at(-1000) },
        ...(opts.gate ? [opts.gate] : []),
      ],
      containerStatuses: [containerStatus({ running: { startedAt: at(-950) }, ready: opts.containersReady !== false, started: true })],
    },
  });
}
const MISSING = `corresponding condition of pod readiness gate "${GATE}" does not exist.`;
const FALSE = `the status of pod readiness gate "${GATE}" is not "True", but False`;

runRuleTests(rule, {
  valid: [
    { name: 'real capture: containers not ready yet belong to readiness/probe-failing', fixture: 'real/readiness-probe-failing.yaml' },
    { name: 'gate True and Pod Ready', objects: [gated({ gate: { type: GATE, status: 'True', lastTransitionTime: at(-800) } })] },
    { name: 'containers not ready yet: the containers come first', objects: [gated({ containersReady: false, readyMessage: 'containers with unready status: [app]' })] },
    { name: 'a Pod without readiness gates', objects: [pod({ status: { phase: 'Running' } })] },
  ],
  invalid: [
    { name: 'real capture: a readiness gate no controller sets (young: a warning)', fixture: 'real/readiness-readiness-gates.yaml', expect: [{ severity: 'warning', message: /readiness gate "target-health\.example\.com\/web" has no condition on the Pod/ }] },
    { name: 'real capture judged 11 minutes later: an error', fixture: 'real/readiness-readiness-gates.yaml', now: capturedAt('real/readiness-readiness-gates.yaml') + 11 * 60_000, expect: [{ severity: 'error', message: 'target-health.example.com/web' }] },
    { name: 'condition missing for 15 minutes', objects: [gated({ readyMessage: MISSING })], expect: [{ severity: 'error', message: /readiness gate "target-health\.elbv2\.k8s\.aws\/k8s-shop-api-4f2b9c1d7e" has no condition on the Pod, for 15m/, evidence: 'does not exist', remediation: 'patch Pod status' }] },
    { name: 'condition False', objects: [gated({ readyMessage: FALSE, gate: { type: GATE, status: 'False', reason: 'Elb.RegistrationInProgress', lastTransitionTime: at(-900) } })], expect: [{ message: 'is False (Elb.RegistrationInProgress)', evidence: 'is not "True", but False' }] },
    { name: 'recent: still a warning', objects: [gated({ readyMessage: MISSING, since: -90 })], expect: [{ severity: 'warning' }] },
  ],
});
