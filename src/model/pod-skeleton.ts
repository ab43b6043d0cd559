import type { Pod } from './k8s.js';

/** The container fields another Pod's rules read: names for joins, requests for node totals, the sidecar mark, ports for the traffic path. */
const CONTAINER_FIELDS = ['name', 'image', 'resources', 'restartPolicy', 'ports'] as const;
const METADATA_FIELDS = ['name', 'namespace', 'uid', 'labels', 'ownerReferences', 'creationTimestamp', 'deletionTimestamp'] as const;
const SPEC_FIELDS = ['nodeName', 'restartPolicy', 'resources', 'overhead'] as const;
const STATUS_FIELDS = ['phase', 'reason', 'message'] as const;
const CONDITION_FIELDS = ['type', 'status', 'reason'] as const;
const CONTAINER_STATUS_FIELDS = ['name', 'ready', 'started', 'restartCount', 'state', 'lastState'] as const;

function pick(from: unknown, keys: readonly string[]): Record<string, unknown> | undefined {
  if (!from || typeof from !== 'object') return undefined;
  const src = from as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of keys) if (src[k] !== undefined) out[k] = src[k];
  return out;
}

function listOf(list: unknown, keys: readonly string[]): unknown {
  return Array.isArray(list) ? list.map((c) => pick(c, keys) ?? c) : list;
}

/**
 * What a streamed scan keeps of a Pod once it is diagnosed: only what other Pods' and workloads' rules
 * read of it (labels and owners, node and requests, phase, conditions and container states, claims), not
 * its env, probes, mounts, tolerations, affinity, IPs or image IDs. Shares the kept values with the original (read-only, like all
 * snapshot objects). With `subtrees`, small parts equal to another Pod's (its labels, owners, containers'
 * requests, conditions) are that Pod's very objects: the replicas of a workload differ in little but names.
 */
export function podSkeleton(pod: Pod, intern: (s: string) => string = (s) => s, subtrees?: SubtreeCache): Pod {
  const skeleton = shareWords(slim(pod), intern, '', subtrees, 0, { own: false, signature: undefined }) as Pod;
  // The Pod's own name is its own (container and owner names repeat across Pods and are shared).
  if (skeleton.metadata && typeof pod.metadata?.name === 'string') skeleton.metadata.name = pod.metadata.name;
  return skeleton;
}

/** Values unique to one Pod: not worth a place in the shared words. */
const OWN_VALUES = new Set(['uid', 'creationTimestamp', 'deletionTimestamp', 'startedAt', 'finishedAt', 'message', 'containerID']);

/**
 * Parts of skeletons seen before (read-only objects, shared between Pods), found by a signature: the part's
 * JSON text, except that each of its children that is itself a shared part stands as `#id`. A part's
 * signature is made from its children's, so no part is serialised again at each level above it.
 */
export class SubtreeCache {
  private readonly known = new Map<string, object>();
  private readonly ids = new Map<object, number>();
  constructor(private readonly limit = 50_000) {}

  /** The shared part with this signature, or `value` (kept as the shared one while there is room). */
  share<T extends object>(value: T, signature: string): T {
    // Large parts rarely repeat whole; their pieces are shared one level down.
    if (signature.length > 1024) return value;
    const found = this.known.get(signature);
    if (found !== undefined) return found as T;
    if (this.known.size < this.limit) {
      this.known.set(signature, value);
      this.ids.set(value, this.ids.size);
    }
    return value;
  }

  /** The id of a shared part, undefined for any other object. */
  idOf(value: object): number | undefined {
    return this.ids.get(value);
  }
}

/** What the copy of one part says to its parent: whether it holds a value of the Pod's own, and its signature when it is shared. */
interface Copied {
  own: boolean;
  /** Set when the part can be found in the cache by its parent's signature: a primitive's JSON, or `#id` of a shared part. */
  signature: string | undefined;
}

/**
 * A copy of `value` (a small tree: the skeleton) whose strings repeated across Pods are shared through
 * `intern`, and whose parts below the top two levels through `subtrees` unless they hold a value of this
 * Pod's own (its uid, timestamps, messages). `out.own` tells the caller that the part holds one.
 */
function shareWords(value: unknown, intern: (s: string) => string, key: string, subtrees: SubtreeCache | undefined, depth: number, out: Copied): unknown {
  // A uid below metadata is an owner's, shared by its replicas.
  const ownKey = OWN_VALUES.has(key) && !(key === 'uid' && depth > 2);
  out.own = ownKey;
  if (typeof value === 'string') {
    const shared = ownKey || (key === 'name' && value.length > 40) ? value : intern(value);
    // Only a part at depth 2 or below has a signature, so only its children (depth 3 and below) need one.
    out.signature = subtrees && !ownKey && depth >= 3 ? JSON.stringify(shared) : undefined;
    return shared;
  }
  if (!value || typeof value !== 'object') {
    out.signature = subtrees && !ownKey && depth >= 3 ? JSON.stringify(value) : undefined;
    return value;
  }
  let own = ownKey;
  // The signature is built only where this part may be shared (depth 2 and below) and while every child has one.
  let signature: string | undefined = subtrees && depth >= 2 ? '' : undefined;
  let copy: unknown[] | Record<string, unknown>;
  if (Array.isArray(value)) {
    const list: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      list[i] = shareWords(value[i], intern, key, subtrees, depth + 1, out);
      own ||= out.own;
      if (signature !== undefined) signature = out.signature === undefined ? undefined : `${signature}${i === 0 ? '' : ','}${out.signature}`;
    }
    if (signature !== undefined) signature = `[${signature}]`;
    copy = list;
  } else {
    const o: Record<string, unknown> = {};
    let first = true;
    for (const k in value) {
      if (!Object.hasOwn(value, k)) continue;
      const v = (value as Record<string, unknown>)[k];
      o[k] = shareWords(v, intern, k, subtrees, depth + 1, out);
      own ||= out.own;
      // JSON leaves out undefined members, so the signature does too.
      if (signature !== undefined && v !== undefined) {
        signature = out.signature === undefined ? undefined : `${signature}${first ? '' : ','}${JSON.stringify(k)}:${out.signature}`;
        first = false;
      }
    }
    if (signature !== undefined) signature = `{${signature}}`;
    copy = o;
  }
  out.own = own;
  if (!subtrees || signature === undefined || own) {
    out.signature = undefined;
    return copy;
  }
  const shared = subtrees.share(copy, signature);
  const id = subtrees.idOf(shared);
  out.signature = id === undefined ? undefined : `#${id}`;
  return shared;
}

function slim(pod: Pod): Pod {
  const spec = pod.spec;
  const slimSpec = pick(spec, SPEC_FIELDS);
  if (slimSpec && spec) {
    for (const group of ['initContainers', 'containers', 'ephemeralContainers'] as const) if (spec[group] !== undefined) slimSpec[group] = listOf(spec[group], CONTAINER_FIELDS);
    if (Array.isArray(spec.volumes)) slimSpec.volumes = spec.volumes.filter((v) => v && typeof v === 'object' && v.persistentVolumeClaim);
  }
  const skeleton: Pod = { kind: pod.kind, apiVersion: pod.apiVersion } as Pod;
  const metadata = pick(pod.metadata, METADATA_FIELDS);
  if (metadata) skeleton.metadata = metadata as Pod['metadata'];
  if (slimSpec) skeleton.spec = slimSpec as Pod['spec'];
  const status = pick(pod.status, STATUS_FIELDS);
  if (status && pod.status) {
    if (pod.status.conditions !== undefined) status.conditions = listOf(pod.status.conditions, CONDITION_FIELDS);
    for (const group of ['initContainerStatuses', 'containerStatuses', 'ephemeralContainerStatuses'] as const) {
      if (pod.status[group] !== undefined) status[group] = listOf(pod.status[group], CONTAINER_STATUS_FIELDS);
    }
    skeleton.status = status;
  }
  return skeleton;
}
