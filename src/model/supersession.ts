// Supersession in one place: a failing signal stops counting once a later one shows that its step succeeded
// (a later event, a newer condition, a container state). Every rule reads a Pod's failing events through
// `currentEvents`, so none keeps its own list of "what clears what".
import type { EventFact } from './events.js';
import type { PodFacts } from './facts.js';
import { later, parseTime } from './time.js';

/** The step of a Pod's start a failing event is about. */
export type Step = 'scheduling' | 'attach' | 'mount' | 'sandbox';

/** Failing events by the step they are about; events not listed here are never superseded. */
const STEP_OF: Readonly<Record<string, Step>> = {
  FailedScheduling: 'scheduling',
  FailedAttachVolume: 'attach',
  FailedMount: 'mount',
  FailedMapVolume: 'mount',
  FailedCreatePodSandBox: 'sandbox',
  NetworkNotReady: 'sandbox',
};

// Events that only happen once the sandbox exists (image pulls, container create/start, probes).
const SANDBOX_DONE = new Set(['Pulling', 'Pulled', 'Created', 'Started', 'BackOff', 'Killing', 'Unhealthy', 'ErrImageNeverPull', 'InspectFailed', 'FailedPostStartHook']);

function afterSandbox(e: EventFact): boolean {
  if (SANDBOX_DONE.has(e.reason)) return true;
  // `Failed` is pulls and container create/start errors; its pod-directory variant comes before volumes.
  return e.reason === 'Failed' && !e.message.startsWith('error making pod data directories');
}

/** The latest time (epoch ms) at which the Pod is known to have had a sandbox: an event only a sandbox allows. */
export function sandboxSeenAt(pod: PodFacts): number | undefined {
  let t: number | undefined;
  for (const e of pod.events) if (afterSandbox(e) && e.lastSeen !== undefined && (t === undefined || e.lastSeen > t)) t = e.lastSeen;
  return t;
}

/** The latest time the kubelet got past mounting volumes: a sandbox attempt or anything after it. */
export function volumesDoneAt(pod: PodFacts): number | undefined {
  let t = sandboxSeenAt(pod);
  for (const e of pod.events) {
    if ((e.reason === 'FailedCreatePodSandBox' || e.reason === 'SandboxChanged') && e.lastSeen !== undefined && (t === undefined || e.lastSeen > t)) t = e.lastSeen;
  }
  return t;
}

/** The volume a mount or attach event names (`… for volume "NAME"`), or undefined. */
function volumeOf(e: EventFact): string | undefined {
  return /(?:for volume|Multi-Attach error for volume) "([^"]*)"/.exec(e.message)?.[1];
}

/** The condition's transition to True (epoch ms), or undefined. */
function trueSince(pod: PodFacts, type: string): number | undefined {
  const c = pod.conditions[type];
  return c?.status === 'True' ? parseTime(c.lastTransitionTime) : undefined;
}

/** The latest time a container of the Pod is known to have started (its sandbox and volumes were there). */
function containerStartedAt(pod: PodFacts): number | undefined {
  let t: number | undefined;
  for (const c of pod.containers) {
    if (c.kind === 'ephemeral') continue;
    t = later(t, parseTime(c.running?.startedAt));
    t = later(t, parseTime(c.terminated?.startedAt));
  }
  return t;
}

/**
 * The latest time a signal shows that `step` succeeded for this event's subject (its volume), and what
 * showed it; undefined when nothing does.
 * - scheduling: a `Scheduled` event, PodScheduled=True;
 * - sandbox: an event only a sandbox allows, PodReadyToStartContainers=True, a started container;
 * - mount: all of the sandbox's, plus a later sandbox attempt (volumes come first) and `SuccessfulMountVolume` of that volume;
 * - attach: all of the mount's (a mounted volume is attached), plus `SuccessfulAttachVolume` of that volume.
 */
export function stepDoneAt(pod: PodFacts, step: Step, volume?: string): number | undefined {
  if (step === 'scheduling') {
    let t = trueSince(pod, 'PodScheduled');
    for (const e of pod.events) if (e.reason === 'Scheduled') t = later(t, e.lastSeen);
    return t;
  }
  let t = later(later(sandboxSeenAt(pod), trueSince(pod, 'PodReadyToStartContainers')), containerStartedAt(pod));
  if (step === 'sandbox') return t;
  t = later(t, volumesDoneAt(pod));
  const same = (e: EventFact): boolean => volume !== undefined && volumeOf(e) === volume;
  for (const e of pod.events) {
    if (e.reason === 'SuccessfulMountVolume' && same(e)) t = later(t, e.lastSeen);
    if (step === 'attach' && e.reason === 'SuccessfulAttachVolume' && same(e)) t = later(t, e.lastSeen);
  }
  return t;
}

/** True when a later signal shows that the step this failing event is about succeeded. */
export function isSuperseded(pod: PodFacts, e: EventFact): boolean {
  const step = STEP_OF[e.reason];
  if (!step || e.lastSeen === undefined) return false;
  const done = stepDoneAt(pod, step, step === 'mount' || step === 'attach' ? volumeOf(e) : undefined);
  return done !== undefined && done >= e.lastSeen;
}

const current = new WeakMap<PodFacts, readonly EventFact[]>();

/** The Pod's events without the failures a later signal superseded (computed once per Pod's facts; read-only). */
export function currentEvents(pod: PodFacts): readonly EventFact[] {
  let events = current.get(pod);
  if (!events) {
    events = pod.events.some((e) => STEP_OF[e.reason] !== undefined) ? pod.events.filter((e) => !isSuperseded(pod, e)) : pod.events;
    current.set(pod, events);
  }
  return events;
}
