// The contract between the NetworkPolicy evaluator (src/traffic/policy/) and the traffic path that asks it
// questions (src/traffic/path/). Pure data: no I/O, no clock.
import type { KObject } from '../model/k8s.js';

/** One end of a connection: a Pod (with its namespace's labels when kdiag read the Namespace) or an address. */
export type TrafficPeer =
  | {
      kind: 'pod';
      namespace: string;
      name: string;
      labels: Record<string, string>;
      /** The Namespace object's labels; undefined when kdiag did not read that Namespace (then a namespaceSelector is "unknown"). */
      namespaceLabels: Record<string, string> | undefined;
      /** Pod IP(s), for ipBlock peers (which match only traffic that is not Pod-to-Pod in most CNIs: see docs). */
      ips?: string[];
      /** The destination's container ports, to resolve a named port. */
      containerPorts?: Array<{ name?: string; containerPort?: number; protocol?: string }>;
    }
  | { kind: 'ip'; ip: string };

export type Protocol = 'TCP' | 'UDP' | 'SCTP';

export interface TrafficQuestion {
  from: TrafficPeer;
  to: TrafficPeer;
  /** The destination port: a number, or a container port name (resolved against `to.containerPorts`). */
  port: number | string;
  protocol: Protocol;
}

/** What the evaluator knows about the policies in the input. */
export interface PolicySet {
  /** networking.k8s.io/v1 NetworkPolicy objects. */
  policies: KObject[];
  /** False when NetworkPolicies could not be listed (forbidden, or a dump that holds none it could vouch for): a verdict is then at best "unknown". */
  complete: boolean;
  /** Whether the policies of one namespace are all known (a live `kdiag pod` lists its own namespace's); absent: `complete`. */
  completeIn?: (namespace: string) => boolean;
  /** Policies of other kinds that select traffic but that kdiag cannot evaluate (CiliumNetworkPolicy, Calico's, AdminNetworkPolicy), as `Kind namespace/name`. */
  notEvaluated?: string[];
  /** NetworkPolicies left out of `policies` because a field is not of the API's type: a decision one of them could change is unknown. */
  unreadable?: UnreadablePolicy[];
}

/** A NetworkPolicy kdiag could not evaluate, and the first field that is not of the API's type. */
export interface UnreadablePolicy {
  policy: KObject;
  namespace: string;
  name: string;
  field: string;
  /** What the field leaves unknown: whom the policy selects and for which directions, or one direction's rules. */
  part: 'selection' | 'ingress' | 'egress';
}

/** Which policy and which of its rules decided one direction. */
export interface PolicyDecision {
  direction: 'ingress' | 'egress';
  /** Whether some policy selects the Pod for this direction (no isolation: allowed by default). */
  isolated: boolean;
  allowed: boolean | 'unknown';
  /** `namespace/name` of the policies that select the Pod for this direction. */
  selectingPolicies: string[];
  /** When allowed by a rule: the policy, the index of its ingress/egress rule and of the peer that matched. */
  allowedBy?: { policy: string; rule: number; peer?: number };
  /** Why it is unknown (e.g. `namespace x labels not read`). */
  unknownBecause?: string[];
  /** For a denial: per selecting policy, the nearest rule and why it did not match (selector, labels, port); rule -1 when the policy has no rules for this direction. */
  nearMisses?: Array<{ policy: string; rule: number; why: string }>;
}

export interface TrafficVerdict {
  /** allowed = both directions allow; denied = one denies; unknown = neither denies but one cannot be decided. */
  result: 'allowed' | 'denied' | 'unknown';
  /** The source Pod's egress (absent when the source is an address outside the cluster). */
  egress?: PolicyDecision;
  /** The destination Pod's ingress (absent when the destination is an address). */
  ingress?: PolicyDecision;
  /** Policies present but not evaluated (other kinds), named so they are never silently ignored. */
  notEvaluated: string[];
}

/** Implemented in src/traffic/policy/evaluate.ts. */
export type EvaluateTraffic = (set: PolicySet, question: TrafficQuestion) => TrafficVerdict;
