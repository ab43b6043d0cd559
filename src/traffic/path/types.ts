// The traffic path as data: `ingress → service → endpoints → network policy → pod port`, each hop's state,
// the first broken one, and the findings that say why (the JSON `traffic` object of a Diagnosis).
import type { HopName } from '../../model/hops.js';
import type { Finding } from '../../rules/types.js';

/** `partial`: the hop passes for some of the default clients and keeps the others out (a warning, not a failure). */
export type HopState = 'passed' | 'partial' | 'failed' | 'unknown' | 'pending';

export interface TrafficHop {
  hop: HopName;
  state: HopState;
  /** One line: what was seen at this hop (`2 ready endpoints`, `denied by shop/default-deny`). */
  detail: string;
}

/** One client's answer at the network policy hop. */
export interface ClientVerdict {
  /** `pod monitoring/prometheus-0`, `namespace monitoring` (a Pod with no labels there). */
  client: string;
  result: 'allowed' | 'denied' | 'unknown';
  /** `namespace/name` of the policy (and rule) that decided. */
  decidedBy?: string;
}

export interface TrafficPath {
  target: { kind: 'Service' | 'Ingress'; namespace: string; name: string };
  /** The client asked about (`--from`), or how the default clients were chosen. */
  client: string;
  hops: TrafficHop[];
  /** The first hop that failed; null when none did. */
  broken: 'ingress' | 'service' | 'endpoints' | 'network-policy' | 'pod-port' | null;
  clients: ClientVerdict[];
  findings: Finding[];
  /** Policies present but not evaluated (other kinds), named so they are never silently ignored. */
  notEvaluated: string[];
  notes: string[];
}
