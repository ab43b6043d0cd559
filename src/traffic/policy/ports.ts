// A rule's `ports` against the question's port: protocol defaults to TCP, `endPort` makes a range,
// a named port resolves against the destination Pod's container ports (for egress too).
import type { Protocol, TrafficPeer, TrafficQuestion } from '../policy-types.js';
import { anyOf, type Match, no, unknown, YES } from './match.js';

interface PolicyPort {
  protocol?: string;
  port?: number | string;
  endPort?: number;
}

type ContainerPort = { name?: string; containerPort?: number; protocol?: string };

function containerPorts(peer: TrafficPeer): ContainerPort[] | undefined {
  return peer.kind === 'pod' && Array.isArray(peer.containerPorts) ? peer.containerPorts : undefined;
}

function peerName(peer: TrafficPeer): string {
  return peer.kind === 'pod' ? `${peer.namespace}/${peer.name}` : peer.ip;
}

function findNamed(peer: TrafficPeer, name: string, protocol: string): ContainerPort | undefined {
  return containerPorts(peer)?.find((cp) => cp.name === name && (cp.protocol ?? 'TCP') === protocol);
}

/** The question's port as a number, when it is one or its name resolves on the destination. */
export function questionPortNumber(q: TrafficQuestion): number | undefined {
  if (typeof q.port === 'number') return q.port;
  return findNamed(q.to, q.port, q.protocol)?.containerPort;
}

export function describePolicyPort(p: PolicyPort): string {
  const protocol = p.protocol ?? 'TCP';
  if (p.port === undefined || p.port === null) return `any/${protocol}`;
  if (typeof p.port === 'number' && typeof p.endPort === 'number') return `${p.port}-${p.endPort}/${protocol}`;
  return `${p.port}/${protocol}`;
}

function matchEntry(p: PolicyPort, q: TrafficQuestion): Match {
  const protocol: string = p.protocol ?? 'TCP';
  if (protocol !== (q.protocol satisfies Protocol)) return no('protocol');
  if (p.port === undefined || p.port === null) return YES;
  if (typeof p.port === 'number') {
    const n = questionPortNumber(q);
    if (n === undefined) {
      return containerPorts(q.to) ? no(`named port ${q.port} not found on ${peerName(q.to)}`) : unknown(`container ports of ${peerName(q.to)} not read`);
    }
    const top = typeof p.endPort === 'number' ? p.endPort : p.port;
    return n >= p.port && n <= top ? YES : no('port');
  }
  if (q.port === p.port) return YES;
  if (q.to.kind === 'ip') return no(`named port ${p.port} cannot match address ${q.to.ip}`);
  if (!containerPorts(q.to)) return unknown(`container ports of ${peerName(q.to)} not read`);
  const named = findNamed(q.to, p.port, protocol);
  if (!named) return no(`named port ${p.port}/${protocol} not found on ${peerName(q.to)}`);
  return named.containerPort === questionPortNumber(q) ? YES : no('port');
}

/** Whether the rule's ports admit the question's port; no `ports` (or an empty list) admits every port. */
export function matchPorts(ports: unknown, q: TrafficQuestion): Match {
  const list = Array.isArray(ports) ? (ports.filter((p) => p && typeof p === 'object') as PolicyPort[]) : [];
  if (list.length === 0) return YES;
  const matches = list.map((p) => matchEntry(p, q));
  const found = anyOf(matches);
  if (found.result !== 'no') return found;
  const only = matches.length === 1 ? matches[0]! : undefined;
  if (only?.result === 'no' && only.why !== 'port' && only.why !== 'protocol') return only;
  return no(`port ${q.port}/${q.protocol} not in [${list.map(describePolicyPort).join(', ')}]`);
}
