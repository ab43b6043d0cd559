import type { PodFacts } from '../model/facts.js';
import type { Stage } from '../model/stages.js';

/**
 * The stages a Pod's own status and events prove it has passed, whatever its current trouble: a Pod IP
 * means the sandbox and its network exist (cni, and the volumes before it); an imageID or a `Pulled` event
 * for every container means its images are there. A stale or failing Pod can have passed later stages.
 */
export function provenStages(pod: PodFacts): Set<Stage> {
  const proven = new Set<Stage>();
  if (pod.nodeName !== '' || pod.conditions.PodScheduled?.status === 'True') proven.add('scheduling');
  const status = pod.pod.status;
  const containers = pod.containers.filter((c) => c.kind !== 'ephemeral');
  const started = containers.some((c) => c.running || c.terminated || c.lastTerminated);
  if (typeof status?.startTime === 'string' || pod.containers.some((c) => c.status)) proven.add('kubelet');
  const sandbox = (typeof status?.podIP === 'string' && status.podIP !== '') || pod.conditions.PodReadyToStartContainers?.status === 'True' || started || pod.events.some((e) => e.reason === 'Pulling' || e.reason === 'Pulled');
  if (sandbox) {
    proven.add('kubelet');
    proven.add('volume');
    proven.add('cni');
  }
  const pulled = (name: string): boolean => pod.events.some((e) => e.reason === 'Pulled' && (e.fieldPath === undefined || e.fieldPath.includes(`{${name}}`)));
  const haveImage = (c: (typeof containers)[number]): boolean => (typeof c.status?.imageID === 'string' && c.status.imageID !== '') || !!c.running || !!c.terminated || pulled(c.name);
  // Each image is pulled just before its container starts: containers still waiting for the init
  // containers (PodInitializing) have not reached the image stage, so they prove nothing either way.
  const reached = containers.filter((c) => c.waiting?.reason !== 'PodInitializing');
  if (sandbox && reached.length > 0 && reached.every(haveImage)) proven.add('image');
  const main = containers.filter((c) => c.kind === 'app' || c.kind === 'sidecar');
  const initDone = containers.filter((c) => c.kind === 'init').every((c) => c.terminated?.exitCode === 0);
  if (proven.has('image') && main.length > 0 && initDone && main.every((c) => c.running && !c.waiting)) proven.add('container');
  if (pod.conditions.Ready?.status === 'True' && proven.has('container')) proven.add('readiness');
  return proven;
}
