// Who asks: the client named by --from, or the default clients of a Service (every namespace a policy
// distinguishes, each by its Pods in the input) or of an Ingress (its controller's Pods).
import { UsageError } from '../../errors.js';
import { compareText } from '../../text/collate.js';
import type { KObject, Pod } from '../../model/k8s.js';
import { sawKind, type Snapshot } from '../../model/snapshot.js';
import type { TrafficPeer } from '../policy-types.js';
import { holdsPodNamed, namespaceNamed, namespacesWithPods, podsIn } from './namespace-index.js';
import { anyPodIn, labelsOf, podPeer } from './view.js';

export type ClientSpec = { kind: 'pod'; namespace: string; name: string } | { kind: 'namespace'; name: string };

/** One client as asked: its label for the report and the peers that stand for it (any one admitted admits it). */
export interface Client {
  label: string;
  /** What the client is, and its name (`NS/NAME` for a Pod): the report groups namespaces by these, not by the label's words. */
  kind: 'pod' | 'namespace' | 'controller';
  name: string;
  peers: Array<TrafficPeer & { kind: 'pod' }>;
  /** True when named by --from (a denial is then the verdict, not a warning). */
  named: boolean;
  /**
   * A client named by --from that the input does not hold: `absent` when the input lists every object it could
   * be among (a typo, or deleted), `unread` when kdiag did not read where it would be (its labels are unknown).
   */
  missing?: 'absent' | 'unread';
}

/** Most Pods of one namespace asked about: policies select by labels, and a namespace's Pods share few label sets. */
const PODS_PER_NAMESPACE = 50;

/** `pod/NAME`, `pod/NS/NAME`, `ns/NAME`; the Pod's namespace defaults to the target's. */
export function parseClient(text: string, namespace: string): ClientSpec | undefined {
  const [kind, ...rest] = text.split('/');
  const k = (kind ?? '').toLowerCase();
  if ((k === 'pod' || k === 'po' || k === 'pods') && rest.length === 1 && rest[0]) return { kind: 'pod', namespace, name: rest[0] };
  if ((k === 'pod' || k === 'po' || k === 'pods') && rest.length === 2 && rest[0] && rest[1]) return { kind: 'pod', namespace: rest[0], name: rest[1] };
  if ((k === 'ns' || k === 'namespace' || k === 'namespaces') && rest.length === 1 && rest[0]) return { kind: 'namespace', name: rest[0] };
  return undefined;
}

export function namedClient(snapshot: Snapshot, spec: ClientSpec, exclude: ReadonlySet<string>): Client {
  if (spec.kind === 'pod') {
    const pod = snapshot.pods.find((p) => p.metadata?.namespace === spec.namespace && p.metadata?.name === spec.name);
    // A Pod not in the input: the namespace stands for it (labels unknown), and the report says so.
    const label = `pod ${spec.namespace}/${spec.name}`;
    const who = { label, kind: 'pod' as const, name: `${spec.namespace}/${spec.name}` };
    if (pod) return { ...who, peers: [podPeer(snapshot, pod)], named: true };
    return { ...who, peers: [anyPodIn(snapshot, spec.namespace)], named: true, missing: sawKind(snapshot, 'Pod', spec.namespace, spec.name) ? 'absent' : 'unread' };
  }
  const client: Client = { label: `namespace ${spec.name}`, kind: 'namespace', name: spec.name, peers: namespacePeers(snapshot, spec.name, exclude), named: true };
  // A namespace is known by its Namespace object or by Pods in it; neither, and its labels are unknown.
  if (podsIn(snapshot, spec.name).length > 0 || namespaceNamed(snapshot, spec.name)) return client;
  return { ...client, missing: sawKind(snapshot, 'Namespace', undefined, spec.name) ? 'absent' : 'unread' };
}

/** The client --from names, checked; undefined without --from. */
export function clientOf(snapshot: Snapshot, from: string | undefined, namespace: string): Client | undefined {
  if (from === undefined) return undefined;
  const spec = parseClient(from, namespace);
  if (!spec) throw new UsageError(`cannot read the client "${from}"`, { hint: 'use --from pod/NAME, pod/NAMESPACE/NAME or ns/NAME' });
  return namedClient(snapshot, spec, new Set());
}

/** A namespace's peers with nothing excluded, made once per snapshot: most namespaces hold none of a Service's backends. */
const wholeNamespacePeers = new WeakMap<readonly Pod[], Array<TrafficPeer & { kind: 'pod' }>>();

function namespacePeers(snapshot: Snapshot, namespace: string, exclude: ReadonlySet<string>): Array<TrafficPeer & { kind: 'pod' }> {
  const pods = podsIn(snapshot, namespace);
  if (holdsPodNamed(snapshot, namespace, exclude)) return peersOf(snapshot, namespace, pods, exclude);
  // Keyed by the namespace's list of Pods, which the index makes anew when the snapshot's Pods change.
  let peers = pods.length > 0 ? wholeNamespacePeers.get(pods) : undefined;
  if (!peers) {
    peers = peersOf(snapshot, namespace, pods, new Set());
    if (pods.length > 0) wholeNamespacePeers.set(pods, peers);
  }
  return [...peers];
}

/**
 * Up to PODS_PER_NAMESPACE Pods of distinct label sets, in the input's order; the namespace itself when it has
 * none. Each label set stands for it by its first Pod not excluded (and not finished), and the label sets are
 * taken in the order of those Pods.
 */
function peersOf(snapshot: Snapshot, namespace: string, pods: readonly Pod[], exclude: ReadonlySet<string>): Array<TrafficPeer & { kind: 'pod' }> {
  const firsts: Array<{ at: number; pod: Pod }> = [];
  for (const group of labelGroups(pods)) {
    for (const at of group) {
      const pod = pods[at]!;
      if (exclude.has(pod.metadata?.name ?? '')) continue;
      firsts.push({ at, pod });
      break;
    }
  }
  firsts.sort((a, b) => a.at - b.at);
  const chosen = firsts.slice(0, PODS_PER_NAMESPACE);
  return chosen.length > 0 ? chosen.map((f) => podPeer(snapshot, f.pod)) : [anyPodIn(snapshot, namespace)];
}

/**
 * A namespace's Pods that have not finished, grouped by label set: each group the positions of its Pods in
 * order, the groups in the order of their first Pod. Made once per list of Pods (a Service's path asks for its
 * own namespace's clients with its backends left out, once per Service).
 */
const groupsOf = new WeakMap<readonly Pod[], number[][]>();
function labelGroups(pods: readonly Pod[]): number[][] {
  let groups = groupsOf.get(pods);
  if (groups) return groups;
  const byKey = new Map<string, number[]>();
  for (let at = 0; at < pods.length; at++) {
    const p = pods[at]!;
    if (p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed') continue;
    const key = labelKey(p);
    const group = byKey.get(key);
    if (group) group.push(at);
    else byKey.set(key, [at]);
  }
  groups = [...byKey.values()];
  groupsOf.set(pods, groups);
  return groups;
}

/** A Pod's label set as one text (two Pods with the same labels are the same client to a policy); made once per Pod. */
const labelKeys = new WeakMap<Pod, string>();
function labelKey(pod: Pod): string {
  let key = labelKeys.get(pod);
  if (key === undefined) labelKeys.set(pod, (key = JSON.stringify(Object.entries(labelsOf(pod)).sort())));
  return key;
}

/**
 * The Namespaces a namespaceSelector's `matchLabels` matches, then those its values name (the label a selector
 * names is often the namespace's name, `name: monitoring`: that namespace is asked about too). Remembered per
 * list of Namespaces and selector: every Service whose backends a policy selects asks about the same selectors.
 */
function namespacesSelected(namespaces: readonly KObject[], wanted: Record<string, string>): readonly string[] {
  const memo = typeof wanted === 'object' ? selectedMemo(namespaces) : undefined;
  const remembered = memo?.get(wanted);
  if (remembered) return remembered;
  const entries = Object.entries(wanted);
  const out: string[] = [];
  for (const ns of namespaces) {
    const labels = labelsOf(ns);
    if (entries.every(([k, v]) => labels[k] === v)) out.push(ns.metadata?.name ?? '');
  }
  for (const [, v] of entries) if (namespaces.some((n) => n.metadata?.name === v)) out.push(v);
  memo?.set(wanted, out);
  return out;
}

const selectedByList = new WeakMap<readonly KObject[], { length: number; bySelector: WeakMap<object, readonly string[]> }>();

function selectedMemo(namespaces: readonly KObject[]): WeakMap<object, readonly string[]> {
  let memo = selectedByList.get(namespaces);
  // A list that grew (a Namespace added to a live snapshot) is asked again.
  if (!memo || memo.length !== namespaces.length) selectedByList.set(namespaces, (memo = { length: namespaces.length, bySelector: new WeakMap() }));
  return memo.bySelector;
}

/**
 * A Service's default clients: its own namespace, every namespace whose Pods are in the input, and every
 * Namespace a namespaceSelector of a policy selecting the backends matches: one client per namespace.
 */
export function defaultServiceClients(snapshot: Snapshot, namespace: string, backends: readonly Pod[], selecting: readonly KObject[]): Client[] {
  const names = new Set<string>([namespace, ...namespacesWithPods(snapshot)]);
  for (const policy of selecting) {
    const rules = Array.isArray(policy.spec?.ingress) ? (policy.spec.ingress as Array<{ from?: Array<{ namespaceSelector?: { matchLabels?: Record<string, string> } }> }>) : [];
    for (const rule of rules) {
      if (!Array.isArray(rule?.from)) continue;
      for (const peer of rule.from) {
        const wanted = peer?.namespaceSelector?.matchLabels;
        if (wanted) for (const name of namespacesSelected(snapshot.namespaces, wanted)) names.add(name);
      }
    }
  }
  names.delete('');
  const exclude = new Set(backends.map((p) => p.metadata?.name ?? ''));
  return [...names].sort((a, b) => (a === namespace ? -1 : b === namespace ? 1 : compareText(a, b))).map((ns) => ({ label: `namespace ${ns}`, kind: 'namespace' as const, name: ns, peers: namespacePeers(snapshot, ns, exclude), named: false }));
}

/**
 * The Pods of the ingress controller an IngressClass names (`k8s.io/ingress-nginx` → Pods carrying a label
 * whose value is `ingress-nginx`, preferring `app.kubernetes.io/component=controller`); none when the input has none.
 */
export function controllerPods(snapshot: Snapshot, controller: string | undefined): Pod[] {
  if (!controller) return [];
  const short = controller.slice(controller.lastIndexOf('/') + 1);
  const candidates = snapshot.pods.filter((p) => Object.values(labelsOf(p)).includes(short) && p.status?.phase === 'Running');
  const controllers = candidates.filter((p) => labelsOf(p)['app.kubernetes.io/component'] === 'controller');
  return controllers.length > 0 ? controllers : candidates;
}
