// Reading one NetworkPolicy: its namespace, whom it selects, for which directions (policyTypes defaulting).
import type { KObject } from '../../model/k8s.js';
import { type LabelSelector, matchSelector } from './selector.js';

export type Direction = 'ingress' | 'egress';

export function policyNamespace(policy: KObject): string {
  return policy.metadata?.namespace || 'default';
}

export function policyRef(policy: KObject): string {
  return `${policyNamespace(policy)}/${policy.metadata?.name ?? '(unnamed)'}`;
}

function spec(policy: KObject): Record<string, unknown> {
  return policy.spec && typeof policy.spec === 'object' ? (policy.spec as Record<string, unknown>) : {};
}

/**
 * The directions a policy isolates. With `policyTypes` unset the API server defaults it (networking/v1
 * SetDefaults_NetworkPolicy): Ingress always, Egress when the spec has at least one egress rule.
 */
export function policyDirections(policy: KObject): readonly Direction[] {
  const s = spec(policy);
  const known = directionsOf.get(policy);
  // Kept while the fields it was read from are the same values (normalisation replaces a list it changes).
  if (known && known.policyTypes === s.policyTypes && known.egress === s.egress) return known.directions;
  const directions = readDirections(s);
  directionsOf.set(policy, { policyTypes: s.policyTypes, egress: s.egress, directions });
  return directions;
}

/** Each policy's directions, read once: every Pod and client asked about asks it of every policy of its namespace. */
const directionsOf = new WeakMap<KObject, { policyTypes: unknown; egress: unknown; directions: readonly Direction[] }>();

function readDirections(s: Record<string, unknown>): readonly Direction[] {
  const types = Array.isArray(s.policyTypes) ? s.policyTypes.filter((t): t is string => typeof t === 'string') : [];
  if (types.length > 0) return (['ingress', 'egress'] as const).filter((d) => types.some((t) => t.toLowerCase() === d));
  return Array.isArray(s.egress) && s.egress.length > 0 ? ['ingress', 'egress'] : ['ingress'];
}

/** The policy's `podSelector` as written (undefined when absent). */
export function podSelectorOf(policy: KObject): unknown {
  return spec(policy).podSelector;
}

/** Whether the policy selects the Pod: same namespace and `podSelector` matches (an empty or absent one selects every Pod). */
export function selectsPod(policy: KObject, namespace: string, labels: Readonly<Record<string, string>>): boolean {
  if (policyNamespace(policy) !== namespace) return false;
  const selector = spec(policy).podSelector;
  return matchSelector(selector && typeof selector === 'object' ? (selector as LabelSelector) : {}, labels);
}

/** The policy's rules for one direction (`ingress` or `egress`), each with its peers (`from`/`to`) and ports. */
export function policyRules(policy: KObject, direction: Direction): Array<{ peers: unknown[] | undefined; ports: unknown }> {
  const rules = spec(policy)[direction];
  if (!Array.isArray(rules)) return [];
  return rules.map((r) => {
    const rule = r && typeof r === 'object' ? (r as Record<string, unknown>) : {};
    const peers = rule[direction === 'ingress' ? 'from' : 'to'];
    return { peers: Array.isArray(peers) ? peers : undefined, ports: rule.ports };
  });
}
