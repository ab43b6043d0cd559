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
  /** Kinds that were looked at (present in a dump, or listed successfully on a cluster). */
  seenKinds: SnapshotKind[];
  /** Kinds that could not be read, with the reason (`forbidden (needs list on deployments.apps in namespace shop)`). */
  unreadable: Array<{ kind: SnapshotKind; reason: string }>;
  /** Lines for the Diagnosis `notes`: what could not be seen and why. */
  notes: string[];
  /** Traffic policies of kinds kdiag reads but cannot evaluate (`CiliumNetworkPolicy shop/allow-web`): named, never ignored. */
  otherPolicies?: string[];
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

/** True when the snapshot holds (or looked for) objects of this kind, so absence means "does not exist". */
export function sawKind(snapshot: Snapshot, kind: SnapshotKind): boolean {
  return snapshot.meta.seenKinds.includes(kind);
}
