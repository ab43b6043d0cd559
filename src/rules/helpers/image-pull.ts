import type { ContainerFacts } from '../../model/containers.js';
import type { PodFacts } from '../../model/facts.js';
import type { Evidence } from '../types.js';
import { eventEvidence, latestEvent } from './events.js';
import { fieldEvidence } from './evidence.js';

export const PULL_WAITING_REASONS = ['ErrImagePull', 'ImagePullBackOff', 'RegistryUnavailable'] as const;

export interface PullFailure {
  container: ContainerFacts;
  image: string;
  /** The runtime's pull error: from the waiting message (1.32+ back-off text included) or the last `Failed` event. */
  error: string;
  evidence: Evidence[];
}

/**
 * Containers stuck pulling, each with the best pull error text available. The `ImagePullBackOff`
 * waiting message holds the last error only on 1.32+, so the kubelet's `Failed` event fills the gap.
 */
export function pullFailures(pod: PodFacts, now: number): PullFailure[] {
  const out: PullFailure[] = [];
  for (const c of pod.containers) {
    if (!c.waiting || !(PULL_WAITING_REASONS as readonly string[]).includes(c.waiting.reason)) continue;
    const image = c.spec.image ?? c.status?.image ?? '';
    const evidence: Evidence[] = [fieldEvidence('pod', `${c.statusPath}.state.waiting.reason`, c.waiting.reason)];
    if (c.waiting.message) evidence.push(fieldEvidence('pod', `${c.statusPath}.state.waiting.message`, c.waiting.message));
    const event = latestEvent(pod.events, 'Failed', (e) => e.message.startsWith('Failed to pull image') && (e.message.includes(`"${image}"`) || e.fieldPath === undefined || e.fieldPath.includes(`{${c.name}}`)));
    if (event) evidence.push(eventEvidence(event, now));
    const error = [c.waiting.message, event?.message ?? ''].filter(Boolean).join('\n');
    out.push({ container: c, image, error, evidence });
  }
  return out;
}
