import type { Condition, Node, Pod, Taint } from '../../model/k8s.js';
import type { PodFacts } from '../../model/facts.js';
import { parseTime } from '../../model/time.js';
import type { Evidence } from '../types.js';
import type { NoExecuteFateRef, NotReadyCause } from '../messages/kubelet.js';
import { ago, formatAge, isoTime } from './time.js';
import { minOf } from './numbers.js';
import { describeTaint, tolerates } from './taints.js';

export { describeTaint, tolerates } from './taints.js';

export type { NotReadyCause } from '../messages/kubelet.js';

// The message is one error, or several aggregated as `[e1, e2]`; errors may contain ", " themselves,
// so causes are found by pattern, not by splitting.
const CAUSES: Array<[Exclude<NotReadyCause, 'other'>, RegExp]> = [
  ['network', /container runtime network not ready|NetworkPluginNotReady|network plugin is not ready/i],
  ['runtime', /container runtime not ready|container runtime is down|container runtime status check may not have completed yet|RuntimeReady=false/],
  ['pleg', /\bPLEG is not healthy/],
  ['capacity', /missing node capacity for resources/],
  ['shutdown', /node is shutting down/],
];

/** Every recognised cause in a KubeletNotReady message, in a stable order; `other` when none matched. */
export function notReadyCauses(message: string): NotReadyCause[] {
  const found = CAUSES.filter(([, re]) => re.test(message)).map(([cause]) => cause);
  return found.length > 0 ? found : ['other'];
}

export function nodeCondition(node: Node | undefined, type: string): Condition | undefined {
  const list = node?.status?.conditions;
  if (!Array.isArray(list)) return undefined;
  for (const c of list) if (c?.type === type) return c;
  return undefined;
}

export function nodeName(node: Node | undefined): string {
  return typeof node?.metadata?.name === 'string' ? node.metadata.name : '';
}

/** The node's Ready condition read for people: False (kubelet says not ready) or Unknown (kubelet silent). */
export interface NodeReadiness {
  state: 'ready' | 'not-ready' | 'unknown';
  condition?: Condition;
  causes: NotReadyCause[];
  /** Epoch ms of the last Ready transition. */
  since?: number;
  /** Epoch ms of the kubelet's last heartbeat. */
  heartbeat?: number;
}

// Many Pods share a node: its readiness is read once per Node object (snapshots are never changed).
const readinessMemo = new WeakMap<Node, NodeReadiness>();

/** The node's readiness; shared between callers, read-only. */
export function nodeReadiness(node: Node | undefined): NodeReadiness {
  if (!node || typeof node !== 'object') return readinessOf(node);
  let r = readinessMemo.get(node);
  if (!r) {
    r = readinessOf(node);
    readinessMemo.set(node, r);
  }
  return r;
}

function readinessOf(node: Node | undefined): NodeReadiness {
  const condition = nodeCondition(node, 'Ready');
  if (!condition) return { state: 'unknown', causes: ['other'] };
  const readiness: NodeReadiness = {
    state: condition.status === 'True' ? 'ready' : condition.status === 'False' ? 'not-ready' : 'unknown',
    condition,
    causes: condition.status === 'False' ? notReadyCauses(condition.message ?? '') : [],
  };
  const since = parseTime(condition.lastTransitionTime);
  if (since !== undefined) readiness.since = since;
  const heartbeat = parseTime(condition.lastHeartbeatTime);
  if (heartbeat !== undefined) readiness.heartbeat = heartbeat;
  return readiness;
}

/**
 * How old a Ready=True condition's lastHeartbeatTime may be before the node counts as no longer reporting.
 * The kubelet re-posts an unchanged status every nodeStatusReportFrequency (5m by default; its lease is the
 * 10 s heartbeat, which kdiag does not read), but the first report after a change or a kubelet restart waits
 * that period times a random 0.5–1.5 (kubelet_node_status.go calculateDelay: up to 7m30s), checked on its
 * 10 s status loop (±4% jitter); the node controller allows node-monitor-grace-period (50s by default since
 * 1.32) on top before it marks the node Unknown. A healthy node's heartbeat can so be 7m40s old.
 */
export const NODE_STATUS_STALE_MS = 5 * 60_000 * 1.5 + 10_400 + 50_000;

/** The epoch ms of the last heartbeat of a node that says Ready=True but has not reported for longer than allowed. */
export function staleHeartbeat(readiness: NodeReadiness, now: number): number | undefined {
  if (readiness.state !== 'ready' || readiness.heartbeat === undefined) return undefined;
  return now - readiness.heartbeat > NODE_STATUS_STALE_MS ? readiness.heartbeat : undefined;
}

/** `node/n Ready=False (KubeletNotReady): "…" since 5m ago`, with the field path. */
export function conditionEvidence(node: Node, condition: Condition, now: number): Evidence {
  const type = condition.type ?? '';
  const since = parseTime(condition.lastTransitionTime);
  const beat = parseTime(condition.lastHeartbeatTime);
  const parts = [`node/${nodeName(node)} ${type}=${condition.status ?? ''}`];
  if (condition.reason) parts.push(`(${condition.reason})`);
  let text = parts.join(' ');
  if (condition.message) text += `: ${JSON.stringify(condition.message)}`;
  if (since !== undefined) text += `, since ${ago(now, since)}`;
  if (beat !== undefined && condition.status !== 'True') text += `, last heartbeat ${ago(now, beat)}`;
  const evidence: Evidence = { source: 'node', path: `status.conditions[type=${type}]`, text };
  if (since !== undefined) evidence.at = isoTime(since);
  return evidence;
}

export function nodeTaints(node: Node | undefined): Taint[] {
  return Array.isArray(node?.spec?.taints) ? node.spec.taints.filter((t) => t && typeof t === 'object') : [];
}

/** What the taint-eviction controller does to a Pod under one NoExecute taint. */
export interface NoExecuteFate {
  taint: Taint;
  /** never: tolerated forever (e.g. DaemonSet Pods); at: deleted at `evictAt`; now: no toleration, deleted at once. */
  kind: 'never' | 'at' | 'now';
  tolerationSeconds?: number;
  evictAt?: number;
}

export function noExecuteFate(pod: Pod, taint: Taint): NoExecuteFate {
  const tols = Array.isArray(pod.spec?.tolerations) ? pod.spec.tolerations.filter((t) => t && typeof t === 'object') : [];
  const matching = tols.filter((t) => tolerates(t, taint));
  if (matching.length === 0) return { taint, kind: 'now' };
  if (matching.some((t) => typeof t.tolerationSeconds !== 'number')) return { taint, kind: 'never' };
  // The shortest matching toleration wins (pkg/controller/tainteviction getMinTolerationTime).
  const seconds = Math.max(0, minOf(matching.map((t) => t.tolerationSeconds as number)));
  const fate: NoExecuteFate = { taint, kind: 'at', tolerationSeconds: seconds };
  const added = parseTime(taint.timeAdded);
  if (added !== undefined) fate.evictAt = added + seconds * 1000;
  return fate;
}

/** What the taint manager will do (or should already have done) to the Pod, for the message catalogue; `owned`: a controller replaces it. */
export function noExecuteFateRef(fate: NoExecuteFate, now: number, owned = true): NoExecuteFateRef {
  const taint = describeTaint(fate.taint);
  if (fate.kind === 'never') return { kind: 'never', taint };
  if (fate.kind === 'now') return { kind: 'now', taint };
  const ref: NoExecuteFateRef = { kind: 'at', taint, seconds: fate.tolerationSeconds ?? 0, owned };
  if (fate.evictAt === undefined) return ref;
  if (fate.evictAt > now) return { ...ref, in: formatAge(fate.evictAt - now) };
  return { ...ref, overdue: formatAge(now - fate.evictAt) };
}

/** The taints the node controller adds for Ready=False / Ready=Unknown. */
export const NOT_READY_TAINT = 'node.kubernetes.io/not-ready';
export const UNREACHABLE_TAINT = 'node.kubernetes.io/unreachable';

/** `deploy/api`, `sts/db`, `ds/agent`, `job/x` for kubectl commands, or a placeholder for bare Pods. */
export function workloadRef(pod: PodFacts): string {
  const name = (o: { metadata?: { name?: string } } | undefined): string => o?.metadata?.name ?? '';
  if (pod.owner.deployment) return `deploy/${name(pod.owner.deployment)}`;
  const ref = pod.owner.ref;
  if (!ref) return `pod/${pod.name}`;
  const short: Record<string, string> = { ReplicaSet: 'rs', StatefulSet: 'sts', DaemonSet: 'ds', Job: 'job', ReplicationController: 'rc' };
  // A ReplicaSet named <deployment>-<pod-template-hash> belongs to that Deployment even when the snapshot lacks it.
  const hash = pod.pod.metadata?.labels?.['pod-template-hash'];
  if (ref.kind === 'ReplicaSet' && hash && ref.name.endsWith(`-${hash}`)) return `deploy/${ref.name.slice(0, -hash.length - 1)}`;
  return `${short[ref.kind] ?? ref.kind.toLowerCase()}/${ref.name}`;
}
