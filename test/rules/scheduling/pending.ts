// Builders for Pods the scheduler could not place, shaped like `kubectl get pod -o yaml` output.
import { at, event, merge, pod } from '../../harness/builders.js';

type Obj = Record<string, any>;

/** A Pending Pod with no nodeName and PodScheduled=False/Unschedulable carrying `message`. */
export function unschedulable(message: string, patch: Obj = {}, since = at(-300)): Obj {
  const base = pod({
    status: {
      phase: 'Pending',
      qosClass: 'Burstable',
      conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message, lastTransitionTime: since, lastProbeTime: null }],
    },
  });
  delete base.spec.nodeName;
  return merge(base, patch);
}

/** The scheduler's FailedScheduling event about `p` (the 1024-character event copy of the message). */
export function failedScheduling(p: Obj, message: string, patch: Obj = {}): Obj {
  return event(p, { reason: 'FailedScheduling', message, source: 'default-scheduler', count: 5, first: at(-300), last: at(-20), ...patch });
}

/** A Pod that was scheduled and is now Running and Ready on node-1. */
export function runningPod(patch: Obj = {}): Obj {
  return pod(
    merge(
      {
        status: {
          phase: 'Running',
          conditions: [
            { type: 'PodScheduled', status: 'True', lastTransitionTime: at(-580) },
            { type: 'Ready', status: 'True', lastTransitionTime: at(-500) },
          ],
          containerStatuses: [{ name: 'app', ready: true, restartCount: 0, started: true, state: { running: { startedAt: at(-520) } } }],
        },
      },
      patch,
    ),
  );
}

/** The 1.34+ message tail: DRA text then preemption. */
export function tail(n: number, notHelpful: number, noVictims = 0): string {
  const parts = [];
  if (notHelpful) parts.push(`${notHelpful} Preemption is not helpful for scheduling`);
  if (noVictims) parts.push(`${noVictims} No preemption victims found for incoming pod`);
  return ` no new claims to deallocate, preemption: 0/${n} nodes are available: ${parts.join(', ')}.`;
}

/** A Running Pod and the FailedScheduling event it got before it was placed (a stale event). */
export function runningAfter(message: string, patch: Obj = {}): Obj[] {
  const p = runningPod(patch);
  return [p, failedScheduling(p, message, { first: at(-599), last: at(-590) })];
}
