// A Pod being deleted, as the API server and the kubelet leave it at each step of its teardown.
import { at, conditions, containerStatus, IMAGE, pod } from './builders.js';

type Obj = Record<string, any>;

/** A Pod deleted `deletedAgo` seconds before T0 with `grace` seconds; `kubeletDone`: its final delete (grace 0) came `doneAgo` ago. */
export function deleting(opts: { deletedAgo: number; grace?: number; finalizers?: string[]; running?: boolean; doneAgo?: number; owner?: Obj }): Obj {
  const grace = opts.grace ?? 30;
  const done = opts.doneAgo !== undefined;
  return pod({
    metadata: {
      deletionTimestamp: done ? at(-opts.doneAgo!) : at(-opts.deletedAgo + grace),
      deletionGracePeriodSeconds: done ? 0 : grace,
      ...(opts.finalizers ? { finalizers: opts.finalizers } : {}),
      ...(opts.owner ? { ownerReferences: [opts.owner] } : {}),
    },
    status: {
      phase: opts.running ? 'Running' : 'Failed',
      podIP: '10.88.1.7',
      startTime: at(-590),
      conditions: conditions({ sandbox: !!opts.running, initialized: true, ready: false }),
      containerStatuses: [
        containerStatus(
          opts.running
            ? { imageID: `${IMAGE}@sha256:1`, running: { startedAt: at(-580) }, started: true }
            : { imageID: `${IMAGE}@sha256:1`, terminated: { exitCode: 143, reason: 'Error', startedAt: at(-580), finishedAt: at(-opts.deletedAgo + 1) } },
        ),
      ],
    },
  });
}

