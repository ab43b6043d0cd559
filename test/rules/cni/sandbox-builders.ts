// Shared builders for the cni rule tables: a Pod still waiting for its sandbox, and sandbox events.
import { at, conditions, containerStatus, event, pod } from '../../harness/builders.js';

export const SANDBOX_ID = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

export function creatingPod(patch: Record<string, unknown> = {}) {
  const status = (patch.status ?? {}) as Record<string, unknown>;
  return pod({ ...patch, status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()], ...status } });
}

export function runningPod() {
  return pod({ status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-60) }, ready: true })] } });
}

/** `Failed to create pod sandbox: rpc error: code = Unknown desc = <inner>` (k8s-messages.md §2.4). */
export function sandboxFailed(p: Record<string, any>, inner: string, extra: Record<string, unknown> = {}) {
  return event(p, { reason: 'FailedCreatePodSandBox', message: `Failed to create pod sandbox: rpc error: code = Unknown desc = ${inner}`, count: 12, first: at(-500), ...extra });
}

export function sandboxChanged(p: Record<string, any>, extra: Record<string, unknown> = {}) {
  return event(p, { reason: 'SandboxChanged', type: 'Normal', message: 'Pod sandbox changed, it will be killed and re-created.', count: 11, first: at(-490), ...extra });
}

export const setup = (inner: string) => `failed to setup network for sandbox "${SANDBOX_ID}": ${inner}`;
