// Builders shared by the image rule tables: a Pod stuck pulling, and the kubelet's pull events.
import { at, conditions, containerStatus, event, IMAGE, pod } from '../../harness/builders.js';

type Obj = Record<string, any>;

/** A Pending Pod whose container "app" waits with the given reason and message. */
export function pulling(waiting: { reason: string; message?: string }, patch: Obj = {}): Obj {
  return pod({ ...patch, status: { phase: 'Pending', startTime: at(-590), conditions: conditions({ sandbox: true, initialized: true }), containerStatuses: [containerStatus({ waiting })] } });
}

/** containerd's pull error for IMAGE with `cause` inside `failed to resolve reference` (§6.1). */
export function resolveError(cause: string, image = IMAGE): string {
  return `failed to pull and unpack image "${image}": failed to resolve reference "${image}": ${cause}`;
}

/** ErrImagePull with `error`, plus the kubelet's `Failed to pull image` event first seen `firstSeconds` before T0. */
export function failingPull(error: string, firstSeconds = -300, patch: Obj = {}, image = IMAGE): Obj[] {
  const p = pulling({ reason: 'ErrImagePull', message: error }, patch);
  return [p, event(p, { reason: 'Failed', message: `Failed to pull image "${image}": ${error}`, count: 5, first: at(firstSeconds), last: at(-5), fieldPath: 'spec.containers{app}' })];
}

/** 1.32+ back-off message with the last error. */
export function backOff(error: string, image = IMAGE): string {
  return `Back-off pulling image "${image}": ErrImagePull: ${error}`;
}
