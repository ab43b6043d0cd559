// Service selectors against Pod labels: what a Service selects, how close a miss is, and what its
// EndpointSlices say. For readiness/service-selects-nothing and readiness/service-selector-near-miss.
import type { KObject, Pod } from '../../model/k8s.js';
import type { Evidence, ClusterView } from '../types.js';
import { fieldEvidence } from './evidence.js';
import { asList } from './probes.js';

export type Labels = Record<string, string>;

/**
 * The Service's label selector, or undefined when it has none the endpoint controllers act on:
 * ExternalName Services, and Services without a selector (headless or not) whose endpoints are
 * managed by hand or by another controller.
 */
export function serviceSelector(svc: KObject): Labels | undefined {
  const spec = svc.spec ?? {};
  if (spec.type === 'ExternalName') return undefined;
  const sel = spec.selector;
  if (!sel || typeof sel !== 'object' || Array.isArray(sel)) return undefined;
  const out: Labels = {};
  for (const [k, v] of Object.entries(sel as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

export function podLabels(pod: Pod | KObject): Labels {
  const l = pod.metadata?.labels;
  return l && typeof l === 'object' ? (l as Labels) : {};
}

/** Equality-based selection, as the EndpointSlice controller does for `spec.selector`. */
export function selects(selector: Labels, labels: Labels): boolean {
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

/** `app=frontend,tier=web` (kubectl's -l syntax). */
export function formatSelector(selector: Labels): string {
  return Object.entries(selector)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

const normalise = (s: string): string => s.toLowerCase().replace(/[-_.]/g, '');

/**
 * Whether two different label values (or keys) look like one spelt twice: equal but for case and
 * separators (`front-end`/`frontend`), or within a small edit distance. Values that differ only in
 * their digits (`v1`/`v2`, `api-2`/`api-3`) are versions, not typos.
 */
export function nearValue(want: string, have: string): boolean {
  if (want === have) return false;
  let answers = nearAnswers.get(want);
  let near = answers?.get(have);
  if (near !== undefined) return near;
  near = isNear(want, have);
  if (nearAnswered >= NEAR_ANSWERS) {
    nearAnswers.clear();
    nearAnswered = 0;
    answers = undefined;
  }
  if (!answers) nearAnswers.set(want, (answers = new Map()));
  answers.set(have, near);
  nearAnswered++;
  return near;
}

/**
 * nearValue's answers, by the value wanted and the value had: a namespace's Pods share a few label values,
 * and every Pod is compared with every Service of its namespace, so the same pair is asked thousands of
 * times. Forgotten past NEAR_ANSWERS pairs.
 */
const nearAnswers = new Map<string, Map<string, boolean>>();
const NEAR_ANSWERS = 4096;
let nearAnswered = 0;

function isNear(want: string, have: string): boolean {
  if (normalise(want) === normalise(have)) return true;
  if (want.replace(/\d+/g, '') === have.replace(/\d+/g, '')) return false;
  const d = editDistance(want, have);
  return d <= 2 && d <= Math.floor(Math.max(want.length, have.length) / 3);
}

/** One selector entry a Pod does not satisfy, and the label of the Pod it nearly matches. */
export interface SelectorMiss {
  key: string;
  want: string;
  /** The Pod's label that nearly matches this entry (same key with a close value, or a close/other key with the value). */
  have?: { key: string; value: string };
}

/**
 * The selector entries the labels miss, each with the Pod label that nearly matches it, when all of
 * them are near: same key with a value within a small edit distance (or equal to the Service's name),
 * or a missing key whose value the Pod carries under a close or other key. Undefined when the labels
 * are selected or when some entry is not near.
 */
export function nearMiss(selector: Labels, labels: Labels, serviceName: string): SelectorMiss[] | undefined {
  const misses: SelectorMiss[] = [];
  for (const [key, want] of Object.entries(selector)) {
    const value = labels[key];
    if (value === want) continue;
    if (value !== undefined) {
      if (!nearValue(want, value) && value !== serviceName) return undefined;
      misses.push({ key, want, have: { key, value } });
      continue;
    }
    const others = Object.entries(labels).filter(([k]) => !(k in selector));
    const sameValue = others.filter(([, v]) => v === want);
    const hit = sameValue.find(([k]) => nearValue(key, k)) ?? (sameValue.length === 1 ? sameValue[0] : undefined);
    if (!hit) return undefined;
    misses.push({ key, want, have: { key: hit[0], value: hit[1] } });
  }
  return misses.length > 0 ? misses : undefined;
}

/** The Pod's labels a near miss points at, in the selector's order: `app=shop,tier=front-end`. */
export function formatHave(selector: Labels, misses: readonly SelectorMiss[]): string {
  return Object.entries(selector)
    .map(([k, v]) => {
      const m = misses.find((x) => x.key === k);
      return m?.have ? `${m.have.key}=${m.have.value}` : `${k}=${v}`;
    })
    .join(',');
}

/** A JSON merge patch of `spec.selector` that turns the near miss into a match. */
export function selectorPatch(misses: readonly SelectorMiss[]): string {
  const sel: Record<string, string | null> = {};
  for (const m of misses) {
    if (!m.have) continue;
    if (m.have.key !== m.key) sel[m.key] = null;
    sel[m.have.key] = m.have.value;
  }
  return JSON.stringify({ spec: { selector: sel } });
}

/** The EndpointSlices (and legacy Endpoints) of a Service, with how many endpoints they list. */
export interface EndpointView {
  /** Endpoints listed, ready or not; undefined when neither kind was looked at. */
  count?: number;
  evidence: Evidence[];
}

export function serviceEndpoints(cluster: ClusterView, namespace: string, name: string): EndpointView {
  const evidence: Evidence[] = [];
  let count: number | undefined;
  if (cluster.saw('EndpointSlice', namespace)) {
    count = 0;
    for (const slice of cluster.list('EndpointSlice', namespace)) {
      if (slice.metadata?.labels?.['kubernetes.io/service-name'] !== name) continue;
      const endpoints = asList<unknown>((slice as { endpoints?: unknown }).endpoints);
      count += endpoints.length;
      evidence.push(fieldEvidence('service', `endpointslices/${slice.metadata?.name ?? ''}.endpoints`, endpoints.length > 0 ? endpoints : null));
    }
  }
  if (cluster.saw('Endpoints', namespace)) {
    const ep = cluster.list('Endpoints', namespace).find((e) => e.metadata?.name === name);
    if (ep) {
      const n = asList<{ addresses?: unknown; notReadyAddresses?: unknown }>((ep as { subsets?: unknown }).subsets).reduce(
        (acc, s) => acc + asList(s.addresses).length + asList(s.notReadyAddresses).length,
        0,
      );
      count = Math.max(count ?? 0, n);
      evidence.push(fieldEvidence('service', `endpoints/${name}.subsets`, n > 0 ? (ep as { subsets?: unknown }).subsets : null));
    } else count ??= 0;
  }
  return count === undefined ? { evidence } : { count, evidence };
}

const WORKLOAD_KINDS = ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job'] as const;

/** A workload of the namespace whose Pod template the selector selects (its Pods may just not exist now). */
export function templateSelectedBy(cluster: ClusterView, namespace: string, selector: Labels): KObject | undefined {
  for (const kind of WORKLOAD_KINDS) {
    for (const w of cluster.list(kind, namespace)) {
      const labels: unknown = w.spec?.template?.metadata?.labels;
      if (labels && typeof labels === 'object' && selects(selector, labels as Labels)) return w;
    }
  }
  return undefined;
}
