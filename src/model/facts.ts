import { containerFacts, type ContainerFacts } from './containers.js';
import { EventIndex, type EventFact } from './events.js';
import type { Condition, KObject, Node, Pod } from './k8s.js';
import { completeness, listFor, sawKind, type Completeness, type Snapshot, type SnapshotKind } from './snapshot.js';
import { parseTime } from './time.js';

/** A PersistentVolumeClaim a Pod mounts, joined to its volume and class when the snapshot has them. */
export interface ClaimFacts {
  volume: string;
  claimName: string;
  pvc?: KObject;
  events: EventFact[];
  pv?: KObject;
  storageClass?: KObject;
}

/** The controllers above a Pod, nearest first (ReplicaSet then Deployment, Job then CronJob). */
export interface OwnerFacts {
  ref?: { kind: string; name: string };
  replicaSet?: KObject;
  deployment?: KObject;
  statefulSet?: KObject;
  daemonSet?: KObject;
  job?: KObject;
}

/** Everything the rules know about one Pod, normalised so they need not parse wire objects again. */
export interface PodFacts {
  pod: Pod;
  namespace: string;
  name: string;
  uid: string;
  phase: string;
  reason: string;
  message: string;
  nodeName: string;
  restartPolicy: string;
  createdAt?: number;
  deletingSince?: number;
  conditions: Record<string, Condition>;
  containers: ContainerFacts[];
  events: EventFact[];
  node?: Node;
  nodeEvents: EventFact[];
  owner: OwnerFacts;
  claims: ClaimFacts[];
  services: KObject[];
}

/** One workload (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job) and its Pods. */
export interface WorkloadFacts {
  kind: string;
  namespace: string;
  name: string;
  object: KObject;
  conditions: Record<string, Condition>;
  events: EventFact[];
  /** ReplicaSets of a Deployment (newest first), with their events. */
  replicaSets: Array<{ object: KObject; events: EventFact[] }>;
  pods: PodFacts[];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const nsName = (ns: string, name: string): string => `${ns}/${name}`;

/** Lookup tables over one Snapshot, built once so facts for many Pods stay cheap. */
/** The newest heartbeat or transition a Node's conditions carry (epoch ms; 0 when none can be read). */
function heartbeatOf(node: Node): number {
  const conditions = Array.isArray(node.status?.conditions) ? (node.status.conditions as Array<{ lastHeartbeatTime?: unknown; lastTransitionTime?: unknown }>) : [];
  let newest = 0;
  for (const c of conditions) {
    for (const t of [c?.lastHeartbeatTime, c?.lastTransitionTime]) {
      const ms = typeof t === 'string' ? Date.parse(t) : NaN;
      if (ms > newest) newest = ms;
    }
  }
  return newest;
}

export class SnapshotIndex {
  readonly events: EventIndex;
  private readonly nodes = new Map<string, Node>();
  private readonly byKind = new Map<string, Map<string, KObject>>();
  private readonly servicesByNs = new Map<string, KObject[]>();
  private readonly byNamespace = new Map<SnapshotKind, Map<string, KObject[]>>();
  private readonly nodeEvents = new Map<Node, EventFact[]>();

  /** `events`: an index built as a streamed list arrived (its raw Events are not in the snapshot). */
  constructor(
    readonly snapshot: Snapshot,
    events?: EventIndex,
  ) {
    this.events = events ?? new EventIndex(snapshot.events);
    // The same Node in several dumps (a directory of captures taken on different days): the freshest status
    // stands for it, so a Pod read from an older file is never judged against a heartbeat older than its own.
    for (const n of snapshot.nodes) {
      const name = str(n.metadata?.name);
      const seen = this.nodes.get(name);
      if (!seen || heartbeatOf(n) >= heartbeatOf(seen)) this.nodes.set(name, n);
    }
    const namespaced: Array<[string, KObject[]]> = [
      ['PersistentVolumeClaim', snapshot.persistentVolumeClaims],
      ['ConfigMap', snapshot.configMaps],
      ['Secret', snapshot.secrets],
      ['ReplicaSet', snapshot.replicaSets],
      ['Deployment', snapshot.deployments],
      ['StatefulSet', snapshot.statefulSets],
      ['DaemonSet', snapshot.daemonSets],
      ['Job', snapshot.jobs],
      ['Service', snapshot.services],
    ];
    for (const [kind, list] of namespaced) {
      const map = new Map<string, KObject>();
      for (const o of list) map.set(nsName(str(o.metadata?.namespace), str(o.metadata?.name)), o);
      this.byKind.set(kind, map);
    }
    for (const [kind, list] of [
      ['PersistentVolume', snapshot.persistentVolumes],
      ['StorageClass', snapshot.storageClasses],
    ] as Array<[string, KObject[]]>) {
      const map = new Map<string, KObject>();
      for (const o of list) map.set(nsName('', str(o.metadata?.name)), o);
      this.byKind.set(kind, map);
    }
    for (const s of snapshot.services) {
      const ns = str(s.metadata?.namespace);
      const list = this.servicesByNs.get(ns);
      if (list) list.push(s);
      else this.servicesByNs.set(ns, [s]);
    }
  }

  list(kind: SnapshotKind, namespace: string): readonly KObject[] {
    let byNs = this.byNamespace.get(kind);
    if (!byNs) {
      byNs = new Map();
      for (const o of listFor(this.snapshot, kind)) {
        const ns = str(o.metadata?.namespace);
        const l = byNs.get(ns);
        if (l) l.push(o);
        else byNs.set(ns, [o]);
      }
      this.byNamespace.set(kind, byNs);
    }
    return byNs.get(namespace) ?? [];
  }

  get(kind: SnapshotKind, namespace: string, name: string): KObject | undefined {
    if (kind === 'Node') return this.nodes.get(name);
    const objects = this.byKind.get(kind);
    return objects && objects.size > 0 ? objects.get(nsName(namespace, name)) : undefined;
  }

  /**
   * True when absence of an object of this kind in the snapshot means it does not exist: the input holds
   * the kind's whole list for `namespace` (everywhere, when no namespace is given), or looked `name` up.
   */
  saw(kind: SnapshotKind, namespace?: string, name?: string): boolean {
    return sawKind(this.snapshot, kind, namespace, name);
  }

  /** How much of a kind the input holds in a namespace (complete, partial, unknown). */
  completeness(kind: SnapshotKind, namespace?: string, name?: string): Completeness {
    return completeness(this.snapshot.meta, kind, namespace, name);
  }

  podFacts(pod: Pod): PodFacts {
    const namespace = str(pod.metadata?.namespace);
    const nodeName = str(pod.spec?.nodeName);
    const node = nodeName ? this.nodes.get(nodeName) : undefined;
    const conditions = conditionsByType(pod.status?.conditions);
    const facts: PodFacts = {
      pod,
      namespace,
      name: str(pod.metadata?.name),
      uid: str(pod.metadata?.uid),
      phase: str(pod.status?.phase),
      reason: str(pod.status?.reason),
      message: str(pod.status?.message),
      nodeName,
      restartPolicy: str(pod.spec?.restartPolicy) || 'Always',
      conditions,
      containers: containerFacts(pod),
      events: this.events.of('Pod', pod),
      nodeEvents: node ? this.nodeEventsOf(node) : [],
      owner: this.ownerFacts(pod, namespace),
      claims: this.claimFacts(pod, namespace),
      services: this.servicesSelecting(pod, namespace),
    };
    const created = parseTime(pod.metadata?.creationTimestamp);
    if (created !== undefined) facts.createdAt = created;
    const deleting = parseTime(pod.metadata?.deletionTimestamp);
    if (deleting !== undefined) facts.deletingSince = deleting;
    if (node) facts.node = node;
    return facts;
  }

  /**
   * Whether some Service in the snapshot selects this Pod or a workload in it controls the Pod: exactly the
   * Pods `podFacts` would give `services` or an owner object, found without building the rest of the facts.
   */
  belongsToWorkload(pod: Pod): boolean {
    const namespace = str(pod.metadata?.namespace);
    if (this.servicesSelecting(pod, namespace).length > 0) return true;
    const owner = this.ownerFacts(pod, namespace);
    return (owner.deployment ?? owner.replicaSet ?? owner.statefulSet ?? owner.daemonSet ?? owner.job) !== undefined;
  }

  /** A node's events, joined once per node and shared by its Pods' facts (read-only, like all facts). */
  private nodeEventsOf(node: Node): EventFact[] {
    let events = this.nodeEvents.get(node);
    if (!events) {
      events = this.events.of('Node', node);
      this.nodeEvents.set(node, events);
    }
    return events;
  }

  private ownerFacts(obj: KObject, namespace: string): OwnerFacts {
    const owner: OwnerFacts = {};
    const ref = controllerRef(obj);
    if (!ref) return owner;
    owner.ref = ref;
    const direct = this.get(ref.kind as SnapshotKind, namespace, ref.name);
    if (ref.kind === 'ReplicaSet' && direct) {
      owner.replicaSet = direct;
      const up = controllerRef(direct);
      const deployment = up?.kind === 'Deployment' ? this.get('Deployment', namespace, up.name) : undefined;
      if (deployment) owner.deployment = deployment;
    } else if (ref.kind === 'StatefulSet' && direct) owner.statefulSet = direct;
    else if (ref.kind === 'DaemonSet' && direct) owner.daemonSet = direct;
    else if (ref.kind === 'Job' && direct) owner.job = direct;
    return owner;
  }

  private claimFacts(pod: Pod, namespace: string): ClaimFacts[] {
    const claims: ClaimFacts[] = [];
    for (const v of Array.isArray(pod.spec?.volumes) ? pod.spec.volumes : []) {
      const claimName = str(v?.persistentVolumeClaim?.claimName);
      if (!claimName) continue;
      const pvc = this.get('PersistentVolumeClaim', namespace, claimName);
      const claim: ClaimFacts = { volume: str(v.name), claimName, events: pvc ? this.events.of('PersistentVolumeClaim', pvc) : [] };
      if (pvc) {
        claim.pvc = pvc;
        const pv = this.get('PersistentVolume', '', str(pvc.spec?.volumeName));
        if (pv) claim.pv = pv;
        const sc = this.get('StorageClass', '', str(pvc.spec?.storageClassName));
        if (sc) claim.storageClass = sc;
      }
      claims.push(claim);
    }
    return claims;
  }

  /** ReplicaSets by the Deployment that controls them (namespace and name), in snapshot order; built on first use. */
  private replicaSetsByDeployment: Map<string, KObject[]> | undefined;

  /** A Deployment's ReplicaSets: one lookup, not a pass over every ReplicaSet per Deployment (7,500 × 7,500 at 150,000 Pods). */
  private replicaSetsOf(namespace: string, name: string): readonly KObject[] | undefined {
    if (!this.replicaSetsByDeployment) {
      const index = new Map<string, KObject[]>();
      for (const rs of this.snapshot.replicaSets) {
        const ref = controllerRef(rs);
        if (ref?.kind !== 'Deployment') continue;
        const key = `${str(rs.metadata?.namespace)}\u0000${ref.name}`;
        const list = index.get(key);
        if (list) list.push(rs);
        else index.set(key, [rs]);
      }
      this.replicaSetsByDeployment = index;
    }
    return this.replicaSetsByDeployment.get(`${namespace}\u0000${name}`);
  }

  private servicesSelecting(pod: Pod, namespace: string): KObject[] {
    const labels = pod.metadata?.labels ?? {};
    return (this.servicesByNs.get(namespace) ?? []).filter((s) => {
      const selector = s.spec?.selector;
      if (!selector || typeof selector !== 'object' || Object.keys(selector).length === 0) return false;
      return Object.entries(selector).every(([k, v]) => labels[k] === v);
    });
  }

  workloadFacts(kind: string, object: KObject, pods: PodFacts[]): WorkloadFacts {
    const namespace = str(object.metadata?.namespace);
    const name = str(object.metadata?.name);
    const conditions = conditionsByType(object.status?.conditions);
    const replicaSets =
      kind === 'Deployment'
        ? [...(this.replicaSetsOf(namespace, name) ?? [])]
            .sort((a, b) => revision(b) - revision(a))
            .map((rs) => ({ object: rs, events: this.events.of('ReplicaSet', rs) }))
        : [];
    return { kind, namespace, name, object, conditions, events: this.events.of(kind, object), replicaSets, pods };
  }
}

function revision(rs: KObject): number {
  const r = Number(rs.metadata?.annotations?.['deployment.kubernetes.io/revision']);
  return Number.isFinite(r) ? r : 0;
}

/** The controlling owner reference (or the first one when none is marked controller). */
export function controllerRef(obj: KObject): { kind: string; name: string } | undefined {
  const refs = Array.isArray(obj.metadata?.ownerReferences) ? obj.metadata.ownerReferences : [];
  const ref = refs.find((r) => r?.controller) ?? refs[0];
  if (!ref || typeof ref.kind !== 'string' || typeof ref.name !== 'string') return undefined;
  return { kind: ref.kind, name: ref.name };
}

/** The kubelet reported the Pod Running and Ready within `withinMs` of now (a transition, a container start, a kubelet event). */
export function freshlyReady(pod: PodFacts, now: number, withinMs: number): boolean {
  const ready = pod.conditions.Ready;
  if (pod.phase !== 'Running' || ready?.status !== 'True') return false;
  let newest = parseTime(ready.lastTransitionTime) ?? 0;
  for (const c of pod.containers) newest = Math.max(newest, parseTime(c.running?.startedAt) ?? 0);
  for (const e of pod.events) if (e.source.startsWith('kubelet') && e.lastSeen !== undefined) newest = Math.max(newest, e.lastSeen);
  return newest > 0 && now - newest <= withinMs;
}

/**
 * An object's conditions by type, the last of each type winning. Nothing is inherited (a type may be
 * "__proto__" or "constructor", and a readiness gate names any type): the prototype is an empty object with
 * none. Not Object.create(null) itself, which V8 keeps as a hash table from the start (each store a call
 * into the runtime), for every Pod diagnosed.
 */
export function conditionsByType(list: unknown): Record<string, Condition> {
  const conditions: Record<string, Condition> = Object.create(NOTHING_INHERITED);
  if (!Array.isArray(list)) return conditions;
  for (const c of list as Array<Condition | null | undefined>) {
    if (c && typeof c.type === 'string') conditions[c.type] = c;
  }
  return conditions;
}

const NOTHING_INHERITED: object = Object.freeze(Object.create(null));
