import type { Pod } from './k8s.js';

/** The container fields another Pod's rules read: names for joins, requests for node totals, the sidecar mark. */
const CONTAINER_FIELDS = ['name', 'image', 'resources', 'restartPolicy'] as const;
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
  const skeleton = shareWords(slim(pod), intern, '', subtrees, 0).value as Pod;
  // The Pod's own name is its own (container and owner names repeat across Pods and are shared).
  if (skeleton.metadata && typeof pod.metadata?.name === 'string') skeleton.metadata.name = pod.metadata.name;
  return skeleton;
}

/** Values unique to one Pod: not worth a place in the shared words. */
const OWN_VALUES = new Set(['uid', 'creationTimestamp', 'deletionTimestamp', 'startedAt', 'finishedAt', 'message', 'containerID']);

/** Parts of skeletons seen before, by their JSON text (read-only objects, shared between Pods). */
export class SubtreeCache {
  private readonly known = new Map<string, unknown>();
  constructor(private readonly limit = 50_000) {}

  share<T>(value: T): T {
    const key = JSON.stringify(value);
    // Large parts rarely repeat whole; their pieces are shared one level down.
    if (key.length > 1024) return value;
    const found = this.known.get(key);
    if (found !== undefined) return found as T;
    if (this.known.size < this.limit) this.known.set(key, value);
    return value;
  }
}

/**
 * A copy of `value` (a small tree: the skeleton) whose strings repeated across Pods are shared through
 * `intern`, and whose parts below the top two levels through `subtrees` unless they hold a value of this
 * Pod's own (its uid, timestamps, messages). `own` tells the caller that the part holds one.
 */
function shareWords(value: unknown, intern: (s: string) => string, key: string, subtrees: SubtreeCache | undefined, depth: number): { value: unknown; own: boolean } {
  // A uid below metadata is an owner's, shared by its replicas.
  const ownKey = OWN_VALUES.has(key) && !(key === 'uid' && depth > 2);
  if (typeof value === 'string') return { value: ownKey || (key === 'name' && value.length > 40) ? value : intern(value), own: ownKey };
  if (!value || typeof value !== 'object') return { value, own: ownKey };
  let own = ownKey;
  let out: unknown;
  if (Array.isArray(value)) {
    out = value.map((v) => {
      const r = shareWords(v, intern, key, subtrees, depth + 1);
      own ||= r.own;
      return r.value;
    });
  } else {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = shareWords(v, intern, k, subtrees, depth + 1);
      own ||= r.own;
      o[k] = r.value;
    }
    out = o;
  }
  return { value: subtrees && depth >= 2 && !own ? subtrees.share(out) : out, own };
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
