// Builders shared by the container rule tables: Pods whose containers crash, restart or run.
import { at, conditions, containerStatus, event, IMAGE, merge, pod } from '../../harness/builders.js';

type Obj = Record<string, any>;

export const POD_REF = 'api-7d9f-x2k_shop(pod-0000-4000-8000-000000000001)';

/** The kubelet's CrashLoopBackOff waiting state. */
export function backOffWaiting(delay = '2m40s', container = 'app'): Obj {
  return { reason: 'CrashLoopBackOff', message: `back-off ${delay} restarting failed container=${container} pod=${POD_REF}` };
}

/** A terminated state that ran from `start` to `end` seconds relative to T0. */
export function terminated(exitCode: number, reason: string, start = -130, end = -100, message?: string): Obj {
  return { exitCode, reason, startedAt: at(start), finishedAt: at(end), containerID: 'containerd://4b1f0c2d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c', ...(message ? { message } : {}) };
}

/** A Running Pod (not Ready) with container "app" crash-looping after `last`. */
export function crashLooping(last: Obj, opts: { restartCount?: number; delay?: string; spec?: Obj; podPatch?: Obj } = {}): Obj {
  return pod(merge({
    ...(opts.spec ? { spec: opts.spec } : {}),
    status: {
      phase: 'Running',
      startTime: at(-590),
      conditions: conditions({ sandbox: true, initialized: true, ready: false }),
      containerStatuses: [containerStatus({ waiting: backOffWaiting(opts.delay), lastTerminated: last, restartCount: opts.restartCount ?? 5 })],
    },
  }, opts.podPatch ?? {}));
}

/** A Running and Ready Pod whose container runs since `startedSeconds`, optionally after a previous instance. */
export function runningPod(opts: { startedSeconds?: number; last?: Obj; restartCount?: number; ready?: boolean; spec?: Obj; podPatch?: Obj } = {}): Obj {
  const ready = opts.ready ?? true;
  return pod(merge({
    ...(opts.spec ? { spec: opts.spec } : {}),
    status: {
      phase: 'Running',
      startTime: at(-590),
      conditions: conditions({ sandbox: true, initialized: true, ready }),
      containerStatuses: [
        containerStatus({ running: { startedAt: at(opts.startedSeconds ?? -500) }, ready, started: true, restartCount: opts.restartCount ?? (opts.last ? 1 : 0), ...(opts.last ? { lastTerminated: opts.last } : {}) }),
      ],
    },
  }, opts.podPatch ?? {}));
}

/** The kubelet's `BackOff` event for container "app". */
export function backOffEvent(p: Obj, count = 20): Obj {
  return event(p, { reason: 'BackOff', message: `Back-off restarting failed container app in pod ${POD_REF}`, count, first: at(-500), last: at(-5), fieldPath: 'spec.containers{app}' });
}

/** A Normal `Killing` event (probe kill, hook kill, or a plain stop). */
export function killing(p: Obj, message: string, lastSeconds: number, count = 1, container = 'app'): Obj {
  return event(p, { reason: 'Killing', type: 'Normal', message, count, first: at(Math.min(lastSeconds, -400)), last: at(lastSeconds), fieldPath: `spec.containers{${container}}` });
}

/** A Warning `Unhealthy` event. */
export function unhealthy(p: Obj, message: string, firstSeconds: number, lastSeconds: number, count = 3, container = 'app'): Obj {
  return event(p, { reason: 'Unhealthy', message, count, first: at(firstSeconds), last: at(lastSeconds), fieldPath: `spec.containers{${container}}` });
}

export const APP = { name: 'app', image: IMAGE, resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } } };

/** A spec with container "app" merged with `patch`, plus other spec fields. */
export function spec(patch: Obj = {}, rest: Obj = {}): Obj {
  return { nodeName: 'node-1', restartPolicy: 'Always', ...rest, containers: [{ ...APP, ...patch }] };
}
