import type { ContainerSpec, ContainerStateTerminated, ContainerStatus, Pod } from './k8s.js';

/** init: runs to completion before the app; sidecar: a restartable (native sidecar) init container. */
export type ContainerKind = 'init' | 'sidecar' | 'app' | 'ephemeral';

/** One container's spec and status joined by name, with its timeline. */
export interface ContainerFacts {
  name: string;
  kind: ContainerKind;
  spec: ContainerSpec;
  status?: ContainerStatus;
  /** Path of the status entry, for evidence, e.g. `status.containerStatuses[name=app]`. */
  statusPath: string;
  waiting?: { reason: string; message: string };
  running?: { startedAt?: string };
  terminated?: ContainerStateTerminated;
  lastTerminated?: ContainerStateTerminated;
  restartCount: number;
  ready: boolean;
}

const GROUPS = [
  { specKey: 'initContainers', statusKey: 'initContainerStatuses', kind: 'init' },
  { specKey: 'containers', statusKey: 'containerStatuses', kind: 'app' },
  { specKey: 'ephemeralContainers', statusKey: 'ephemeralContainerStatuses', kind: 'ephemeral' },
] as const;

/** Init containers in order, then app containers, then ephemeral ones. */
export function containerFacts(pod: Pod): ContainerFacts[] {
  const out: ContainerFacts[] = [];
  for (const group of GROUPS) {
    const specs = arrayOf<ContainerSpec>(pod.spec?.[group.specKey]);
    const statuses = arrayOf<ContainerStatus>(pod.status?.[group.statusKey]);
    const byName = new Map(statuses.map((s) => [s?.name ?? '', s]));
    const names = new Set<string>();
    for (const spec of specs) {
      const name = typeof spec?.name === 'string' ? spec.name : '';
      names.add(name);
      const kind = group.kind === 'init' && spec.restartPolicy === 'Always' ? 'sidecar' : group.kind;
      out.push(build(name, kind, spec, byName.get(name), group.statusKey));
    }
    // Status without spec (a partial dump): still a container worth reading.
    for (const status of statuses) {
      const name = typeof status?.name === 'string' ? status.name : '';
      if (!names.has(name)) out.push(build(name, group.kind, {}, status, group.statusKey));
    }
  }
  return out;
}

function build(name: string, kind: ContainerKind, spec: ContainerSpec, status: ContainerStatus | undefined, statusKey: string): ContainerFacts {
  const facts: ContainerFacts = {
    name,
    kind,
    spec: spec && typeof spec === 'object' ? spec : {},
    statusPath: `status.${statusKey}[name=${name}]`,
    restartCount: typeof status?.restartCount === 'number' ? status.restartCount : 0,
    ready: status?.ready === true,
  };
  if (status && typeof status === 'object') facts.status = status;
  const state = status?.state;
  if (state?.waiting && typeof state.waiting === 'object') {
    facts.waiting = { reason: text(state.waiting.reason), message: text(state.waiting.message) };
  }
  if (state?.running && typeof state.running === 'object') facts.running = { ...(state.running.startedAt ? { startedAt: text(state.running.startedAt) } : {}) };
  if (state?.terminated && typeof state.terminated === 'object') facts.terminated = state.terminated;
  if (status?.lastState?.terminated && typeof status.lastState.terminated === 'object') facts.lastTerminated = status.lastState.terminated;
  return facts;
}

function arrayOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value.filter((v) => v && typeof v === 'object') as T[]) : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
