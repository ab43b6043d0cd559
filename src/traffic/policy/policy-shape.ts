// Whether a NetworkPolicy's fields have the types of networking.k8s.io/v1, which the API server enforces and a
// dump from a stranger need not. Such a policy is not evaluated: dropping the field (as normalisation does for
// other kinds) would change what the policy allows (a peer list without its one bad entry admits everyone),
// so kdiag says which field it could not read and leaves unknown the decisions the policy could change.
import type { KObject } from '../../model/k8s.js';

type Check = (value: unknown, path: string) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Absent (or null, as absent) passes; anything else must pass `check`. */
const optional =
  (check: Check): Check =>
  (v, path) =>
    v === undefined || v === null ? undefined : check(v, path);

const string: Check = (v, path) => (typeof v === 'string' ? undefined : path);
const integer: Check = (v, path) => (typeof v === 'number' && Number.isInteger(v) ? undefined : path);
const portValue: Check = (v, path) => (typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v)) ? undefined : path);

const list =
  (element: Check): Check =>
  (v, path) => {
    if (!Array.isArray(v)) return path;
    for (let i = 0; i < v.length; i++) {
      const bad = element(v[i], `${path}[${i}]`);
      if (bad) return bad;
    }
    return undefined;
  };

const fields =
  (shape: Record<string, Check>): Check =>
  (v, path) => {
    if (!isObject(v)) return path;
    for (const key of Object.keys(shape)) {
      const bad = shape[key]!(v[key], `${path}.${key}`);
      if (bad) return bad;
    }
    return undefined;
  };

const stringMap: Check = (v, path) => {
  if (!isObject(v)) return path;
  for (const key of Object.keys(v)) if (typeof v[key] !== 'string') return `${path}.${key}`;
  return undefined;
};

const labelSelector = fields({
  matchLabels: optional(stringMap),
  matchExpressions: optional(list(fields({ key: string, operator: string, values: optional(list(string)) }))),
});
const peer = fields({
  podSelector: optional(labelSelector),
  namespaceSelector: optional(labelSelector),
  ipBlock: optional(fields({ cidr: string, except: optional(list(string)) })),
});
const ports = list(fields({ protocol: optional(string), port: optional(portValue), endPort: optional(integer) }));
const spec = fields({
  podSelector: optional(labelSelector),
  policyTypes: optional(list(string)),
  ingress: optional(list(fields({ from: optional(list(peer)), ports: optional(ports) }))),
  egress: optional(list(fields({ to: optional(list(peer)), ports: optional(ports) }))),
});

/**
 * What an unreadable field leaves unknown. A field of the ingress rules leaves only them unknown: the policy's
 * selector and directions read as ever (without policyTypes, Egress is there when `spec.egress` has rules,
 * which the ingress rules do not change), and the same for egress.
 */
export function unreadablePart(field: string): 'selection' | 'ingress' | 'egress' {
  if (field === 'spec.ingress' || field.startsWith('spec.ingress[')) return 'ingress';
  if (field === 'spec.egress' || field.startsWith('spec.egress[')) return 'egress';
  return 'selection';
}

const checked = new WeakMap<KObject, string | null>();

/** The path of the first field of `policy` whose type is not the API's (`spec.ingress[0].ports[0].port`); undefined when all are. */
export function unreadableField(policy: KObject): string | undefined {
  let bad = checked.get(policy);
  if (bad === undefined) checked.set(policy, (bad = optional(spec)(policy.spec, 'spec') ?? null));
  return bad ?? undefined;
}
