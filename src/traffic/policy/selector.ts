import { matchRequirement } from '../../rules/helpers/node-affinity.js';
// metav1.LabelSelector as NetworkPolicies use it: matchLabels and matchExpressions (In, NotIn, Exists,
// DoesNotExist), all ANDed; an empty selector matches everything.

export interface Requirement {
  key?: string;
  operator?: string;
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Requirement[];
}

type Labels = Readonly<Record<string, string>>;

function requirements(selector: LabelSelector): Requirement[] {
  const ml = selector.matchLabels && typeof selector.matchLabels === 'object' ? selector.matchLabels : {};
  const exprs = Array.isArray(selector.matchExpressions) ? selector.matchExpressions.filter((r) => r && typeof r === 'object') : [];
  return [...Object.entries(ml).map(([key, v]) => ({ key, operator: 'In', values: [v] })), ...exprs];
}

/** A label selector's requirement: node affinity's matcher, less Gt/Lt (which a label selector does not have). */
function satisfies(labels: Labels, r: Requirement): boolean {
  return r.operator !== 'Gt' && r.operator !== 'Lt' && matchRequirement(labels, r);
}

export function isEmptySelector(selector: LabelSelector): boolean {
  return requirements(selector).length === 0;
}

export function matchSelector(selector: LabelSelector, labels: Labels): boolean {
  return requirements(selector).every((r) => satisfies(labels, r));
}

/** The label keys a selector reads: a namespace selector on `kubernetes.io/metadata.name` alone can be decided without the Namespace. */
export function selectorKeys(selector: LabelSelector): string[] {
  return [...new Set(requirements(selector).map((r) => r.key ?? ''))];
}

export function describeRequirement(r: Requirement): string {
  const values = Array.isArray(r.values) ? r.values : [];
  if (r.operator === 'Exists' || r.operator === 'DoesNotExist') return `${r.key} ${r.operator}`;
  if (r.operator === 'In' && values.length === 1) return `${r.key}=${values[0]}`;
  return `${r.key} ${r.operator} [${values.join(', ')}]`;
}

/** `app=web,tier In [a, b]`, or `{}` for the empty selector. */
export function describeSelector(selector: LabelSelector): string {
  const parts = requirements(selector).map(describeRequirement);
  return parts.length > 0 ? parts.join(',') : '{}';
}

export function describeLabels(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}=${v}`);
  return parts.length > 0 ? parts.join(',') : '(none)';
}

/** Why `labels` fail the selector, about `subject` (`namespace monitoring`): `lacks label name=monitoring`. */
export function namespaceMismatch(selector: LabelSelector, labels: Labels, namespace: string): string | undefined {
  const failed = requirements(selector).find((r) => !satisfies(labels, r));
  if (!failed) return undefined;
  const key = failed.key ?? '';
  const values = Array.isArray(failed.values) ? failed.values : [];
  if (failed.operator === 'In' && values.length === 1) {
    return Object.hasOwn(labels, key)
      ? `namespace ${namespace} has label ${key}=${labels[key]}, not ${key}=${values[0]}`
      : `namespace ${namespace} lacks label ${key}=${values[0]}`;
  }
  return `namespace ${namespace} does not satisfy ${describeRequirement(failed)}`;
}
