import type { ContainerFacts } from '../../model/containers.js';
import type { Probe } from '../../model/k8s.js';
import { eventEvidence, hasEventReason } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { asList, probeFailures, probeOf, probeOutput, probePort, probePortMismatch, probeRef, probeSettleMs, type ProbeType } from '../helpers/probes.js';
import { anyCause, containerProblems, finishedAt, restartSummary, specPath, terminationEvidence, type ContainerProblem, type ExitCause } from '../helpers/restarts.js';
import { formatAge, parseTime } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import type { ProbeKillState } from '../messages/container.js';
import type { Evidence, Finding, PodRule, PodRuleContext } from '../types.js';

/** Shared by liveness-failed and startup-probe-failed: kills by the probe, and the probe failing now. */
export function probeKillFindings(rule: PodRule, type: ProbeType, cause: ExitCause, ctx: PodRuleContext): Finding[] {
  const { pod, now, options } = ctx;
  const problems = containerProblems(pod);
  // Nothing to report without a kill of this kind or an Unhealthy event (all that probeFailures reads).
  if (!anyCause(problems, cause) && !hasEventReason(pod.events, 'Unhealthy')) return [];
  const out: Finding[] = [];
  const m = ruleMessages(options.lang);
  const kind = type === 'Liveness' ? 'liveness' : 'startup';
  const n = pod.containers.length;
  const byContainer = new Map<ContainerFacts, ContainerProblem>();
  for (const p of problems) if (p.cause === cause) byContainer.set(p.container, p);
  for (const c of pod.containers) {
    const probe = probeOf(c, type);
    const killed = byContainer.get(c);
    const startedAt = parseTime(c.running?.startedAt);
    // Failing now: only the current instance's failures count, and only recent ones (a probe that
    // failed once and recovered stays quiet).
    const recentWindow = Math.max(options.graceMs, probeSettleMs(probe) * 2);
    const failingNow = (
      c.running && (type !== 'Startup' || c.status?.started !== true) && pod.deletingSince === undefined ? probeFailures(pod.events, c, n, type, startedAt) : []
    ).filter((f) => f.event.lastSeen === undefined || now - f.event.lastSeen <= recentWindow);
    const end = finishedAt(killed?.term);
    const recentKill = killed && (killed.mode !== 'restarted' || (end !== undefined && now - end <= options.recentMs)) ? killed : undefined;
    if (!recentKill && failingNow.length === 0) continue;
    const evidence: Evidence[] = [];
    const inInstance = recentKill ? probeFailures(pod.events, c, n, type, parseTime(recentKill.term?.startedAt), end) : [];
    // The spam filter may have frozen the Unhealthy event at an earlier instance: quote it rather than nothing.
    const failures = recentKill && inInstance.length === 0 && recentKill.causeEvents.length > 0 ? probeFailures(pod.events, c, n, type, undefined, end) : inInstance;
    const shownFailure = failingNow.at(-1) ?? failures.at(-1);
    const shown = shownFailure?.event;
    if (recentKill) evidence.push(...terminationEvidence(recentKill), ...recentKill.causeEvents.slice(-1).map((e) => eventEvidence(e, now)));
    if (shown) evidence.push(eventEvidence(shown, now));
    if (probe) evidence.push(fieldEvidence('pod', `${specPath(c)}.${type.toLowerCase()}Probe`, probe));
    const mismatch = probePortMismatch(probe, c);
    // Killed and failing again in the new instance: it will be killed again, a loop in the making.
    const looping = recentKill !== undefined && recentKill.mode === 'restarted' && failingNow.length > 0;
    // Killed several times and not yet proven well again (not Ready, or restarted too recently for the
    // probe to have passed for long): a loop, however recent the last kill (#10 repeated).
    const fresh = startedAt === undefined || now - startedAt < recentWindow;
    const repeated = recentKill !== undefined && recentKill.mode === 'restarted' && c.restartCount >= 2 && (!c.ready || fresh);
    const failing = recentKill !== undefined && (recentKill.mode !== 'restarted' || looping || repeated);
    let state: ProbeKillState;
    if (recentKill && recentKill.mode !== 'restarted') {
      const code = recentKill.term?.exitCode;
      state = { kind: 'killed', ...(typeof code === 'number' ? { exitCode: code } : {}), restarts: restartSummary(recentKill, m) };
    } else if (recentKill) {
      const next = looping ? ({ kind: 'again' } as const) : repeated ? ({ kind: 'repeated', restarts: c.restartCount, ready: c.ready } as const) : undefined;
      state = { kind: 'restarted', ...(end !== undefined ? { ago: formatAge(now - end) } : {}), ...(next ? { next } : {}) };
    } else {
      state = { kind: 'failing', threshold: probeThreshold(probe) };
    }
    const output = shownFailure ? probeOutput(shownFailure.event.message, shownFailure.failure) : undefined;
    out.push(
      finding(rule, {
        severity: failing ? 'error' : 'warning',
        message: m.probeKill.message({ container: c, type: kind, probe: probeRef(probe, c), ...(output ? { output } : {}), state, ...(mismatch ? { hint: mismatch } : {}) }),
        evidence: evidence.length > 0 ? evidence : [fieldEvidence('pod', `${c.statusPath}.restartCount`, c.restartCount)],
        remediation: m.probeKill.fix({ type: kind, namespace: pod.namespace, pod: pod.name, container: c.name, target: probeTarget(probe, c), running: c.running !== undefined, previous: c.restartCount > 0 && c.lastTerminated !== undefined }),
      }),
    );
  }
  return out;
}

function probeThreshold(probe: { failureThreshold?: number } | undefined): number {
  return typeof probe?.failureThreshold === 'number' && probe.failureThreshold > 0 ? probe.failureThreshold : 3;
}

/** What to run inside the container to try the probe by hand. */
function probeTarget(probe: Probe | undefined, c: ContainerFacts): string {
  const port = probePort(probe, c) ?? '<port>';
  return probe?.httpGet ? `curl -sv http://localhost:${port}${probe.httpGet.path ?? '/'}` : probe?.tcpSocket ? `nc -zv localhost ${port}` : probe?.exec ? asList<string>(probe.exec.command).join(' ') : '<the probe command>';
}

const rule: PodRule = {
  id: 'container/liveness-failed',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'repeated',
  title: 'Container restarted by its liveness probe',
  docs: {
    description:
      'The kubelet kills a container whose liveness probe fails failureThreshold times in a row (`Killing`: `Container <c> failed liveness probe, will be restarted`, after `Unhealthy`: `Liveness probe failed: ...`); it exits 137 or 143 without an OOM. Repeated kills end in CrashLoopBackOff.',
    causes: [
      'the probe path or port is wrong (connection refused, 404)',
      'the application starts slower than initialDelaySeconds + failureThreshold × periodSeconds and has no startupProbe',
      'the probe times out under load (timeoutSeconds defaults to 1s)',
      'the liveness endpoint checks dependencies (database, other services) and fails when they do',
      'the application really hangs (deadlock, exhausted thread pool)',
    ],
    fix: [
      'Run the probe by hand: kubectl exec POD -c CONTAINER -- curl -sv http://localhost:PORT/PATH',
      'Add a startupProbe for slow starts; raise timeoutSeconds / failureThreshold for slow responses',
      'Keep liveness checks local to the process; put dependency checks in the readiness probe',
    ],
    links: ['https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/'],
  },
  triggers: { containerProblem: true, events: ['Unhealthy'] },
  match(ctx) {
    return probeKillFindings(rule, 'Liveness', 'liveness', ctx);
  },
};

export default rule;
