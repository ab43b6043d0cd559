// What the traffic path looks up by namespace — a namespace's Pods, a Namespace by name — made once per
// snapshot rather than by a scan of every Pod for every Service and every client namespace (which made
// scan and analyze grow with Services × namespaces × Pods on a cluster with many Services).
import type { KObject, Pod } from '../../model/k8s.js';
import type { Snapshot } from '../../model/snapshot.js';

interface NamespaceIndex {
  /** The lists it was made from: a snapshot given other lists (or grown ones) gets a new index. */
  pods: readonly Pod[];
  podCount: number;
  namespaces: readonly KObject[];
  namespaceCount: number;
  /** Each namespace's Pods, in the input's order; keys in the order namespaces first appear among the Pods. */
  podsByNamespace: Map<string, Pod[]>;
  /** The first Namespace of each name, as a search of the list finds it. */
  namespaceByName: Map<string, KObject>;
  /** Each namespace's Pods' names, made when first asked. */
  podNames: Map<string, ReadonlySet<string>>;
}

const made = new WeakMap<Snapshot, NamespaceIndex>();

function indexOf(snapshot: Snapshot): NamespaceIndex {
  const known = made.get(snapshot);
  if (known && known.pods === snapshot.pods && known.podCount === snapshot.pods.length && known.namespaces === snapshot.namespaces && known.namespaceCount === snapshot.namespaces.length) return known;
  const podsByNamespace = new Map<string, Pod[]>();
  for (const p of snapshot.pods) {
    const ns = p.metadata?.namespace;
    if (typeof ns !== 'string') continue;
    const list = podsByNamespace.get(ns);
    if (list) list.push(p);
    else podsByNamespace.set(ns, [p]);
  }
  const namespaceByName = new Map<string, KObject>();
  for (const n of snapshot.namespaces) {
    const name = n.metadata?.name;
    if (typeof name === 'string' && !namespaceByName.has(name)) namespaceByName.set(name, n);
  }
  const index = { pods: snapshot.pods, podCount: snapshot.pods.length, namespaces: snapshot.namespaces, namespaceCount: snapshot.namespaces.length, podsByNamespace, namespaceByName, podNames: new Map() };
  made.set(snapshot, index);
  return index;
}

const NONE: readonly Pod[] = [];

/** The Pods of one namespace, in the input's order. */
export function podsIn(snapshot: Snapshot, namespace: string): readonly Pod[] {
  return indexOf(snapshot).podsByNamespace.get(namespace) ?? NONE;
}

/** Every namespace some Pod of the input is in (non-empty names). */
export function namespacesWithPods(snapshot: Snapshot): string[] {
  return [...indexOf(snapshot).podsByNamespace.keys()].filter((ns) => ns !== '');
}

/** The Namespace of that name, when the input has it. */
export function namespaceNamed(snapshot: Snapshot, name: string): KObject | undefined {
  return indexOf(snapshot).namespaceByName.get(name);
}

/** Whether a Pod of that namespace bears one of these names. */
export function holdsPodNamed(snapshot: Snapshot, namespace: string, names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  const index = indexOf(snapshot);
  let here = index.podNames.get(namespace);
  if (!here) index.podNames.set(namespace, (here = new Set((index.podsByNamespace.get(namespace) ?? NONE).map((p) => p.metadata?.name ?? ''))));
  for (const name of names) if (here.has(name)) return true;
  return false;
}
