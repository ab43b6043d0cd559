// Can a Pod resolve names? DNS to the cluster DNS Pods (or a node-local cache address) over UDP and TCP,
// both needed: resolvers fall back to TCP for large answers. Each server is asked separately, since the
// DNS Service spreads queries over all of them: one refused server fails some lookups.
import type { PolicySet, Protocol, TrafficPeer, TrafficVerdict } from '../policy-types.js';
import { evaluateTraffic } from './evaluate.js';
import { policiesInNamespace } from './policy-index.js';
import { policyDirections, policyRef, selectsPod } from './policy-spec.js';

type PodPeer = Extract<TrafficPeer, { kind: 'pod' }>;

export interface DnsProtocolCheck {
  protocol: Protocol;
  /** The worst verdict over the servers (denied, then unknown, then allowed): its decisions name the policy. */
  verdict: TrafficVerdict;
  /** The server that verdict is about (`kube-system/coredns-x` or an address); absent when no server was given. */
  server?: string;
  perServer: Array<{ server: string; verdict: TrafficVerdict }>;
}

export interface DnsCheck {
  /** Whether some policy selects the source for egress (then DNS needs an explicit allow). */
  egressIsolated: boolean;
  udp: DnsProtocolCheck;
  tcp: DnsProtocolCheck;
}

const RANK: Record<TrafficVerdict['result'], number> = { denied: 2, unknown: 1, allowed: 0 };

function serverName(peer: TrafficPeer): string {
  return peer.kind === 'pod' ? `${peer.namespace}/${peer.name}` : peer.ip;
}

function checkProtocol(set: PolicySet, source: PodPeer, servers: TrafficPeer[], port: number, protocol: Protocol, isolated: boolean): DnsProtocolCheck {
  const perServer = servers.map((to) => ({ server: serverName(to), verdict: evaluateTraffic(set, { from: source, to, port, protocol }) }));
  if (perServer.length === 0) {
    const selectingPolicies = policiesInNamespace(set.policies, source.namespace).filter((p) => policyDirections(p).includes('egress') && selectsPod(p, source.namespace, source.labels)).map(policyRef);
    const egress = { direction: 'egress' as const, isolated, allowed: 'unknown' as const, selectingPolicies, unknownBecause: ['no cluster DNS Pods in the input'] };
    return { protocol, verdict: { result: 'unknown', egress, notEvaluated: [...(set.notEvaluated ?? [])] }, perServer };
  }
  const worst = perServer.reduce((a, b) => (RANK[b.verdict.result] > RANK[a.verdict.result] ? b : a));
  return { protocol, verdict: worst.verdict, server: worst.server, perServer };
}

/** DNS from `source` to each of `servers` on `port` (53), over UDP and over TCP. */
export function checkDns(set: PolicySet, source: PodPeer, servers: TrafficPeer[], port = 53): DnsCheck {
  const egressIsolated = policiesInNamespace(set.policies, source.namespace).some((p) => policyDirections(p).includes('egress') && selectsPod(p, source.namespace, source.labels));
  return {
    egressIsolated,
    udp: checkProtocol(set, source, servers, port, 'UDP', egressIsolated),
    tcp: checkProtocol(set, source, servers, port, 'TCP', egressIsolated),
  };
}
