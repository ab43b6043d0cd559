import type { ContainerFacts } from '../model/containers.js';
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
  // One pass over the containers (ephemeral ones prove nothing): a diagnosis asks this of every Pod.
  let started = false;
  let anyStatus = false;
  let reached = 0;
  let allReachedHaveImage = true;
  let main = 0;
  let allMainRunning = true;
  let initDone = true;
  for (const c of pod.containers) {
    if (c.status) anyStatus = true;
    if (c.kind === 'ephemeral') continue;
    if (c.running || c.terminated || c.lastTerminated) started = true;
    // Each image is pulled just before its container starts: containers still waiting for the init
    // containers (PodInitializing) have not reached the image stage, so they prove nothing either way.
    if (c.waiting?.reason !== 'PodInitializing') {
      reached++;
      if (allReachedHaveImage && !haveImage(pod, c)) allReachedHaveImage = false;
    }
    if (c.kind === 'app' || c.kind === 'sidecar') {
      main++;
      if (!(c.running && !c.waiting)) allMainRunning = false;
    } else if (c.kind === 'init' && c.terminated?.exitCode !== 0) initDone = false;
  }
  if (typeof status?.startTime === 'string' || anyStatus) proven.add('kubelet');
  const sandbox = (typeof status?.podIP === 'string' && status.podIP !== '') || pod.conditions.PodReadyToStartContainers?.status === 'True' || started || pod.events.some((e) => e.reason === 'Pulling' || e.reason === 'Pulled');
  if (sandbox) {
    proven.add('kubelet');
    proven.add('volume');
    proven.add('cni');
  }
  if (sandbox && reached > 0 && allReachedHaveImage) proven.add('image');
  if (proven.has('image') && main > 0 && initDone && allMainRunning) proven.add('container');
  if (pod.conditions.Ready?.status === 'True' && proven.has('container')) proven.add('readiness');
  return proven;
}

function haveImage(pod: PodFacts, c: ContainerFacts): boolean {
  return (typeof c.status?.imageID === 'string' && c.status.imageID !== '') || !!c.running || !!c.terminated || pod.events.some((e) => e.reason === 'Pulled' && (e.fieldPath === undefined || e.fieldPath.includes(`{${c.name}}`)));
}
