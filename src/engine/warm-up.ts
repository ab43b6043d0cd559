import type { PodFacts } from '../model/facts.js';
import { parseTime } from '../model/time.js';
import { probeSettleMs } from '../rules/helpers/probes.js';
import type { Finding } from '../rules/types.js';

/** The one failing rule a normal start can show: not Ready for long, and nothing visible says why. */
const NOT_READY_YET = 'readiness/not-ready-long';

/** Events that are evidence of failure, whatever their age: a probe that failed, a container in back-off. */
const FAILURE_EVENTS = new Set(['Unhealthy', 'BackOff']);

/** The start-up allowance that bounds a Pod: its end (epoch ms) and its length (ms, from the container's start). */
export interface WarmUp {
  until: number;
  windowMs: number;
}

/**
 * When a Pod that is starting normally must be Ready by, by its own probes, or undefined when it
 * is not starting normally: some finding other than "not Ready yet" is an error, a container restarted, a
 * probe failure or back-off was recorded, Ready was reached once and lost, or no probe holds readiness back.
 *
 * StatefulSets and DaemonSets have no progress deadline, so the bound is the container's own: its startup
 * probe's initialDelaySeconds + failureThreshold × periodSeconds (after which the kubelet kills it, a
 * restart), then its readiness probe's (after which the kubelet has probed it: not Ready by then means a
 * failed probe, which readiness/probe-failing calls failing). The verdict is thus the one the Pod's
 * complete events would give at the same age: before the bound they would show at most early probe
 * failures (progressing), after it failures (failing), so it holds whether the events were captured,
 * expired, or never written (a readiness probe still in its initialDelaySeconds). Kubernetes' 600 s
 * Deployment default would be no bound at all here: readiness/not-ready-long only fires after the 10-minute
 * stuck threshold, and a Pod whose probes allow 20 minutes for start-up is as healthy at 12 minutes as at 5.
 */
export function warmUp(facts: PodFacts, findings: readonly Finding[]): WarmUp | undefined {
  if (facts.phase !== 'Running' || facts.deletingSince !== undefined) return undefined;
  if (findings[0]?.rule !== NOT_READY_YET || findings.some((f) => f.severity === 'error' && f.rule !== NOT_READY_YET)) return undefined;
  if (facts.containers.some((c) => c.restartCount > 0)) return undefined;
  if (facts.events.some((e) => FAILURE_EVENTS.has(e.reason))) return undefined;
  let bound: WarmUp | undefined;
  let latestStart = -Infinity;
  for (const c of facts.containers) {
    if ((c.kind !== 'app' && c.kind !== 'sidecar') || c.ready) continue;
    const startedAt = parseTime(c.running?.startedAt);
    if (startedAt === undefined) return undefined;
    const window = probeSettleMs(c.spec.startupProbe) + probeSettleMs(c.spec.readinessProbe);
    latestStart = Math.max(latestStart, startedAt);
    // Every container still starting must be within its own window: the earliest end bounds the Pod.
    if (!bound || startedAt + window < bound.until) bound = { until: startedAt + window, windowMs: window };
  }
  // Ready since the containers started and then lost: not a start-up any more (1 s: second-granular times).
  const readySince = parseTime(facts.conditions.Ready?.lastTransitionTime);
  if (!bound || (readySince !== undefined && readySince > latestStart + 1000)) return undefined;
  return bound;
}
