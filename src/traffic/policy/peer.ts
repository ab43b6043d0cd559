// One `from`/`to` entry against the other end of the connection. Inside one entry namespaceSelector AND
// podSelector; podSelector alone means the policy's own namespace; ipBlock stands alone.
import type { TrafficPeer } from '../policy-types.js';
import { matchIpBlock } from './cidr.js';
import { both, type Match, no, unknown, YES } from './match.js';
import { describeLabels, describeSelector, isEmptySelector, type LabelSelector, matchSelector, namespaceMismatch, selectorKeys } from './selector.js';

export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr?: string; except?: string[] };
}

/** A match and how many of the entry's parts matched, to find the nearest miss. */
export type PeerMatch = Match & { closeness: number };

const isSelector = (s: unknown): s is LabelSelector => s !== null && typeof s === 'object';

function matchNamespace(selector: LabelSelector, pod: Extract<TrafficPeer, { kind: 'pod' }>): Match {
  if (isEmptySelector(selector)) return YES;
  // The API server sets kubernetes.io/metadata.name on every Namespace (Kubernetes 1.21+): known without reading it.
  const known = { [NAMESPACE_NAME_LABEL]: pod.namespace };
  const labels = pod.namespaceLabels ? { ...known, ...pod.namespaceLabels } : known;
  if (!pod.namespaceLabels && selectorKeys(selector).some((k) => k !== NAMESPACE_NAME_LABEL)) {
    return unknown(`labels of namespace ${pod.namespace} not read`);
  }
  return matchSelector(selector, labels) ? YES : no(namespaceMismatch(selector, labels, pod.namespace)!);
}

function matchIpPeer(block: NonNullable<PolicyPeer['ipBlock']>, other: TrafficPeer): PeerMatch {
  const ips = other.kind === 'ip' ? [other.ip] : (other.ips ?? []);
  if (ips.length === 0) return { ...unknown(`IP of pod ${other.kind === 'pod' ? `${other.namespace}/${other.name}` : ''} not read`), closeness: 0 };
  const results = ips.map((ip) => matchIpBlock(block, ip));
  if (results.some((r) => r.match)) return { ...YES, closeness: 2 };
  const first = results[0]!;
  return { ...no(first.match ? '' : first.why), closeness: 0 };
}

export function matchPeer(policyNamespace: string, entry: unknown, other: TrafficPeer): PeerMatch {
  const peer = (entry && typeof entry === 'object' ? entry : {}) as PolicyPeer;
  if (isSelector(peer.ipBlock)) return matchIpPeer(peer.ipBlock, other);
  if (!isSelector(peer.podSelector) && !isSelector(peer.namespaceSelector)) return { ...no('empty peer (the API server rejects it)'), closeness: 0 };
  if (other.kind === 'ip') return { ...no(`address ${other.ip} is not a Pod`), closeness: 0 };
  const ns: Match = isSelector(peer.namespaceSelector)
    ? matchNamespace(peer.namespaceSelector, other)
    : other.namespace === policyNamespace
      ? YES
      : no(`pod ${other.namespace}/${other.name} is not in namespace ${policyNamespace} (podSelector alone selects the policy's namespace)`);
  const pod: Match =
    !isSelector(peer.podSelector) || matchSelector(peer.podSelector, other.labels)
      ? YES
      : no(`podSelector ${describeSelector(peer.podSelector)} does not match labels ${describeLabels(other.labels)}`);
  const closeness = (ns.result === 'yes' ? 1 : 0) + (pod.result === 'yes' ? 1 : 0);
  return { ...both(ns, pod), closeness };
}
