import { eventEvidence } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { probeFailures, probeHandler, probeOf, probeOutput, probePortMismatch, probeRef, probeSettleMs } from '../helpers/probes.js';
import { specPath } from '../helpers/restarts.js';
import { ruleMessages } from '../messages/index.js';
import { formatAge, parseTime } from '../helpers/time.js';
import type { Evidence, Finding, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'readiness/probe-failing',
  scope: 'pod',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'transient',
  title: 'Readiness probe failing',
  docs: {
    description:
      'The container runs, but its readiness probe fails (`Unhealthy`: `Readiness probe failed: ...`, or `Readiness probe errored ...` when the probe could not run), so the Pod is not Ready and Services send it no traffic. Only failures since the current container instance started count; shortly after the start this is still progressing.',
    causes: [
      'the probe path, port or scheme does not match what the application serves (connection refused, 404)',
      'the application is up but reports not-ready because a dependency (database, cache, another service) is unavailable',
      'the probe times out (timeoutSeconds defaults to 1s)',
      'the application needs longer to warm up than the probe allows',
    ],
    fix: [
      'Run the probe by hand: kubectl exec POD -c CONTAINER -- curl -sv http://localhost:PORT/PATH',
      'Read the application log for why it reports not-ready: kubectl logs POD -c CONTAINER',
      'Fix the probe (path, port, timeoutSeconds) or the dependency it checks',
    ],
    links: ['https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/#define-readiness-probes'],
  },
  triggers: { phase: ['Running'] },
  match({ pod, now, options }) {
    if (pod.phase !== 'Running' || pod.deletingSince !== undefined) return [];
    const out: Finding[] = [];
    const m = ruleMessages(options.lang);
    for (const c of pod.containers) {
      if ((c.kind !== 'app' && c.kind !== 'sidecar') || !c.running || c.ready) continue;
      const probe = probeOf(c, 'Readiness');
      if (!probe) continue;
      // A container that has not passed its startup probe is not readiness-probed yet.
      if (c.spec.startupProbe && c.status?.started === false) continue;
      const startedAt = parseTime(c.running.startedAt);
      const failures = probeFailures(pod.events, c, pod.containers.length, 'Readiness', startedAt);
      const last = failures.at(-1);
      if (!last) continue;
      const settle = Math.max(options.graceMs, probeSettleMs(probe));
      const early = startedAt !== undefined && now - startedAt < settle;
      const evidence: Evidence[] = [fieldEvidence('pod', `${c.statusPath}.ready`, false), eventEvidence(last.event, now), fieldEvidence('pod', `${specPath(c)}.readinessProbe`, probe)];
      const cr = pod.conditions.ContainersReady;
      if (cr?.status === 'False' && cr.message) evidence.push(fieldEvidence('pod', 'status.conditions[type=ContainersReady].message', cr.message));
      const hint = probePortMismatch(probe, c);
      out.push(
        finding(rule, {
          severity: early ? 'warning' : 'error',
          message: m.probeFailing.message({
            container: c,
            ...(startedAt !== undefined ? { running: formatAge(now - startedAt) } : {}),
            probe: probeRef(probe, c),
            errored: last.failure.errored,
            ...(last.failure.state ? { state: last.failure.state } : {}),
            output: probeOutput(last.event.message, last.failure),
            count: last.event.count,
            ...(hint ? { hint } : {}),
          }),
          evidence,
          remediation: m.probeFailing.fix({ namespace: pod.namespace, pod: pod.name, container: c.name, handler: probeHandler(probe, c) }),
        }),
      );
    }
    return out;
  },
};

export default rule;
