// The traffic path's hop names, beside the lifecycle's stage names (stages.ts): rules, the traffic path, its
// words and the reports all name hops, so the names live below them all.

/** The hops a request crosses: `ingress → service → endpoints → network policy → pod port`. */
export type HopName = 'ingress' | 'service' | 'endpoints' | 'network-policy' | 'pod-port';
/** A hop, or what the Pod itself must reach by name (`dns`): what a traffic rule judges and `kdiag lifecycle` lists. */
export type TrafficHopName = HopName | 'dns';
