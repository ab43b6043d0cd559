import { enShared } from '../messages/en-shared.js';
import type { SharedMessages } from '../messages/types.js';
import type { EventFact } from '../../model/events.js';
import type { PodFacts } from '../../model/facts.js';
import type { Evidence } from '../types.js';
import { eventEvidence } from './events.js';
import { fieldEvidence } from './evidence.js';
import { formatAge, parseTime } from './time.js';

/**
 * Shared by the "stuck, no progress" fallback rules (RuleBase.fallback): a Pod that has sat in one step
 * for longer than stuckMs with nothing else explaining it is failing there, with the most specific trace.
 */

/** The newest Warning event about the Pod (no rule recognised it, or a specific finding would have won). */
export function latestWarning(pod: PodFacts): EventFact | undefined {
  let found: EventFact | undefined;
  for (const e of pod.events) if (e.type === 'Warning' && (found === undefined || (e.lastSeen ?? 0) >= (found.lastSeen ?? 0))) found = e;
  return found;
}

/** " The last warning event says: …" or the note that no event explains the step (they expire after about an hour). */
export function traceSentence(pod: PodFacts, now: number, evidence: Evidence[], m: Pick<SharedMessages, 'trace'> = enShared): string {
  const warning = latestWarning(pod);
  if (warning) {
    evidence.push(eventEvidence(warning, now));
    return m.trace({ warning: { age: formatAge(now - (warning.lastSeen ?? now)), reason: warning.reason, message: warning.message }, events: true });
  }
  return m.trace({ events: pod.events.length > 0 });
}

/** When the kubelet started the Pod: status.startTime, else when it was bound, else its creation. */
export function kubeletStartedAt(pod: PodFacts): number | undefined {
  return parseTime(pod.pod.status?.startTime) ?? boundAt(pod);
}

/** When the Pod was bound to its node: PodScheduled=True's transition, else its creation. */
export function boundAt(pod: PodFacts): number | undefined {
  const c = pod.conditions.PodScheduled;
  return (c?.status === 'True' ? parseTime(c.lastTransitionTime) : undefined) ?? pod.createdAt;
}

/** The Pod's startTime as evidence, when it has one. */
export function startTimeEvidence(pod: PodFacts): Evidence[] {
  const t = pod.pod.status?.startTime;
  return typeof t === 'string' ? [fieldEvidence('pod', 'status.startTime', t)] : [];
}

/** Whether the Pod is at the volume step (it mounts claims, or a mount has failed) rather than the network one. */
export function mountsFirst(pod: PodFacts): boolean {
  return pod.claims.length > 0 || pod.events.some((e) => e.reason === 'FailedMount' || e.reason === 'FailedAttachVolume');
}

/**
 * A Pod the kubelet started `stuckMs` or more ago that still has no sandbox (no IP, no PodReadyToStartContainers,
 * no container ever ran, no event from after the sandbox), with when the wait began; undefined otherwise.
 */
export function sandboxWait(pod: PodFacts, now: number, stuckMs: number): { since: number; evidence: Evidence[] } | undefined {
  if (pod.deletingSince !== undefined || pod.phase !== 'Pending') return undefined;
  if (typeof pod.pod.status?.podIP === 'string' && pod.pod.status.podIP !== '') return undefined;
  if (pod.conditions.PodReadyToStartContainers?.status === 'True') return undefined;
  const regular = pod.containers.filter((c) => c.kind !== 'ephemeral');
  if (regular.some((c) => c.running || c.terminated || c.lastTerminated || (c.waiting && c.waiting.reason !== 'ContainerCreating' && c.waiting.reason !== 'PodInitializing'))) return undefined;
  if (pod.events.some((e) => SANDBOX_DONE.has(e.reason))) return undefined;
  if (typeof pod.pod.status?.startTime !== 'string' && !regular.some((c) => c.status)) return undefined; // the kubelet's step
  const since = kubeletStartedAt(pod);
  if (since === undefined || now - since < stuckMs) return undefined;
  const evidence = startTimeEvidence(pod);
  const ready = pod.conditions.PodReadyToStartContainers;
  if (ready) evidence.push(fieldEvidence('pod', 'status.conditions[type=PodReadyToStartContainers].status', ready.status ?? ''));
  evidence.push(fieldEvidence('pod', 'status.podIP', '(not set)'));
  return { since, evidence };
}

// Events that only happen once the sandbox exists.
const SANDBOX_DONE = new Set(['Pulling', 'Pulled', 'Created', 'Started', 'BackOff', 'Killing', 'Unhealthy']);
