import type { KEvent, KObject, Node, Pod } from './k8s.js';

/** Every kind kdiag reads, by the list it is kept in. */
export const SNAPSHOT_KINDS = {
  Pod: 'pods',
  Event: 'events',
  Node: 'nodes',
  PersistentVolumeClaim: 'persistentVolumeClaims',
  PersistentVolume: 'persistentVolumes',
  StorageClass: 'storageClasses',
  ConfigMap: 'configMaps',
  Secret: 'secrets',
  ReplicaSet: 'replicaSets',
  Deployment: 'deployments',
  StatefulSet: 'statefulSets',
  DaemonSet: 'daemonSets',
  ControllerRevision: 'controllerRevisions',
  Job: 'jobs',
  CronJob: 'cronJobs',
  Service: 'services',
  EndpointSlice: 'endpointSlices',
  Endpoints: 'endpoints',
  ResourceQuota: 'resourceQuotas',
  LimitRange: 'limitRanges',
  Namespace: 'namespaces',
  NetworkPolicy: 'networkPolicies',
  Ingress: 'ingresses',
  IngressClass: 'ingressClasses',
} as const;

export type SnapshotKind = keyof typeof SNAPSHOT_KINDS;
type ListName = (typeof SNAPSHOT_KINDS)[SnapshotKind];

/** Where the snapshot came from and what of it could be seen. */
export interface SnapshotMeta {
  /** `file:<path>` or `cluster:<context>`. */
  sources: string[];
  /** The time the data was captured (ISO); for several dumps the latest of their clocks. */
  capturedAt?: string;
  /** Each dump input's own capture time and how kdiag knows it; absent for a live cluster. */
  clocks?: SourceClock[];
  /** `Kind/namespace/name` → index into `clocks`: the input each object was read from. */
  objectClock?: Record<string, number>;
  /** The clock of every object when all of them were read from one input (then there is no `objectClock`). */
  defaultClock?: number;
  /** Kinds that were looked at (present in a dump, or listed successfully on a cluster). */
  seenKinds: SnapshotKind[];
  /**
   * Where the input holds the whole list of a kind, so that an object missing from it does not exist: a
   * kind that is seen but not complete for a namespace (single objects, a `kubectl get KIND NAME`) is
   * `partial` there, and absence in it is unknown. Absent: nothing is known complete.
   */
  complete?: Partial<Record<SnapshotKind, KindCoverage>>;
  /** Kinds that could not be read, with the reason (`forbidden (needs list on deployments.apps in namespace shop)`). */
  unreadable: Array<{ kind: SnapshotKind; reason: string }>;
  /** Lines for the Diagnosis `notes`: what could not be seen and why. */
  notes: string[];
  /** Traffic policies of kinds kdiag reads but cannot evaluate (`CiliumNetworkPolicy shop/allow-web`): named, never ignored. */
  otherPolicies?: string[];
}

/** Where a kind's list is complete: everywhere, in some namespaces, or for objects looked up by name. */
export interface KindCoverage {
  /** Every object of the kind (a cluster-wide list, a list across namespaces, a cluster-scoped kind's list). */
  all?: true;
  /** Every object of the kind in these namespaces (a list of one namespace). */
  namespaces?: string[];
  /** `namespace/name` of objects looked up by name (a GET whose 404 is an answer). */
  names?: string[];
}

/** How much of a kind the input holds for one namespace: the whole list, some of its objects, or none of it. */
export type Completeness = 'complete' | 'partial' | 'unknown';

/** Kinds that have no namespace: their list is complete everywhere or nowhere. */
export const CLUSTER_SCOPED_KINDS: ReadonlySet<SnapshotKind> = new Set<SnapshotKind>(['Node', 'PersistentVolume', 'StorageClass', 'Namespace', 'IngressClass']);

/**
 * How complete the input is for `kind` in `namespace` (ignored for cluster-scoped kinds), or for the one
 * object `name` when it was looked up by name. Only `complete` makes an object's absence evidence.
 */
export function completeness(meta: SnapshotMeta, kind: SnapshotKind, namespace?: string, name?: string): Completeness {
  const c = meta.complete?.[kind];
  if (c) {
    if (c.all) return 'complete';
    const ns = CLUSTER_SCOPED_KINDS.has(kind) ? '' : namespace;
    if (ns !== undefined && c.namespaces?.includes(ns)) return 'complete';
    if (name !== undefined && c.names?.includes(`${ns ?? ''}/${name}`)) return 'complete';
  }
  return meta.seenKinds.includes(kind) ? 'partial' : 'unknown';
}

/** Records that the input holds the whole list of `kind` in `scope` (a namespace; `all` for every one; a name looked up). */
export function markComplete(meta: SnapshotMeta, kind: SnapshotKind, scope: 'all' | { namespace: string } | { namespace: string; name: string }): void {
  if (!meta.seenKinds.includes(kind)) meta.seenKinds.push(kind);
  const complete = (meta.complete ??= {});
  const c = (complete[kind] ??= {});
  if (scope === 'all' || CLUSTER_SCOPED_KINDS.has(kind) && !('name' in scope)) {
    c.all = true;
    delete c.namespaces;
    delete c.names;
    return;
  }
  if (c.all) return;
  const ns = CLUSTER_SCOPED_KINDS.has(kind) ? '' : scope.namespace;
  if ('name' in scope) {
    const key = `${ns}/${scope.name}`;
    if (!(c.names ??= []).includes(key)) c.names.push(key);
  } else if (!(c.namespaces ??= []).includes(ns)) c.namespaces.push(ns);
}

/** The kinds complete for a namespace and the kinds only partly held there, for reports (each in SNAPSHOT_KINDS order). */
export function coverageFor(meta: SnapshotMeta, namespace?: string): { complete: SnapshotKind[]; partial: SnapshotKind[] } {
  const complete: SnapshotKind[] = [];
  const partial: SnapshotKind[] = [];
  for (const kind of Object.keys(SNAPSHOT_KINDS) as SnapshotKind[]) {
    const c = completeness(meta, kind, namespace);
    if (c === 'complete') complete.push(kind);
    else if (c === 'partial') partial.push(kind);
  }
  return { complete, partial };
}

/**
 * How an input's "now" was found: a capture time the input records (a kdiag bundle), the file's
 * modification time (when `kubectl get … > file` wrote it), the wall clock when standard input was read,
 * or the newest timestamp in it (no other clock, or a modification time older than the objects).
 */
export type ClockBasis = 'recorded' | 'mtime' | 'wall' | 'newest';

export interface SourceClock {
  /** The input as the user named it: a path, or `-`. */
  source: string;
  /** ISO time. */
  at: string;
  basis: ClockBasis;
  /** With basis `newest`: the modification time that was older than the objects (ISO). */
  rejectedMtime?: string;
}

/** The key `objectClock` uses. */
export function clockKey(o: { kind?: string; metadata?: { namespace?: string; name?: string } }): string {
  return `${o.kind ?? ''}/${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
}

export type Snapshot = { [K in ListName]: K extends 'pods' ? Pod[] : K extends 'events' ? KEvent[] : K extends 'nodes' ? Node[] : KObject[] } & {
  /** Tails of container logs keyed by `namespace/pod/container` (previous instance when it crashed). */
  logs: Record<string, string>;
  meta: SnapshotMeta;
};

export function emptySnapshot(): Snapshot {
  const lists = Object.fromEntries(Object.values(SNAPSHOT_KINDS).map((l) => [l, []])) as unknown as Omit<Snapshot, 'logs' | 'meta'>;
  return { ...lists, logs: {}, meta: { sources: [], seenKinds: [], unreadable: [], notes: [] } };
}

export function isSnapshotKind(kind: unknown): kind is SnapshotKind {
  return typeof kind === 'string' && Object.hasOwn(SNAPSHOT_KINDS, kind);
}

export function listFor(snapshot: Snapshot, kind: SnapshotKind): KObject[] {
  return snapshot[SNAPSHOT_KINDS[kind]] as KObject[];
}

/**
 * True when absence of an object of this kind means "does not exist": the input holds the kind's whole
 * list for `namespace` (or everywhere, when no namespace is given), or looked `name` up.
 */
export function sawKind(snapshot: Snapshot, kind: SnapshotKind, namespace?: string, name?: string): boolean {
  return completeness(snapshot.meta, kind, namespace, name) === 'complete';
}
