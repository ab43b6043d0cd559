// One direction of one connection: the destination's ingress or the source's egress. A Pod is isolated for a
// direction only when a policy in its namespace selects it for that direction; then the union of those
// policies' rules must admit the other end and the port.
import type { KObject } from '../../model/k8s.js';
import type { PolicyDecision, PolicySet, TrafficPeer, TrafficQuestion, UnreadablePolicy } from '../policy-types.js';
import { anyOf, both, type Match, YES } from './match.js';
import { matchPeer, type PeerMatch } from './peer.js';
import { type Direction, podSelectorOf, policyDirections, policyNamespace, policyRef, policyRules, selectsPod } from './policy-spec.js';
import { policiesInNamespace } from './policy-index.js';
import { matchPorts } from './ports.js';

type PodPeer = Extract<TrafficPeer, { kind: 'pod' }>;

interface RuleResult {
  policy: string;
  rule: number;
  peer?: number;
  match: Match;
  peers: PeerMatch;
  ports: Match;
}

const INCOMPLETE = 'NetworkPolicies not all read: one kdiag could not list may decide this';

function evaluateRule(policy: KObject, rule: ReturnType<typeof policyRules>[number], index: number, other: TrafficPeer, q: TrafficQuestion): RuleResult {
  const ns = policyNamespace(policy);
  const peerMatches = (rule.peers ?? []).map((p) => matchPeer(ns, p, other));
  const peers: PeerMatch = peerMatches.length === 0 ? { ...YES, closeness: 2 } : { ...anyOf(peerMatches), closeness: Math.max(...peerMatches.map((m) => m.closeness)) };
  const ports = matchPorts(rule.ports, q);
  const hit = peerMatches.findIndex((m) => m.result === 'yes');
  return { policy: policyRef(policy), rule: index, ...(hit >= 0 ? { peer: hit } : {}), match: both(peers, ports), peers, ports };
}

/** The rule of one policy nearest to admitting the connection, and why it does not. */
function nearMiss(policy: KObject, results: RuleResult[], direction: Direction): { policy: string; rule: number; why: string } | undefined {
  if (results.length === 0) return { policy: policyRef(policy), rule: -1, why: `has no ${direction} rules: it admits nothing` };
  const misses = results.filter((r) => r.match.result === 'no');
  if (misses.length === 0) return undefined;
  const score = (r: RuleResult): number => r.peers.closeness + (r.ports.result === 'yes' ? 2 : 0);
  const best = misses.reduce((a, b) => (score(b) > score(a) ? b : a));
  const whys = [best.peers, best.ports].flatMap((m) => (m.result === 'no' ? [m.why] : []));
  return { policy: best.policy, rule: best.rule, why: whys.join('; ') };
}

/** Which policies of a namespace select a subject for one direction, and what that answer was worked out from. */
interface Selection {
  inNamespace: readonly KObject[];
  selectors: unknown[];
  directions: Array<readonly Direction[]>;
  selecting: KObject[];
  refs: string[];
}

/**
 * Per labels object (a Pod's own: a Service's path asks about the same backend once per client, each time in a
 * peer of its own), one Selection per direction.
 */
const selections = new WeakMap<object, Partial<Record<Direction, Selection>>>();

/**
 * The policies of the subject's namespace that select it for `direction`: remembered per labels object, and
 * used again only while the namespace's policies and each policy's selector and directions are the very ones
 * it was worked out from (a policy whose fields are replaced is read again).
 */
function selectionFor(set: PolicySet, direction: Direction, subject: PodPeer): Selection {
  const inNamespace = policiesInNamespace(set.policies, subject.namespace);
  const labels = subject.labels;
  const rememberable = typeof labels === 'object' && labels !== null;
  let byLabels = rememberable ? selections.get(labels) : undefined;
  const known = byLabels?.[direction];
  if (known && known.inNamespace === inNamespace && unchanged(known)) return known;
  const selectors = inNamespace.map(podSelectorOf);
  const directions = inNamespace.map(policyDirections);
  const selecting = inNamespace.filter((p, i) => directions[i]!.includes(direction) && selectsPod(p, subject.namespace, labels));
  const selection: Selection = { inNamespace, selectors, directions, selecting, refs: selecting.map(policyRef) };
  if (!rememberable) return selection;
  if (!byLabels) selections.set(labels, (byLabels = {}));
  byLabels[direction] = selection;
  return selection;
}

function unchanged(s: Selection): boolean {
  for (let i = 0; i < s.inNamespace.length; i++) {
    const p = s.inNamespace[i]!;
    if (podSelectorOf(p) !== s.selectors[i] || policyDirections(p) !== s.directions[i]) return false;
  }
  return true;
}

const NO_DOUBTS: readonly string[] = [];

/**
 * The policies of the subject's namespace kdiag could not read that may select it for this direction: each
 * may admit the other end or not, so only an admission by another policy is certain (policies add up).
 */
function unreadableDoubts(unreadable: readonly UnreadablePolicy[], direction: Direction, subject: PodPeer): string[] {
  return unreadable
    .filter((u) => u.namespace === subject.namespace && (u.part === 'selection' || (u.part === direction && (u.field === 'spec.egress' || policyDirections(u.policy).includes(direction)) && selectsPod(u.policy, subject.namespace, subject.labels))))
    .map((u) => `NetworkPolicy ${u.namespace}/${u.name} not evaluated: ${u.field} is not of its type`);
}

/** `subject` is the Pod whose policies are read (the destination for ingress, the source for egress). */
export function decideDirection(set: PolicySet, direction: Direction, subject: PodPeer, other: TrafficPeer, q: TrafficQuestion): PolicyDecision {
  const { selecting, refs } = selectionFor(set, direction, subject);
  const selectingPolicies = [...refs];
  const complete = set.completeIn ? set.completeIn(subject.namespace) : set.complete;
  const unreadable = set.unreadable ? unreadableDoubts(set.unreadable, direction, subject) : NO_DOUBTS;
  if (selecting.length === 0) {
    if (complete && unreadable.length === 0) return { direction, isolated: false, allowed: true, selectingPolicies };
    return { direction, isolated: false, allowed: 'unknown', selectingPolicies, unknownBecause: complete ? [...unreadable] : [INCOMPLETE, ...unreadable] };
  }
  const perPolicy = selecting.map((p) => ({ policy: p, results: policyRules(p, direction).map((r, i) => evaluateRule(p, r, i, other, q)) }));
  const all = perPolicy.flatMap((p) => p.results);
  const allowed = all.find((r) => r.match.result === 'yes');
  if (allowed) {
    const allowedBy = { policy: allowed.policy, rule: allowed.rule, ...(allowed.peer !== undefined ? { peer: allowed.peer } : {}) };
    return { direction, isolated: true, allowed: true, selectingPolicies, allowedBy };
  }
  const nearMisses = perPolicy.flatMap((p) => nearMiss(p.policy, p.results, direction) ?? []);
  const doubts = [...new Set(all.flatMap((r) => (r.match.result === 'unknown' ? [r.match.why] : [])))];
  if (!complete) doubts.push(INCOMPLETE);
  doubts.push(...unreadable);
  if (doubts.length > 0) return { direction, isolated: true, allowed: 'unknown', selectingPolicies, unknownBecause: doubts, nearMisses };
  return { direction, isolated: true, allowed: false, selectingPolicies, nearMisses };
}
