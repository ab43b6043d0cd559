// A Job's Pod whose main container "report" exited 0 `finishedAgo` seconds ago, beside a helper that is
// still running: a classic sidecar (an app container) or a native one (an init container, restartPolicy Always).
import { at, conditions, containerStatus, IMAGE, pod } from './builders.js';

type Obj = Record<string, any>;

export const JOB_REF = { apiVersion: 'batch/v1', kind: 'Job', name: 'nightly-report', uid: 'job-0001', controller: true, blockOwnerDeletion: true };

export function sidecarJobPod(opts: { finishedAgo: number; sidecar?: string; native?: boolean; sidecarExited?: boolean; mainExit?: number; restartPolicy?: string }): Obj {
  const sidecar = opts.sidecar ?? 'istio-proxy';
  const main = containerStatus({ name: 'report', imageID: `${IMAGE}@sha256:1`, terminated: { exitCode: opts.mainExit ?? 0, reason: (opts.mainExit ?? 0) === 0 ? 'Completed' : 'Error', startedAt: at(-opts.finishedAgo - 120), finishedAt: at(-opts.finishedAgo) } });
  const side = containerStatus({
    name: sidecar,
    imageID: `${IMAGE}@sha256:2`,
    ...(opts.sidecarExited ? { terminated: { exitCode: 0, reason: 'Completed', startedAt: at(-opts.finishedAgo - 125), finishedAt: at(-opts.finishedAgo + 1) } } : { running: { startedAt: at(-opts.finishedAgo - 125) }, started: true, ready: true }),
  });
  const done = opts.sidecarExited === true;
  const sideSpec = { name: sidecar, image: IMAGE, ...(opts.native ? { restartPolicy: 'Always' } : {}) };
  return pod({
    metadata: { name: 'nightly-report-x7k2p', labels: { 'batch.kubernetes.io/job-name': 'nightly-report' }, ownerReferences: [JOB_REF] },
    spec: {
      restartPolicy: opts.restartPolicy ?? 'Never',
      ...(opts.native ? { initContainers: [sideSpec] } : {}),
      containers: [{ name: 'report', image: IMAGE }, ...(opts.native ? [] : [sideSpec])],
    },
    status: {
      phase: done ? 'Succeeded' : 'Running',
      podIP: '10.88.1.8',
      startTime: at(-opts.finishedAgo - 130),
      conditions: conditions({ sandbox: !done, initialized: true, ready: false, since: at(-opts.finishedAgo) }),
      ...(opts.native ? { initContainerStatuses: [side], containerStatuses: [main] } : { containerStatuses: [main, side] }),
    },
  });
}
