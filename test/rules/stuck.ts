// Pods that sit in one lifecycle step with nothing failing, `age` seconds after the step began: the
// situations the "stuck, no progress" fallback rules judge (shared by their tables and the over-time test).
import { at, conditions, containerStatus, event, IMAGE, pod } from '../harness/builders.js';

type Obj = Record<string, any>;

/** Not bound, no PodScheduled condition, no events: no scheduler has looked at it. */
export function neverScheduled(age: number, schedulerName?: string): Obj {
  const p = pod({ metadata: { creationTimestamp: at(-age) }, ...(schedulerName ? { spec: { schedulerName } } : {}) });
  delete p.spec.nodeName;
  return p;
}

/** Bound to node-1 (by spec.nodeName) `age` ago, and no status from its kubelet. */
export function neverStarted(age: number): Obj {
  return pod({ metadata: { creationTimestamp: at(-age) } });
}

/** Started by the kubelet `age` ago, no sandbox since; with a PersistentVolumeClaim when `claim`. */
export function noSandbox(age: number, claim = false): Obj {
  return pod({
    metadata: { creationTimestamp: at(-age - 1) },
    ...(claim ? { spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] } } : {}),
    status: { phase: 'Pending', startTime: at(-age), conditions: conditions({ sandbox: false, initialized: true, since: at(-age) }), containerStatuses: [containerStatus({})] },
  });
}

/** Sandbox ready; the kubelet began pulling IMAGE `age` ago (a `Pulling` event, unless `events` is false). */
export function stillPulling(age: number, events = true): Obj[] {
  const p = pod({
    metadata: { creationTimestamp: at(-age - 2) },
    status: { phase: 'Pending', podIP: '10.88.1.9', startTime: at(-age - 1), conditions: conditions({ sandbox: true, initialized: true, since: at(-age) }), containerStatuses: [containerStatus({})] },
  });
  return events ? [p, event(p, { reason: 'Pulling', type: 'Normal', message: `Pulling image "${IMAGE}"`, first: at(-age), last: at(-age), fieldPath: 'spec.containers{app}' })] : [p];
}
