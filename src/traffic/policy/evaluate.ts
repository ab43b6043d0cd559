// A minimal NetworkPolicy evaluator so the traffic path can be built and tested before the full one lands
// (it replaces this file): isolation, podSelector / namespaceSelector (matchLabels and matchExpressions),
// numeric and named ports, protocols, endPort. No ipBlock (unknown for address peers).
import type { KObject } from '../../model/k8s.js';
import type { EvaluateTraffic, PolicyDecision, PolicySet, TrafficPeer, TrafficQuestion } from '../policy-types.js';

interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
}

function selects(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, e.key);
    const inValues = has && (e.values ?? []).includes(labels[e.key]!);
    if (e.operator === 'In' && !inValues) return false;
    if (e.operator === 'NotIn' && inValues) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

function policyTypes(p: KObject): string[] {
  const declared = p.spec?.policyTypes;
  if (Array.isArray(declared) && declared.length > 0) return declared as string[];
  return Array.isArray(p.spec?.egress) ? ['Ingress', 'Egress'] : ['Ingress'];
}

function portMatches(rulePorts: unknown, q: TrafficQuestion, dest: TrafficPeer): boolean {
  if (!Array.isArray(rulePorts) || rulePorts.length === 0) return true;
  const containerPorts = dest.kind === 'pod' ? (dest.containerPorts ?? []) : [];
  const number = typeof q.port === 'number' ? q.port : containerPorts.find((c) => c.name === q.port && (c.protocol ?? 'TCP') === q.protocol)?.containerPort;
  return rulePorts.some((rp: { port?: number | string; endPort?: number; protocol?: string }) => {
    if ((rp?.protocol ?? 'TCP') !== q.protocol) return false;
    if (rp?.port === undefined) return true;
    if (typeof rp.port === 'string' && !/^\d+$/.test(rp.port)) {
      if (q.port === rp.port) return true;
      const named = containerPorts.find((c) => c.name === rp.port && (c.protocol ?? 'TCP') === q.protocol);
      return named?.containerPort !== undefined && named.containerPort === number;
    }
    const from = Number(rp.port);
    return number !== undefined && number >= from && number <= (rp.endPort ?? from);
  });
}

function peerMatches(peer: Record<string, any>, policyNs: string, other: TrafficPeer): boolean | 'unknown' {
  if (other.kind !== 'pod') return peer.ipBlock ? 'unknown' : false;
  if (peer.ipBlock) return false;
  if (peer.namespaceSelector) {
    if (other.namespaceLabels === undefined) return 'unknown';
    if (!selects(peer.namespaceSelector, other.namespaceLabels)) return false;
  } else if (other.namespace !== policyNs) return false;
  return selects(peer.podSelector, other.labels);
}

function decide(set: PolicySet, q: TrafficQuestion, direction: 'ingress' | 'egress'): PolicyDecision {
  const subject = direction === 'ingress' ? q.to : q.from;
  const other = direction === 'ingress' ? q.from : q.to;
  if (subject.kind !== 'pod') return { direction, isolated: false, allowed: true, selectingPolicies: [] };
  const type = direction === 'ingress' ? 'Ingress' : 'Egress';
  const selecting = set.policies.filter((p) => p.metadata?.namespace === subject.namespace && policyTypes(p).includes(type) && selects(p.spec?.podSelector, subject.labels));
  const names = selecting.map((p) => `${p.metadata?.namespace}/${p.metadata?.name}`);
  if (selecting.length === 0) {
    return set.complete ? { direction, isolated: false, allowed: true, selectingPolicies: [] } : { direction, isolated: false, allowed: 'unknown', selectingPolicies: [], unknownBecause: ['NetworkPolicies not read'] };
  }
  const dest = q.to;
  const unknownBecause: string[] = [];
  const nearMisses: NonNullable<PolicyDecision['nearMisses']> = [];
  for (const [pi, p] of selecting.entries()) {
    const rules = Array.isArray(p.spec?.[direction]) ? (p.spec[direction] as Array<Record<string, any>>) : [];
    for (const [ri, rule] of rules.entries()) {
      const peers = direction === 'ingress' ? rule?.from : rule?.to;
      const portsOk = portMatches(rule?.ports, q, dest);
      if (!Array.isArray(peers) || peers.length === 0) {
        if (portsOk) return { direction, isolated: true, allowed: true, selectingPolicies: names, allowedBy: { policy: names[pi]!, rule: ri } };
        nearMisses.push({ policy: names[pi]!, rule: ri, why: 'port' });
        continue;
      }
      for (const [peerIndex, peer] of peers.entries()) {
        const m = peerMatches(peer ?? {}, subject.namespace, other);
        if (m === true && portsOk) return { direction, isolated: true, allowed: true, selectingPolicies: names, allowedBy: { policy: names[pi]!, rule: ri, peer: peerIndex } };
        if (m === 'unknown' && portsOk) unknownBecause.push(other.kind === 'pod' ? `namespace ${other.namespace} labels not read` : 'ipBlock not evaluated');
        if (m === true && !portsOk) nearMisses.push({ policy: names[pi]!, rule: ri, why: 'port' });
      }
    }
  }
  if (unknownBecause.length > 0) return { direction, isolated: true, allowed: 'unknown', selectingPolicies: names, unknownBecause };
  return { direction, isolated: true, allowed: false, selectingPolicies: names, ...(nearMisses.length > 0 ? { nearMisses } : {}) };
}

export const evaluateTraffic: EvaluateTraffic = (set, question) => {
  const ingress = decide(set, question, 'ingress');
  const egress = question.from.kind === 'pod' ? decide(set, question, 'egress') : undefined;
  const parts = [ingress, ...(egress ? [egress] : [])];
  const result = parts.some((d) => d.allowed === false) ? 'denied' : parts.some((d) => d.allowed === 'unknown') ? 'unknown' : 'allowed';
  return { result, ingress, ...(egress ? { egress } : {}), notEvaluated: set.notEvaluated ?? [] };
};
