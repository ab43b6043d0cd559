import type { ContainerFacts } from '../../model/containers.js';
import type { PodFacts } from '../../model/facts.js';

/** True when some container waits with this reason (no allocation: rules test this before anything else). */
export function anyWaiting(pod: PodFacts, reason: string): boolean {
  for (const c of pod.containers) if (c.waiting?.reason === reason) return true;
  return false;
}

/** Containers whose current waiting reason is one of `reasons`. */
export function waitingWith(pod: PodFacts, reasons: string | readonly string[]): ContainerFacts[] {
  const wanted = typeof reasons === 'string' ? [reasons] : reasons;
  return pod.containers.filter((c) => c.waiting && wanted.includes(c.waiting.reason));
}
