// Node selectors, node-affinity terms, label selectors and tolerations, evaluated the way the
// scheduler does (k8s.io/component-helpers scheduling/corev1), so messages can say which node differs.
import type { Node, Pod, Taint, Toleration } from '../../model/k8s.js';
import type { NodeMismatch, SelectorRef, TermRef } from '../messages/scheduling.js';
import { tolerates } from './taints.js';

export { describeTaint } from './taints.js';

export interface Requirement {
  key?: string;
  operator?: string;
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: Requirement[];
  matchFields?: Requirement[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Requirement[];
}

const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as T[]) : []);

/** True when `labels` satisfy one requirement (In, NotIn, Exists, DoesNotExist, Gt, Lt). */
export function matchRequirement(labels: Record<string, string>, r: Requirement): boolean {
  const key = r.key ?? '';
  const has = Object.hasOwn(labels, key);
  const values = Array.isArray(r.values) ? r.values : [];
  switch (r.operator) {
    case 'In':
      return has && values.includes(labels[key]!);
    case 'NotIn':
      return !has || !values.includes(labels[key]!);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      const a = Number.parseInt(labels[key] ?? '', 10);
      const b = Number.parseInt(values[0] ?? '', 10);
      if (!has || Number.isNaN(a) || Number.isNaN(b)) return false;
      return r.operator === 'Gt' ? a > b : a < b;
    }
    default:
      return false;
  }
}

/** `zone In [a, b]`, `gpu Exists`, `disktype=ssd`: a Kubernetes expression, shown as users type it in every language. */
export function describeRequirement(r: Requirement): string {
  const values = Array.isArray(r.values) ? r.values : [];
  if (r.operator === 'Exists' || r.operator === 'DoesNotExist') return `${r.key} ${r.operator}`;
  if (r.operator === 'In' && values.length === 1) return `${r.key}=${values[0]}`;
  return `${r.key} ${r.operator} [${values.join(', ')}]`;
}

export function nodeLabels(node: Node): Record<string, string> {
  const labels = node.metadata?.labels;
  return labels && typeof labels === 'object' ? labels : {};
}

/** An empty term matches nothing (as in the API); fields support only metadata.name. */
export function matchNodeSelectorTerm(node: Node, term: NodeSelectorTerm): boolean {
  const exprs = arr<Requirement>(term.matchExpressions);
  const fields = arr<Requirement>(term.matchFields);
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = nodeLabels(node);
  const fieldSet = { 'metadata.name': node.metadata?.name ?? '' };
  return exprs.every((r) => matchRequirement(labels, r)) && fields.every((r) => matchRequirement(fieldSet, r));
}

/** A term's requirements as expressions (ANDed; [] for an empty term): each language's messages join them. */
export function nodeSelectorTermRef(term: NodeSelectorTerm): TermRef {
  return [...arr<Requirement>(term.matchExpressions), ...arr<Requirement>(term.matchFields)].map(describeRequirement);
}

/** The Pod's hard node constraints: nodeSelector and required node-affinity terms. */
export function podNodeConstraints(pod: Pod): { selector: Record<string, string>; terms: NodeSelectorTerm[] } {
  const selector = pod.spec?.nodeSelector && typeof pod.spec.nodeSelector === 'object' ? pod.spec.nodeSelector : {};
  const terms = arr<NodeSelectorTerm>(pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms);
  return { selector, terms };
}

/** Why a node fails the Pod's node constraints, or undefined when it satisfies them. */
export function nodeConstraintMismatch(node: Node, pod: Pod): NodeMismatch | undefined {
  const { selector, terms } = podNodeConstraints(pod);
  const labels = nodeLabels(node);
  const name = node.metadata?.name ?? '';
  for (const [k, v] of Object.entries(selector)) {
    if (!Object.hasOwn(labels, k)) return { node: name, kind: 'no-label', key: k };
    if (labels[k] !== v) return { node: name, kind: 'label', label: `${k}=${labels[k]}` };
  }
  if (terms.length > 0 && !terms.some((t) => matchNodeSelectorTerm(node, t))) {
    const keys = [...new Set(terms.flatMap((t) => arr<Requirement>(t.matchExpressions).map((r) => r.key ?? '')))].filter(Boolean);
    return { node: name, kind: 'no-term', labels: keys.map((k) => (Object.hasOwn(labels, k) ? { key: k, value: `${labels[k]}` } : { key: k })) };
  }
  return undefined;
}

/** The node a DaemonSet Pod is pinned to (required affinity `matchFields metadata.name In [node]`). */
export function pinnedNodeName(pod: Pod): string | undefined {
  for (const t of podNodeConstraints(pod).terms) {
    for (const f of arr<Requirement>(t.matchFields)) {
      if (f.key === 'metadata.name' && f.operator === 'In' && Array.isArray(f.values) && f.values.length === 1) return f.values[0];
    }
  }
  return undefined;
}

/** Label-selector match (matchLabels and matchExpressions); an empty selector matches everything. */
export function matchLabelSelector(labels: Record<string, string>, selector: LabelSelector | undefined): boolean {
  if (!selector || typeof selector !== 'object') return false;
  const ml = selector.matchLabels && typeof selector.matchLabels === 'object' ? selector.matchLabels : {};
  return Object.entries(ml).every(([k, v]) => labels[k] === v) && arr<Requirement>(selector.matchExpressions).every((r) => matchRequirement(labels, r));
}

/** The selector as an expression (`app=api,tier In [web, api]`, as `kubectl -l` takes it), or none, or empty (every Pod). */
export function labelSelectorRef(selector: LabelSelector | undefined): SelectorRef {
  if (!selector || typeof selector !== 'object') return { kind: 'none' };
  const ml = selector.matchLabels && typeof selector.matchLabels === 'object' ? selector.matchLabels : {};
  const parts = [...Object.entries(ml).map(([k, v]) => `${k}=${v}`), ...arr<Requirement>(selector.matchExpressions).map(describeRequirement)];
  return parts.length > 0 ? { kind: 'expr', text: parts.join(',') } : { kind: 'all' };
}

/** The node's NoSchedule/NoExecute taints that none of the Pod's tolerations tolerate. */
export function untoleratedTaints(node: Node, pod: Pod): Taint[] {
  const tolerations = arr<Toleration>(pod.spec?.tolerations);
  return arr<Taint>(node.spec?.taints).filter((taint) => (taint.effect === 'NoSchedule' || taint.effect === 'NoExecute') && !tolerations.some((t) => tolerates(t, taint)));
}

/** Taints the node lifecycle controllers add and remove with the node's health (k8s-messages.md §5.2). */
export const NODE_HEALTH_TAINTS: ReadonlySet<string> = new Set([
  'node.kubernetes.io/not-ready',
  'node.kubernetes.io/unreachable',
  'node.kubernetes.io/memory-pressure',
  'node.kubernetes.io/disk-pressure',
  'node.kubernetes.io/pid-pressure',
  'node.kubernetes.io/network-unavailable',
  'node.cloudprovider.kubernetes.io/uninitialized',
  'node.cloudprovider.kubernetes.io/shutdown',
]);
