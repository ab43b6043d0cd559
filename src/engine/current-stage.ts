import type { PodFacts } from '../model/facts.js';
import type { Stage } from '../model/stages.js';
import { provenStages } from './stage-evidence.js';

/** Where a Pod that has no failing finding currently is in its lifecycle: the first stage its status does not prove passed. */
export function currentStage(pod: PodFacts, proven: Set<Stage> = provenStages(pod)): Stage {
  if (!proven.has('scheduling')) return 'scheduling';
  // Bound, but no status from the node's kubelet yet.
  if (!proven.has('kubelet')) return 'kubelet';
  if (!proven.has('cni')) {
    // No sandbox yet: volumes are mounted before the network is set up, and only mounts leave a trace.
    return pod.claims.length > 0 || pod.events.some((e) => e.reason === 'FailedMount') ? 'volume' : 'cni';
  }
  if (!proven.has('image')) return 'image';
  if (!proven.has('container')) return 'container';
  return 'readiness';
}
