// Pod requests as the scheduler counts them, and what each node has left, for resource messages.
import type { ContainerSpec, Node, Pod } from '../../model/k8s.js';
import { formatQuantity, parseQuantity } from '../../model/quantity.js';
import type { ClusterView } from '../types.js';
import { memoString } from './memo.js';

/** Resource name → amount in base units (cores, bytes, counts). */
export type ResourceList = Record<string, number>;

// These run for every Pod in the snapshot (the per-node totals): own keys in Object.entries order,
// without building the entries arrays.
function add(into: ResourceList, from: ResourceList): void {
  for (const k in from) if (Object.hasOwn(from, k)) into[k] = (into[k] ?? 0) + from[k]!;
}

function maxInto(into: ResourceList, from: ResourceList): void {
  for (const k in from) if (Object.hasOwn(from, k)) into[k] = Math.max(into[k] ?? 0, from[k]!);
}

// `100m`, `128Mi`: a handful of spellings, read again for every Pod.
const quantityText = memoString(parseQuantity);

function quantities(list: unknown): ResourceList {
  const out: ResourceList = {};
  if (!list || typeof list !== 'object') return out;
  for (const k in list) {
    if (!Object.hasOwn(list, k)) continue;
    const v = (list as Record<string, unknown>)[k];
    const q = typeof v === 'string' ? quantityText(v) : parseQuantity(v);
    if (q !== undefined) out[k] = q;
  }
  return out;
}

/** A container's requests; a resource with only a limit requests the limit (API server defaulting). */
export function containerRequests(c: ContainerSpec): ResourceList {
  const out = quantities(c.resources?.limits);
  Object.assign(out, quantities(c.resources?.requests));
  return out;
}

/**
 * The Pod's effective requests (k8s.io/component-helpers resource.PodRequests): the sum of app
 * containers and sidecars, or the largest init container plus the sidecars started before it,
 * whichever is larger per resource; pod-level `spec.resources.requests` replace cpu/memory;
 * `spec.overhead` is added. Remembered for the last Pod asked about (several rules ask): read-only.
 */
export function podRequests(pod: Pod): ResourceList {
  if (pod !== lastPod) {
    lastRequests = requestsOf(pod);
    lastPod = pod;
  }
  return lastRequests;
}

let lastPod: Pod | undefined;
let lastRequests: ResourceList = {};

function requestsOf(pod: Pod): ResourceList {
  const spec = pod.spec ?? {};
  const reqs: ResourceList = {};
  if (Array.isArray(spec.containers)) for (const c of spec.containers) add(reqs, containerRequests(c ?? {}));
  // Computed for every Pod bound to a node: what is absent is skipped (adding or max-ing nothing changes nothing).
  if (Array.isArray(spec.initContainers) && spec.initContainers.length > 0) {
    const sidecars: ResourceList = {};
    const init: ResourceList = {};
    for (const c of spec.initContainers) {
      const own = containerRequests(c ?? {});
      if (c?.restartPolicy === 'Always') {
        add(reqs, own);
        add(sidecars, own);
        maxInto(init, sidecars);
      } else {
        const tmp: ResourceList = { ...own };
        add(tmp, sidecars);
        maxInto(init, tmp);
      }
    }
    maxInto(reqs, init);
  }
  const podLevelRequests = (spec as { resources?: { requests?: unknown } }).resources?.requests;
  if (podLevelRequests) {
    const podLevel = quantities(podLevelRequests);
    if (podLevel.cpu !== undefined) reqs.cpu = podLevel.cpu;
    if (podLevel.memory !== undefined) reqs.memory = podLevel.memory;
  }
  const overhead = (spec as { overhead?: unknown }).overhead;
  if (overhead) add(reqs, quantities(overhead));
  return reqs;
}

/**
 * Every Pod, when the snapshot plausibly holds the full list: the whole list of Pods in `namespace` was read
 * (a dump of the namespace, or a scan) and some Pod is bound to a node. A dump of one pending Pod (or Pods
 * read one by one) says nothing about what runs on the nodes.
 */
export function clusterPods(cluster: ClusterView, namespace: string): readonly Pod[] | undefined {
  return cluster.saw('Pod', namespace) && someBound(cluster.pods) ? cluster.pods : undefined;
}

// Asked for every Pod: remembered per Pod list, so a snapshot of mostly Pending Pods is not scanned once per Pod.
const boundMemo = new WeakMap<readonly Pod[], { length: number; bound: boolean }>();

function someBound(pods: readonly Pod[]): boolean {
  const hit = boundMemo.get(pods);
  if (hit && hit.length === pods.length) return hit.bound;
  const bound = pods.some((p) => typeof p.spec?.nodeName === 'string' && p.spec.nodeName !== '');
  boundMemo.set(pods, { length: pods.length, bound });
  return bound;
}

export interface NodeResources {
  name: string;
  allocatable: ResourceList;
  /** Requests of the other Pods bound to the node; undefined when Pods were not visible. */
  requested?: ResourceList;
  /** allocatable − requested, or allocatable when the Pods were not visible. */
  free: ResourceList;
  /** Non-terminal Pods bound to the node (0 when Pods were not visible). */
  podCount: number;
  unschedulable: boolean;
}

interface NodeUsage {
  requested: ResourceList;
  count: number;
}

/** Requests and Pod count per node name, summed over `pods` in order, skipping `excludeUid`; `counted` collects the UIDs counted. */
function usageByNode(pods: readonly Pod[], excludeUid?: string, counted?: Set<string>): Map<string, NodeUsage> {
  const byNode = new Map<string, NodeUsage>();
  for (const p of pods) {
    const node = p.spec?.nodeName;
    if (!node || p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed') continue;
    if (excludeUid && p.metadata?.uid === excludeUid) continue;
    const uid = counted && p.metadata?.uid;
    if (uid) counted.add(uid);
    const entry = byNode.get(node) ?? { requested: {}, count: 0 };
    add(entry.requested, podRequests(p));
    entry.count++;
    byNode.set(node, entry);
  }
  return byNode;
}

interface UsageMemo {
  length: number;
  byNode: Map<string, NodeUsage>;
  /** UIDs of the Pods that the totals count. */
  counted: Set<string>;
  /** nodeResources over these totals, per node list. */
  results: WeakMap<readonly Node[], { length: number; result: readonly NodeResources[] }>;
}

// Snapshots are never changed, so the totals over one Pod list are computed once, not once per Pending
// Pod (that was quadratic in the number of Pods), and so is what they leave free on each node.
const usageMemo = new WeakMap<readonly Pod[], UsageMemo>();

function podUsage(pods: readonly Pod[]): UsageMemo {
  let memo = usageMemo.get(pods);
  if (!memo || memo.length !== pods.length) {
    const counted = new Set<string>();
    memo = { length: pods.length, byNode: usageByNode(pods, undefined, counted), counted, results: new WeakMap() };
    usageMemo.set(pods, memo);
  }
  return memo;
}

const allocatableOnly = new WeakMap<readonly Node[], { length: number; result: readonly NodeResources[] }>();

/**
 * Per node: allocatable, and what is left after the other Pods' requests when those Pods are known.
 * The result may be shared with other callers: read-only.
 */
export function nodeResources(nodes: readonly Node[], pods?: readonly Pod[], excludeUid?: string): readonly NodeResources[] {
  if (!pods) return remembered(allocatableOnly, nodes, () => buildNodeResources(nodes));
  const memo = podUsage(pods);
  // Excluding a Pod the totals count: sum again without it (subtracting could round differently).
  if (excludeUid && memo.counted.has(excludeUid)) return buildNodeResources(nodes, pods, usageByNode(pods, excludeUid));
  return remembered(memo.results, nodes, () => buildNodeResources(nodes, pods, memo.byNode));
}

function remembered(cache: WeakMap<readonly Node[], { length: number; result: readonly NodeResources[] }>, nodes: readonly Node[], build: () => readonly NodeResources[]): readonly NodeResources[] {
  const hit = cache.get(nodes);
  if (hit && hit.length === nodes.length) return hit.result;
  const result = build();
  cache.set(nodes, { length: nodes.length, result });
  return result;
}

function buildNodeResources(nodes: readonly Node[], pods?: readonly Pod[], byNode?: Map<string, NodeUsage>): NodeResources[] {
  return nodes.map((n) => {
    const name = n.metadata?.name ?? '';
    const allocatable = quantities(n.status?.allocatable);
    const used = byNode?.get(name);
    const free: ResourceList = { ...allocatable };
    if (pods) for (const [k, v] of Object.entries(used?.requested ?? {})) if (free[k] !== undefined) free[k] = free[k]! - v;
    if (pods && free.pods !== undefined) free.pods = free.pods - (used?.count ?? 0);
    const r: NodeResources = { name, allocatable, free, podCount: used?.count ?? 0, unschedulable: n.spec?.unschedulable === true };
    if (pods) r.requested = { ...used?.requested };
    return r;
  });
}

// Asked for every Pending Pod over the same (remembered, read-only) node list: one pass per resource, not one per Pod.
const largestMemo = new WeakMap<readonly NodeResources[], Map<string, NodeResources | undefined>>();

/** The node with the most of `resource` (free when known, else allocatable). */
export function largestNode(nodes: readonly NodeResources[], resource: string, field: 'free' | 'allocatable' = 'free'): NodeResources | undefined {
  let memo = largestMemo.get(nodes);
  if (!memo) largestMemo.set(nodes, (memo = new Map()));
  const key = `${field}\u0000${resource}`;
  if (memo.has(key)) return memo.get(key);
  const best = largestOf(nodes, resource, field);
  memo.set(key, best);
  return best;
}

function largestOf(nodes: readonly NodeResources[], resource: string, field: 'free' | 'allocatable'): NodeResources | undefined {
  let best: NodeResources | undefined;
  for (const n of nodes) {
    const v = n[field][resource];
    if (v === undefined) continue;
    if (!best || v > (best[field][resource] ?? -Infinity)) best = n;
  }
  return best;
}

/** `6 cpu`, `12Gi memory`, `1 nvidia.com/gpu` for people. */
export function formatResource(resource: string, value: number): string {
  return `${formatQuantity(resource, value)} ${resource}`;
}

/** `cpu: 6, memory: 12Gi` for the resources named (all when omitted). */
export function formatResources(list: ResourceList, names?: readonly string[]): string {
  const keys = names ?? Object.keys(list).sort();
  return keys.filter((k) => list[k] !== undefined).map((k) => formatResource(k, list[k]!)).join(', ');
}
