// Decomposes the scheduler's FitError text (k8s-messages.md §1.2–1.4) and reads a Pod's scheduling state.
// Layout (pkg/scheduler/framework/types.go, 1.31–1.36):
//   0/<N> nodes are available: <PreFilterMsg>. <PostFilterMsg>
//   0/<N> nodes are available: <count> <reason>, <count> <reason>. <PostFilterMsg>
// PostFilterMsg is `no new claims to deallocate, preemption: <nested FitError>` on 1.34+.
import type { EventFact } from '../../model/events.js';
import type { PodFacts } from '../../model/facts.js';
import type { Node } from '../../model/k8s.js';
import type { Confidence, Evidence, FailureClass, RuleOptions, Severity } from '../types.js';
import { eventEvidence, eventsWith, latestEvent } from './events.js';
import { fieldEvidence } from './evidence.js';
import { memoPodAt, memoString } from './memo.js';
import { matchNodeSelectorTerm, nodeConstraintMismatch, NODE_HEALTH_TAINTS, pinnedNodeName, untoleratedTaints, type NodeSelectorTerm } from './node-affinity.js';
import { largestNode, nodeResources, podRequests } from './resources.js';
import { type PreemptionRef, type ReasonCategory, type SchedulingClause, type SchedulingMessages } from '../messages/scheduling.js';
import { formatAge, parseTime } from './time.js';

export type { ReasonCategory } from '../messages/scheduling.js';

export interface SchedulerReason {
  count: number;
  /** The reason text exactly as printed, e.g. `node(s) had untolerated taint(s)`. */
  text: string;
  category: ReasonCategory;
  /** The scheduler plugin that prints this text (best knowledge; '' when unknown). */
  plugin: string;
  /** `Insufficient <resource>`: the resource name. */
  resource?: string;
  /** ≤1.33 taint wording: the taint named in the message. */
  taint?: { key: string; value: string };
  /** `didn't satisfy plugin(s) [A B]`: the plugins; `persistentvolumeclaim "x" …`: the claim. */
  plugins?: string[];
  claim?: string;
  volume?: string;
}

export type PreemptionVerdict = 'not-helpful' | 'no-victims' | 'mixed' | 'not-eligible' | 'no-candidate' | 'in-progress' | 'skipped' | 'other';

export interface ParsedSchedulerMessage {
  raw: string;
  /** N in `0/N nodes are available`; undefined when the text is not a FitError. */
  totalNodes?: number;
  /** `no nodes available to schedule pods`: the cluster has no nodes at all. */
  noNodes: boolean;
  /** The node histogram, in message order (lexical, as the scheduler sorts it). */
  reasons: SchedulerReason[];
  /** A PreFilter rejection (no histogram), classified like a histogram entry with count = all nodes. */
  preFilter?: SchedulerReason;
  /** Everything after the filter part: DRA and preemption texts. */
  postFilter?: string;
  preemption?: { text: string; verdict: PreemptionVerdict; reasons: SchedulerReason[] };
  /** The event copy is cut at 1024 characters and ends with ` ...`; the last entry may be lost. */
  truncated: boolean;
  /** Not a FitError at all (e.g. `running PreBind plugin "VolumeBinding": ...`). */
  other?: string;
}

interface Pattern {
  re: RegExp;
  category: ReasonCategory;
  plugin: string;
  pick?: (m: RegExpExecArray, r: SchedulerReason) => void;
}

const taintOf = (text: string): { key: string; value: string } => {
  const i = text.indexOf(': ');
  return i < 0 ? { key: text.replace(/:$/, '').trim(), value: '' } : { key: text.slice(0, i).trim(), value: text.slice(i + 2).trim() };
};

// Filter-plugin reasons (§1.3), 1.31–1.36 plus the older taint wordings that dumps still carry.
const PATTERNS: Pattern[] = [
  { re: /^Insufficient (\S+)$/, category: 'insufficient-resource', plugin: 'NodeResourcesFit', pick: (m, r) => (r.resource = m[1]!) },
  { re: /^Too many pods$/, category: 'too-many-pods', plugin: 'NodeResourcesFit' },
  { re: /^node\(s\) had untolerated taint\(s\)$/, category: 'taint', plugin: 'TaintToleration' },
  { re: /^node\(s\) had untolerated taint \{(.*)\}$/, category: 'taint', plugin: 'TaintToleration', pick: (m, r) => (r.taint = taintOf(m[1]!)) },
  { re: /^node\(s\) had taint \{(.*)\}, that the pod didn't tolerate$/, category: 'taint', plugin: 'TaintToleration', pick: (m, r) => (r.taint = taintOf(m[1]!)) },
  { re: /^node\(s\) had taints that the pod didn't tolerate$/, category: 'taint', plugin: 'TaintToleration' },
  { re: /^node\(s\) didn't match Pod's node affinity\/selector$/, category: 'node-affinity', plugin: 'NodeAffinity' },
  { re: /^node\(s\) didn't match scheduler-enforced node affinity$/, category: 'node-affinity', plugin: 'NodeAffinity' },
  { re: /^pod affinity terms conflict$/, category: 'node-affinity', plugin: 'NodeAffinity' },
  { re: /^node\(s\) didn't match the requested node name$/, category: 'node-name', plugin: 'NodeName' },
  { re: /^node\(s\) didn't have free ports for the requested pod ports$/, category: 'host-ports', plugin: 'NodePorts' },
  { re: /^node\(s\) were unschedulable$/, category: 'node-unschedulable', plugin: 'NodeUnschedulable' },
  { re: /^node\(s\) had unknown conditions$/, category: 'node-unknown-conditions', plugin: 'NodeUnschedulable' },
  { re: /^node\(s\) didn't match pod affinity rules$/, category: 'pod-affinity', plugin: 'InterPodAffinity' },
  { re: /^node\(s\) didn't match pod anti-affinity rules$/, category: 'pod-anti-affinity', plugin: 'InterPodAffinity' },
  { re: /^node\(s\) didn't satisfy existing pods anti-affinity rules$/, category: 'existing-anti-affinity', plugin: 'InterPodAffinity' },
  { re: /^node\(s\) didn't match pod topology spread constraints(?: \(missing required label\))?$/, category: 'topology-spread', plugin: 'PodTopologySpread' },
  { re: /^node\(s\) didn't find available persistent volumes to bind$/, category: 'volume-binding', plugin: 'VolumeBinding' },
  { re: /^node\(s\) didn't match PersistentVolume's node affinity$/, category: 'volume-node-affinity', plugin: 'VolumeBinding' },
  { re: /^node\(s\) had volume node affinity conflict$/, category: 'volume-node-affinity', plugin: 'VolumeBinding' },
  { re: /^node\(s\) had no available volume zone$/, category: 'volume-node-affinity', plugin: 'VolumeZone' },
  { re: /^node\(s\) did not have enough free storage$/, category: 'volume-capacity', plugin: 'VolumeBinding' },
  { re: /^node\(s\) unavailable due to one or more pvc\(s\) bound to non-existent pv\(s\)$/, category: 'volume-lost', plugin: 'VolumeBinding' },
  { re: /ReadWriteOncePod access mode/, category: 'volume-rwop', plugin: 'VolumeRestrictions' },
  { re: /^node\(s\) had no available disk$/, category: 'volume-disk-conflict', plugin: 'VolumeRestrictions' },
  { re: /^node\(s\) exceed max volume count$/, category: 'volume-limits', plugin: 'NodeVolumeLimits' },
  { re: /^(\S+) CSI driver is not installed on the node$/, category: 'csi-driver-missing', plugin: 'NodeVolumeLimits' },
  { re: /^node\(s\) didn't match Pod's required features$/, category: 'node-features', plugin: 'NodeDeclaredFeatures' },
  { re: /^node\(s\) didn't satisfy plugin\(s\) \[(.*)\]$/, category: 'prefilter-excluded', plugin: '', pick: (m, r) => (r.plugins = m[1]!.split(/[\s,]+/).filter(Boolean)) },
  { re: /^Preemption is not helpful for scheduling$/, category: 'preemption-not-helpful', plugin: 'DefaultPreemption' },
  { re: /^No preemption victims found for incoming pod$/, category: 'preemption-no-victims', plugin: 'DefaultPreemption' },
  { re: /^waiting for minCount pods from a gang/, category: 'gang', plugin: 'GangScheduling' },
  { re: /^Pod has a restartable init container and the SidecarContainers feature is disabled$/, category: 'sidecar-unsupported', plugin: 'NodeResourcesFit' },
  // PreFilter texts (no histogram).
  { re: /^pod has unbound immediate PersistentVolumeClaims$/, category: 'pvc-unbound', plugin: 'VolumeBinding' },
  { re: /^persistentvolumeclaim "([^"]+)" not found$/, category: 'pvc-not-found', plugin: 'VolumeBinding', pick: (m, r) => (r.claim = m[1]!) },
  { re: /^persistentvolumeclaim "([^"]+)" bound to non-existent persistentvolume "([^"]*)"$/, category: 'volume-lost', plugin: 'VolumeBinding', pick: (m, r) => ((r.claim = m[1]!), (r.volume = m[2]!)) },
  { re: /^persistentvolumeclaim "([^"]+)" is being deleted$/, category: 'pvc-deleting', plugin: 'VolumeBinding', pick: (m, r) => (r.claim = m[1]!) },
  { re: /^waiting for ephemeral volume controller to create the persistentvolumeclaim "([^"]+)"$/, category: 'pvc-ephemeral-pending', plugin: 'VolumeBinding', pick: (m, r) => (r.claim = m[1]!) },
  { re: /^(?:PersistentVolumeClaim had no pv name and storageClass name|VolumeBindingMode not set for StorageClass|PersistentVolume had no name)/, category: 'other', plugin: 'VolumeZone' },
  { re: /claim|device class|resourceslice/i, category: 'dra', plugin: 'DynamicResources' },
];

/** Classifies one reason text (without its count). */
export function classifyReason(text: string, count = 0): SchedulerReason {
  const r: SchedulerReason = { count, text, category: 'other', plugin: '' };
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (!m) continue;
    r.category = p.category;
    r.plugin = p.plugin;
    p.pick?.(m, r);
    break;
  }
  return r;
}

const FIT = /^0\/(\d+) nodes are available:\s*/;
const POST_FILTER = /(?:^|\.\s+|,\s+)(no new claims to deallocate|preemption: |All PostFilter plugins are skipped|waiting for the preemption for this pod to be finished)/;

/** Splits `1 a, 2 b` into entries; a comma followed by a count starts the next entry. */
function histogram(text: string): SchedulerReason[] {
  return text
    .split(/,\s+(?=\d+ \S)/)
    .map((part) => /^(\d+) (.+)$/s.exec(part.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => classifyReason(m[2]!.trim().replace(/\.+$/, ''), Number(m[1])));
}

const parseCached = memoString(parseUncached);

/** Decomposes a FailedScheduling / PodScheduled=False message. Never throws. The result is shared: read-only. */
export function parseSchedulerMessage(message: string): ParsedSchedulerMessage {
  return typeof message === 'string' ? parseCached(message) : parseUncached(message);
}

function parseUncached(message: string): ParsedSchedulerMessage {
  let raw = (message ?? '').trim();
  const out: ParsedSchedulerMessage = { raw, noNodes: false, reasons: [], truncated: false };
  if (raw.endsWith(' ...')) {
    out.truncated = true;
    raw = raw.slice(0, -4).trimEnd();
  }
  if (/^no nodes available to schedule pods\b/i.test(raw)) {
    out.noNodes = true;
    out.totalNodes = 0;
    return out;
  }
  const fit = FIT.exec(raw);
  if (!fit) {
    out.other = raw;
    return out;
  }
  out.totalNodes = Number(fit[1]);
  if (out.totalNodes === 0) out.noNodes = true;
  let body = raw.slice(fit[0].length);
  const post = POST_FILTER.exec(body);
  if (post) {
    const start = post.index + post[0].length - post[1]!.length;
    out.postFilter = body.slice(start).trim();
    body = body.slice(0, post.index + (post[0].startsWith('.') ? 1 : 0));
  }
  // The filter part: one segment normally; pre-1.2x could carry a PreFilter text and a histogram.
  const segments = body
    .replace(/\.\s*$/, '')
    .split(/\.\s+(?=\S)/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const seg of segments) {
    if (/^\d+ \S/.test(seg)) out.reasons.push(...histogram(seg));
    else if (!out.preFilter) out.preFilter = classifyReason(seg.replace(/\.+$/, ''), out.totalNodes);
  }
  // A cut-off last entry is an unreadable fragment, not a reason of its own.
  if (out.truncated && !out.postFilter && out.reasons.length > 0 && out.reasons[out.reasons.length - 1]!.category === 'other') out.reasons.pop();
  if (out.postFilter) {
    const p = /preemption:\s*(.*)$/s.exec(out.postFilter);
    if (p) out.preemption = preemptionOf(p[1]!.trim());
    else if (/waiting for the preemption/.test(out.postFilter)) out.preemption = { text: out.postFilter, verdict: 'in-progress', reasons: [] };
    else if (/All PostFilter plugins are skipped/.test(out.postFilter)) out.preemption = { text: out.postFilter, verdict: 'skipped', reasons: [] };
  }
  return out;
}

function preemptionOf(text: string): NonNullable<ParsedSchedulerMessage['preemption']> {
  if (/not eligible due to preemptionPolicy=Never/.test(text)) return { text, verdict: 'not-eligible', reasons: [] };
  if (/no candidate node for preemption/.test(text)) return { text, verdict: 'no-candidate', reasons: [] };
  if (/waiting for the preemption/.test(text)) return { text, verdict: 'in-progress', reasons: [] };
  const nested = parseSchedulerMessage(text.replace(/\.+$/, '.'));
  const reasons = nested.preFilter ? [nested.preFilter, ...nested.reasons] : nested.reasons;
  const cats = new Set(reasons.map((r) => r.category));
  let verdict: PreemptionVerdict = 'other';
  if (cats.size === 1 && cats.has('preemption-not-helpful')) verdict = 'not-helpful';
  else if (cats.size === 1 && cats.has('preemption-no-victims')) verdict = 'no-victims';
  else if (cats.size > 0 && [...cats].every((c) => c === 'preemption-not-helpful' || c === 'preemption-no-victims')) verdict = 'mixed';
  return { text, verdict, reasons };
}

/** What preemption concluded, for the message catalogue; undefined when the message says nothing about it. */
export function preemptionRef(p: ParsedSchedulerMessage['preemption']): PreemptionRef | undefined {
  if (!p) return undefined;
  const count = (c: ReasonCategory): number => p.reasons.filter((r) => r.category === c).reduce((s, r) => s + r.count, 0);
  switch (p.verdict) {
    case 'mixed':
      return { verdict: 'mixed', notHelpful: count('preemption-not-helpful'), noVictims: count('preemption-no-victims') };
    case 'not-helpful':
    case 'no-victims':
    case 'not-eligible':
    case 'no-candidate':
    case 'in-progress':
      return { verdict: p.verdict };
    default:
      return undefined;
  }
}

// ——— The Pod's scheduling state ———————————————————————————————————————————————————————————————

const AUTOSCALER_REASONS = ['TriggeredScaleUp', 'NotTriggerScaleUp', 'FailedScaleUp'] as const;

export interface SchedulingFailure {
  /** The text the rules read: the PodScheduled message (never truncated), else the newest FailedScheduling event. */
  message: string;
  parsed: ParsedSchedulerMessage;
  /** PodScheduled condition reason: `Unschedulable`, `SchedulerError`, or '' when only events told. */
  reason: string;
  fromCondition: boolean;
  /** The condition message and the newest FailedScheduling event, quoted. */
  evidence: Evidence[];
  event?: EventFact;
  /** Epoch ms since the Pod has been unschedulable (condition transition, first event, or creation). */
  since?: number;
  /** The newest cluster-autoscaler verdict about this Pod. */
  autoscaler?: EventFact;
}

/** True while the Pod has not been bound to a node (and is not finished or being deleted). */
export function awaitingScheduling(pod: PodFacts): boolean {
  if (pod.nodeName) return false;
  if (pod.conditions.PodScheduled?.status === 'True') return false;
  if (pod.phase === 'Succeeded' || pod.phase === 'Failed') return false;
  return pod.deletingSince === undefined;
}

/**
 * The Pod's current scheduling failure, or undefined when it is scheduled, gated, or never failed.
 * Worked out once per Pod and shared by every scheduling rule: read-only. A rule that quotes its
 * evidence takes copies (copyEvidence), so that no two findings share an object.
 */
export function schedulingFailure(pod: PodFacts, now: number): SchedulingFailure | undefined {
  if (!awaitingScheduling(pod)) return undefined;
  return failureCached(pod, now);
}

const failureCached = memoPodAt(failureOf);

function failureOf(pod: PodFacts, now: number): SchedulingFailure | undefined {
  const cond = pod.conditions.PodScheduled;
  const condFailed = cond?.status === 'False' && (cond.reason === 'Unschedulable' || cond.reason === 'SchedulerError') && !!cond.message;
  // Events that predate this Pod belong to an earlier Pod of the same name.
  const current = (e: EventFact): boolean => pod.createdAt === undefined || e.lastSeen === undefined || e.lastSeen >= pod.createdAt;
  const event = latestEvent(pod.events, 'FailedScheduling', (e) => current(e) && !/^skip schedule deleting pod/.test(e.message));
  if (!condFailed && !event) return undefined;
  const message = condFailed ? cond!.message! : event!.message;
  const evidence: Evidence[] = [];
  if (condFailed) {
    evidence.push(fieldEvidence('pod', 'status.conditions[type=PodScheduled].reason', cond!.reason));
    evidence.push(fieldEvidence('pod', 'status.conditions[type=PodScheduled].message', cond!.message));
  }
  if (event) evidence.push(eventEvidence(event, now));
  const autoscaler = latestEvent(pod.events, AUTOSCALER_REASONS, current);
  if (autoscaler) evidence.push(eventEvidence(autoscaler, now));
  const firstFailure = eventsWith(pod.events, 'FailedScheduling', current).reduce<number | undefined>((min, e) => (e.firstSeen !== undefined && (min === undefined || e.firstSeen < min) ? e.firstSeen : min), undefined);
  const since = (condFailed ? parseTime(cond!.lastTransitionTime) : undefined) ?? firstFailure ?? pod.createdAt;
  const failure: SchedulingFailure = { message, parsed: parseSchedulerMessage(message), reason: condFailed ? cond!.reason! : '', fromCondition: condFailed, evidence };
  if (event) failure.event = event;
  if (since !== undefined) failure.since = since;
  if (autoscaler) failure.autoscaler = autoscaler;
  return failure;
}

/** Every reason of the failure, the PreFilter one included, for rules to pick theirs from. */
export function allReasons(f: SchedulingFailure): SchedulerReason[] {
  return f.parsed.preFilter ? [f.parsed.preFilter, ...f.parsed.reasons] : f.parsed.reasons;
}

/** The entries of the failure in `categories`, or [] when the message says nothing of them. */
export function reasonsIn(f: SchedulingFailure, categories: readonly ReasonCategory[]): SchedulerReason[] {
  return allReasons(f).filter((r) => categories.includes(r.category));
}

/**
 * Entries that are context, not causes: nodes a PreFilter set aside, preemption texts, and, for a
 * DaemonSet Pod pinned to one node, the other nodes' node-affinity mismatch (older schedulers).
 */
export function isContextReason(r: SchedulerReason, pod?: PodFacts, f?: SchedulingFailure): boolean {
  if (r.category === 'prefilter-excluded' || r.category === 'preemption-not-helpful' || r.category === 'preemption-no-victims') return true;
  if (r.category === 'node-affinity' && pod && pinnedNodeName(pod.pod) !== undefined) {
    return f?.parsed.totalNodes === undefined || r.count < f.parsed.totalNodes;
  }
  return false;
}

/**
 * `N node(s) didn't satisfy plugin(s) [NodeAffinity]` entries when nothing else is wrong: the Pod's
 * node affinity (e.g. to one hostname) left no candidate node at all, so the exclusion is the cause.
 */
export function nodeAffinityExclusions(pod: PodFacts, f: SchedulingFailure): SchedulerReason[] {
  if (allReasons(f).some((r) => !isContextReason(r, pod, f))) return [];
  return allReasons(f).filter((r) => r.category === 'prefilter-excluded' && r.plugins?.includes('NodeAffinity'));
}

/**
 * Confidence for a finding built from `mine`: the reason that covers the most nodes leads; the
 * others are demoted one step so the engine orders them after it. Events-only failures start at medium.
 */
export function confidenceFor(pod: PodFacts, f: SchedulingFailure, mine: readonly SchedulerReason[], nodes: readonly Node[]): Confidence {
  const causes = allReasons(f).filter((r) => !isContextReason(r, pod, f));
  // By what each reason means, whatever the node counts: what blocks the nodes the Pod could use (fixable
  // by scaling or by labels) leads; then a volume pinned to nodes none of which is usable; exclusions by
  // design (control-plane taints, the Pod's own selector) last. Counts decide within one tier.
  const tier = (r: SchedulerReason): number => reasonTier(r, pod, nodes);
  const top = Math.max(...causes.map(tier));
  const contenders = causes.filter((r) => tier(r) === top);
  const own = mine.filter((r) => tier(r) === top);
  const leads = own.length > 0 && coverage(own) >= Math.max(0, ...groupByCategory(contenders).map(coverage));
  if (f.fromCondition) return leads ? 'high' : 'medium';
  return leads ? 'medium' : 'low';
}

const CONTROL_PLANE_TAINT = /^node-role\.kubernetes\.io\/(?:control-plane|master)$/;

/**
 * What a reason means for the nodes it names, which decides which reason is the cause:
 * - `scaling`: the node could take the Pod with more room (cpu, memory, Pod slots, volume attach limits) —
 *   more or freer nodes fix it;
 * - `labels`: a label, a taint or another Pod's placement keeps the Pod off (a taint not meant as a wall,
 *   inter-Pod affinity, topology spread, a hostPort taken) — changing labels, taints or the spec fixes it;
 * - `static`: the node can never take this Pod as it is specified: the Pod's own node selector / affinity or
 *   nodeName, a control-plane taint, the node its volume is pinned to. Nothing done to those nodes helps.
 * A static exclusion is the cause only when nothing else is: the nodes it leaves are where the Pod belongs,
 * so what blocks those (the others cannot fix it) leads, whatever the counts.
 */
export type ReasonMeaning = 'scaling' | 'labels' | 'static';

const SCALING: ReadonlySet<ReasonCategory> = new Set<ReasonCategory>(['insufficient-resource', 'too-many-pods', 'volume-limits']);
const STATIC: ReadonlySet<ReasonCategory> = new Set<ReasonCategory>(['node-affinity', 'node-name', 'volume-node-affinity']);

export function reasonMeaning(r: SchedulerReason, pod: PodFacts, nodes: readonly Node[]): ReasonMeaning {
  if (SCALING.has(r.category)) return 'scaling';
  if (STATIC.has(r.category)) return 'static';
  if (r.category === 'taint' && controlPlaneTaint(r, pod, nodes)) return 'static';
  return 'labels';
}

/** 2: fixable (scaling, labels); 1: a volume pinned to the nodes it names; 0: an exclusion by design. */
export function reasonTier(r: SchedulerReason, pod: PodFacts, nodes: readonly Node[]): number {
  if (reasonMeaning(r, pod, nodes) !== 'static') return 2;
  return r.category === 'volume-node-affinity' ? 1 : 0;
}

/**
 * The ≤1.33 wording names the taint; the current one (`node(s) had untolerated taint(s)`) does not, so the
 * Nodes in the snapshot tell: a control-plane taint when every node whose taints the Pod does not tolerate
 * is kept away only by control-plane taints. Without Nodes it is unknown, so not.
 */
function controlPlaneTaint(r: SchedulerReason, pod: PodFacts, nodes: readonly Node[]): boolean {
  if (r.taint) return CONTROL_PLANE_TAINT.test(r.taint.key);
  const tainted = nodes.map((n) => untoleratedTaints(n, pod.pod)).filter((ts) => ts.length > 0);
  return tainted.length >= r.count && r.count > 0 && tainted.every((ts) => ts.every((t) => CONTROL_PLANE_TAINT.test(t.key ?? '')));
}

/** Nodes covered by entries of one rule: old-wording taint entries are disjoint node sets, so they add up. */
function coverage(rs: readonly SchedulerReason[]): number {
  const taints = rs.filter((r) => r.category === 'taint').reduce((s, r) => s + r.count, 0);
  return rs.reduce((m, r) => Math.max(m, r.count), taints);
}

function groupByCategory(rs: readonly SchedulerReason[]): SchedulerReason[][] {
  const groups = new Map<ReasonCategory, SchedulerReason[]>();
  for (const r of rs) groups.set(r.category, [...(groups.get(r.category) ?? []), r]);
  return [...groups.values()];
}

/** `deploy/api`, `sts/db`, … for kubectl commands; the Pod itself when it has no known controller. */
export function workloadRef(pod: PodFacts): string {
  const o = pod.owner;
  if (o.deployment?.metadata?.name) return `deploy/${o.deployment.metadata.name}`;
  const up = o.replicaSet?.metadata?.ownerReferences?.find((r) => r?.controller && r.kind === 'Deployment');
  if (up?.name) return `deploy/${up.name}`;
  const ref = o.ref;
  const short: Record<string, string> = { ReplicaSet: 'rs', StatefulSet: 'sts', DaemonSet: 'ds', Job: 'job' };
  if (ref && short[ref.kind]) return `${short[ref.kind]}/${ref.name}`;
  return `pod/${pod.name}`;
}

/** Where a Pod-spec change goes: `deploy/api's Pod template`, or `the Pod spec (recreate the Pod)`. */
export function templateOf(pod: PodFacts, m: Pick<SchedulingMessages, 'podTemplate'>): string {
  const ref = workloadRef(pod);
  return m.podTemplate(ref.startsWith('pod/') ? { namespace: pod.namespace } : { ref, namespace: pod.namespace });
}

/** `2 of 3 nodes`, `1 node` (when the total is unknown). */
export function nodesPhrase(f: SchedulingFailure, count: number, m: Pick<SchedulingMessages, 'nodes'>): string {
  const total = f.parsed.totalNodes;
  return m.nodes(total === undefined ? { count } : { count, total });
}

export interface SchedulingSeverity {
  severity: Severity;
  /** Static causes no node can meet and an autoscaler's refusal are deterministic; the rest may clear. */
  failureClass: FailureClass;
  /** Why it is (not yet) failing: grace period, autoscaler verdict, preemption. */
  clause: SchedulingClause;
}

/**
 * True when nothing in the cluster changes by itself to clear this reason on its nodes: a selector
 * no node matches, a Pod larger than any node, a cordon, a dedicated taint, Pods that (anti-)affinity
 * refers to, a missing claim. Reasons that clear as Pods finish or nodes recover are not static.
 */
export function isStaticReason(r: SchedulerReason, pod: PodFacts, nodes: readonly Node[]): boolean {
  switch (r.category) {
    case 'insufficient-resource': {
      if (nodes.length === 0 || !r.resource) return false;
      const want = podRequests(pod.pod)[r.resource];
      const biggest = largestNode(nodeResources(nodes), r.resource, 'allocatable');
      return biggest === undefined || (want !== undefined && want > biggest.allocatable[r.resource]!);
    }
    case 'taint': {
      if (r.taint) return !NODE_HEALTH_TAINTS.has(r.taint.key);
      const taints = nodes.filter((n) => !n.spec?.unschedulable).flatMap((n) => untoleratedTaints(n, pod.pod));
      return taints.length > 0 && taints.every((t) => !NODE_HEALTH_TAINTS.has(t.key ?? ''));
    }
    case 'node-affinity':
      return nodes.length > 0 && nodes.every((n) => nodeConstraintMismatch(n, pod.pod) !== undefined);
    case 'prefilter-excluded':
      return !!r.plugins?.includes('NodeAffinity') && nodes.length > 0 && nodes.every((n) => nodeConstraintMismatch(n, pod.pod) !== undefined);
    case 'pod-affinity':
    case 'pod-anti-affinity':
    case 'existing-anti-affinity':
    case 'node-unschedulable':
    case 'pvc-not-found':
      return true;
    case 'topology-spread':
      return r.text.includes('missing required label');
    case 'volume-node-affinity':
      // The nodes counted here do not carry the labels the bound PV is pinned to; labels do not change by
      // themselves. Whether a node that does carry them can take the Pod is the other reasons' question
      // (a full node there is transient; a control-plane taint there is static).
      return pod.claims.some((c) => {
        const terms = c.pv?.spec?.nodeAffinity?.required?.nodeSelectorTerms;
        return Array.isArray(terms) && terms.length > 0;
      });
    default:
      return false;
  }
}

/**
 * The grace rule: a Pod unschedulable for less than `graceMs` may still be placed (the scheduler
 * retries; other Pods finish; a node recovers) and is a warning; after that it is an error. When every
 * cause is static (see isStaticReason; `judge` lets a rule decide for its own reasons from what it
 * knows, e.g. the PVC) it is an error at once, unless the nodes look autoscaled and the autoscaler has
 * not spoken yet. A scale-up the autoscaler triggered keeps it a warning for `stuckMs`; an autoscaler
 * refusal is an error at once. One failure gets one severity, whichever rule reports it.
 */
export function schedulingSeverity(pod: PodFacts, f: SchedulingFailure, now: number, options: RuleOptions, nodes: readonly Node[], judge?: (r: SchedulerReason) => boolean | undefined): SchedulingSeverity {
  const age = f.since === undefined ? undefined : now - f.since;
  const fresh = age !== undefined && age < options.graceMs;
  const a = f.autoscaler;
  if (a?.reason === 'TriggeredScaleUp') {
    const since = a.lastSeen === undefined ? 0 : now - a.lastSeen;
    if (since < options.stuckMs) return { severity: 'warning', failureClass: 'transient', clause: { kind: 'scale-up', ...agoOf(now, a.lastSeen), detail: a.message.replace(/^pod triggered scale-up:\s*/, '') } };
    return { severity: 'error', failureClass: 'transient', clause: { kind: 'scale-up-late', ...agoOf(now, a.lastSeen) } };
  }
  if (a?.reason === 'NotTriggerScaleUp') return { severity: 'error', failureClass: 'deterministic', clause: { kind: 'no-scale-up', why: a.message.replace(/^pod didn't trigger scale-up:?\s*/, '') } };
  if (a?.reason === 'FailedScaleUp') return { severity: 'error', failureClass: 'deterministic', clause: { kind: 'scale-up-failed', message: a.message } };
  if (f.parsed.preemption?.verdict === 'in-progress' || pod.pod.status?.nominatedNodeName) {
    const nominated = pod.pod.status?.nominatedNodeName;
    return { severity: 'warning', failureClass: 'transient', clause: nominated ? { kind: 'preempting', node: nominated } : { kind: 'preempting' } };
  }
  const causes = allReasons(f).filter((r) => !isContextReason(r, pod, f) || nodeAffinityExclusions(pod, f).includes(r));
  const certain = f.parsed.other === undefined && causes.length > 0 && causes.every((r) => judge?.(r) ?? isStaticReason(r, pod, nodes));
  if (certain) {
    if (fresh && mayAutoscale(nodes)) return { severity: 'warning', failureClass: 'transient', clause: { kind: 'autoscaled', age: formatAge(age!) } };
    return { severity: 'error', failureClass: 'deterministic', clause: { kind: 'none' } };
  }
  if (fresh) return { severity: 'warning', failureClass: 'transient', clause: { kind: 'fresh', age: formatAge(age!) } };
  return { severity: 'error', failureClass: 'transient', clause: age === undefined ? { kind: 'none' } : { kind: 'for', age: formatAge(age) } };
}

// Labels and annotations that node autoscalers or autoscaling node pools put on their nodes.
const AUTOSCALED_LABELS = ['karpenter.sh/nodepool', 'karpenter.sh/provisioner-name', 'eks.amazonaws.com/nodegroup', 'cloud.google.com/gke-nodepool', 'kubernetes.azure.com/agentpool'];

/** True when some node carries the marks of an autoscaler (Karpenter, cluster-autoscaler, a managed node pool). */
export function mayAutoscale(nodes: readonly Node[]): boolean {
  return nodes.some((n) => {
    const labels = n.metadata?.labels ?? {};
    const annotations = n.metadata?.annotations ?? {};
    return AUTOSCALED_LABELS.some((l) => Object.hasOwn(labels, l)) || Object.keys(annotations).some((k) => k.startsWith('cluster-autoscaler.kubernetes.io/'));
  });
}

/**
 * Message tail shared by every scheduling finding: the scheduler's own words for `said` (the reasons the finding
 * explains, as printed: `1 node(s) had untolerated taint(s)`), the severity clause and the preemption verdict.
 */
export function schedulingTail(f: SchedulingFailure, sev: SchedulingSeverity, m: Pick<SchedulingMessages, 'schedulingTail'>, said: readonly SchedulerReason[] = []): string {
  const preemption = preemptionRef(f.parsed.preemption);
  const words = schedulerWords(f, said);
  return m.schedulingTail({ clause: sev.clause, ...(preemption ? { preemption } : {}), ...(words ? { said: words } : {}) });
}

/** Reasons as the scheduler printed them: `N <text>` for a node histogram entry, the text alone for a PreFilter rejection. */
export function schedulerWords(f: SchedulingFailure, reasons: readonly SchedulerReason[]): string {
  return reasons.map((r) => (r === f.parsed.preFilter ? r.text : `${r.count} ${r.text}`)).join(', ');
}

function agoOf(now: number, at: number | undefined): { ago?: string } {
  return at === undefined ? {} : { ago: formatAge(now - at) };
}
