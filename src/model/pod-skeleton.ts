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
 * snapshot objects).
 */
export function podSkeleton(pod: Pod, intern: (s: string) => string = (s) => s): Pod {
  const skeleton = shareWords(slim(pod), intern, '') as Pod;
  // The Pod's own name is its own (container and owner names repeat across Pods and are shared).
  if (skeleton.metadata && typeof pod.metadata?.name === 'string') skeleton.metadata.name = pod.metadata.name;
  return skeleton;
}

/** Values unique to one Pod: not worth a place in the shared words. */
const OWN_VALUES = new Set(['uid', 'creationTimestamp', 'deletionTimestamp', 'startedAt', 'finishedAt', 'message', 'containerID']);

/** A copy of `value` (a small tree: the skeleton) whose strings repeated across Pods are shared through `intern`. */
function shareWords(value: unknown, intern: (s: string) => string, key: string): unknown {
  if (typeof value === 'string') return OWN_VALUES.has(key) || (key === 'name' && value.length > 40) ? value : intern(value);
  if (Array.isArray(value)) return value.map((v) => shareWords(v, intern, key));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = shareWords(v, intern, k);
  return out;
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
