import type { EventFact } from './events.js';
import type { PodFacts } from './facts.js';

/**
 * The steps of a Pod's deletion, in the kubelet's order: stop the containers (within the grace period),
 * remove the sandbox (the CNI DEL runs here), unmount the volumes and free the cgroups, then the kubelet's
 * final delete with grace 0; after that only metadata.finalizers (other controllers) hold the object.
 */
export type TeardownStep = 'stopping-containers' | 'removing-sandbox' | 'unmounting-volumes' | 'finalizers';

export interface Teardown {
  step: TeardownStep;
  /** metadata.deletionTimestamp: the deletion time plus the grace period (reset to "now" by a later delete with a shorter grace). */
  deadline: number;
  /** metadata.deletionGracePeriodSeconds, when present. */
  graceSeconds?: number;
  /** When the last delete was asked for: the deadline less the grace period. */
  requestedAt: number;
  finalizers: string[];
  /**
   * The kubelet confirmed the Pod's resources are reclaimed: it deletes with grace 0 only after the containers,
   * sandbox and volumes are gone, so deletionGracePeriodSeconds 0 with finalizers left means only they hold it
   * (a force delete by a person looks the same, and leaves the same finalizers to clear).
   */
  kubeletDone: boolean;
  /** The newest FailedKillPod event whose error is KillPodSandbox's (the sandbox or its CNI DEL failed). */
  sandboxError?: EventFact;
  /** The newest event whose message is a volume teardown error (`UnmountVolume.TearDown failed for volume …`). */
  unmountError?: EventFact;
}

/** Where a Pod with a deletionTimestamp stands in its teardown; undefined for a Pod not being deleted. */
export function teardownOf(pod: PodFacts): Teardown | undefined {
  const deadline = pod.deletingSince;
  if (deadline === undefined) return undefined;
  const meta = pod.pod.metadata ?? {};
  const grace = typeof meta.deletionGracePeriodSeconds === 'number' ? meta.deletionGracePeriodSeconds : undefined;
  const finalizers = Array.isArray(meta.finalizers) ? meta.finalizers.filter((f): f is string => typeof f === 'string') : [];
  const kubeletDone = grace === 0 && finalizers.length > 0;
  const sandboxError = newestSandboxError(pod.events);
  const unmountError = newest(pod.events, (e) => UNMOUNT_FAILED.test(e.message));
  const running = pod.containers.some((c) => c.running !== undefined && c.kind !== 'ephemeral');
  const sandboxUp = pod.conditions.PodReadyToStartContainers?.status === 'True';
  const step: TeardownStep = kubeletDone
    ? 'finalizers'
    : running
      ? 'stopping-containers'
      : sandboxError || sandboxUp
        ? 'removing-sandbox'
        : 'unmounting-volumes';
  return {
    step,
    deadline,
    ...(grace !== undefined ? { graceSeconds: grace } : {}),
    requestedAt: deadline - (grace ?? 0) * 1000,
    finalizers,
    kubeletDone,
    ...(sandboxError ? { sandboxError } : {}),
    ...(unmountError ? { unmountError } : {}),
  };
}

/**
 * The volume manager's teardown errors (pkg/volume/util/operationexecutor/operation_generator.go:
 * `UnmountVolume.TearDown failed for volume "<v>" … : <error>`, `UnmountDevice failed …`, `UnmapVolume.UnmapPodDevice failed …`).
 */
const UNMOUNT_FAILED = /\b(?:UnmountVolume\.\w+|UnmountDevice|UnmapVolume\.\w+|UnmapDevice) failed\b/;

function newest(events: readonly EventFact[], test: (e: EventFact) => boolean): EventFact | undefined {
  let out: EventFact | undefined;
  for (const e of events) if (test(e) && (!out || (e.lastSeen ?? 0) >= (out.lastSeen ?? 0))) out = e;
  return out;
}

/** The volume and the error of a teardown error event: `UnmountVolume.TearDown failed for volume "data" (UniqueName: …) pod … : <error>`. */
export function unmountFailure(message: string): { volume?: string; error: string } {
  const volume = /failed for volume "([^"]*)"/.exec(message)?.[1];
  const at = message.indexOf(') : ');
  // One line for a sentence (umount's output follows `Output:` on a line of its own); the event keeps it whole.
  const error = (at >= 0 ? message.slice(at + 4) : message).replace(/\s*\n\s*/g, ' ').trim().replace(/\.$/, '');
  return { ...(volume ? { volume } : {}), error };
}

/** `error killing pod: failed to "KillPodSandbox" for "<uid>" with KillPodSandboxError: "…"` (pkg/kubelet/kubelet.go, container/sync_result.go). */
const KILL_SANDBOX = /"KillPodSandbox"|KillPodSandboxError/;

function newestSandboxError(events: readonly EventFact[]): EventFact | undefined {
  let out: EventFact | undefined;
  for (const e of events) {
    if (e.reason !== 'FailedKillPod' || !KILL_SANDBOX.test(e.message)) continue;
    if (!out || (e.lastSeen ?? 0) >= (out.lastSeen ?? 0)) out = e;
  }
  return out;
}

/** The CNI plugin's part of a KillPodSandbox error, when the runtime says the network teardown failed. */
export function cniDeleteError(message: string): string | undefined {
  const m = /(failed to destroy network for (?:pod )?sandbox.*|networkPlugin cni failed to teardown pod.*|NetworkPlugin cni failed to teardown pod.*)/.exec(message);
  return m ? m[1]!.replace(/\\"/g, '"').replace(/"\]?$/, '') : undefined;
}
