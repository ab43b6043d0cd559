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

/** A Pod spec's container lists and the status lists that report on them, in the order kdiag reads them. */
export const CONTAINER_GROUPS = [
  { specKey: 'initContainers', statusKey: 'initContainerStatuses', kind: 'init' },
  { specKey: 'containers', statusKey: 'containerStatuses', kind: 'app' },
  { specKey: 'ephemeralContainers', statusKey: 'ephemeralContainerStatuses', kind: 'ephemeral' },
] as const;

/** Init containers in order, then app containers, then ephemeral ones. */
export function containerFacts(pod: Pod): ContainerFacts[] {
  const out: ContainerFacts[] = [];
  for (const group of CONTAINER_GROUPS) {
    const specList: unknown = pod.spec?.[group.specKey];
    const statusList: unknown = pod.status?.[group.statusKey];
    // Most Pods have no init or ephemeral containers: nothing to join.
    if (!Array.isArray(specList) && !Array.isArray(statusList)) continue;
    const specs = arrayOf<ContainerSpec>(specList);
    const statuses = arrayOf<ContainerStatus>(statusList);
    const find = statusFinder(statuses);
    const joined = new Array<boolean>(statuses.length).fill(false);
    for (const spec of specs) {
      const name = typeof spec?.name === 'string' ? spec.name : '';
      const kind = group.kind === 'init' && spec.restartPolicy === 'Always' ? 'sidecar' : group.kind;
      const at = find(name);
      if (at >= 0) joined[at] = true;
      out.push(build(name, kind, spec, at >= 0 ? statuses[at] : undefined, group.statusKey));
    }
    // Status without spec (a partial dump): still a container worth reading. A status whose name some spec
    // has is that spec's, even when another status of that name was the one joined.
    let specNames: Set<string> | undefined;
    for (let i = 0; i < statuses.length; i++) {
      if (joined[i]) continue;
      const status = statuses[i]!;
      const name = typeof status?.name === 'string' ? status.name : '';
      specNames ??= new Set(specs.map((spec) => (typeof spec?.name === 'string' ? spec.name : '')));
      if (!specNames.has(name)) out.push(build(name, group.kind, {}, status, group.statusKey));
    }
  }
  return out;
}

/** Up to this many statuses, a spec's is found by a scan; past it (a hostile Pod of thousands), through a Map. */
const FEW_STATUSES = 8;

/** The index of the status a spec of this name gets, -1 for none: the last of that name, as a Map built from the list keeps. */
function statusFinder(statuses: readonly ContainerStatus[]): (name: string) => number {
  if (statuses.length <= FEW_STATUSES) {
    return (name) => {
      for (let i = statuses.length - 1; i >= 0; i--) if ((statuses[i]?.name ?? '') === name) return i;
      return -1;
    };
  }
  const byName = new Map<unknown, number>();
  statuses.forEach((s, i) => byName.set(s?.name ?? '', i));
  return (name) => byName.get(name) ?? -1;
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
