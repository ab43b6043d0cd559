import type { PodFacts } from '../model/facts.js';
import type { Stage } from '../model/stages.js';

/** Where a Pod that has no failing finding currently is in its lifecycle. */
export function currentStage(pod: PodFacts): Stage {
  const scheduled = pod.conditions.PodScheduled?.status === 'True' || pod.nodeName !== '';
  if (!scheduled) return 'scheduling';
  const waiting = pod.containers.filter((c) => c.waiting);
  const sandboxReady = pod.conditions.PodReadyToStartContainers?.status === 'True';
  const creating = waiting.some((c) => c.waiting!.reason === 'ContainerCreating' || c.waiting!.reason === 'PodInitializing');
  if (pod.containers.every((c) => !c.status) || (creating && !sandboxReady)) {
    if (pod.events.some((e) => e.reason === 'Pulling')) return 'image';
    return pod.claims.length > 0 || pod.events.some((e) => e.reason === 'FailedMount') ? 'volume' : 'cni';
  }
  if (waiting.some((c) => /Image|ErrImage/.test(c.waiting!.reason))) return 'image';
  if (pod.containers.some((c) => c.running) && pod.conditions.ContainersReady?.status !== 'True' && waiting.length === 0) return 'readiness';
  if (pod.containers.every((c) => c.running || c.terminated) && pod.conditions.Ready?.status !== 'True') return 'readiness';
  return 'container';
}
