// Small builders for evaluator tests: Pods, addresses and NetworkPolicies as wire objects.
import type { KObject } from '../../src/model/k8s.js';
import type { Protocol, TrafficPeer, TrafficQuestion } from '../../src/traffic/policy-types.js';

export type PodPeer = Extract<TrafficPeer, { kind: 'pod' }>;

export function podPeer(ref: string, labels: Record<string, string>, extra: Partial<PodPeer> = {}): PodPeer {
  const [namespace, name] = ref.split('/') as [string, string];
  return { kind: 'pod', namespace, name, labels, namespaceLabels: { 'kubernetes.io/metadata.name': namespace }, ...extra };
}

export const address = (ip: string): TrafficPeer => ({ kind: 'ip', ip });

export function netpol(ref: string, spec: Record<string, unknown>): KObject {
  const [namespace, name] = ref.split('/') as [string, string];
  return { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { namespace, name }, spec };
}

export const ask = (from: TrafficPeer, to: TrafficPeer, port: number | string, protocol: Protocol = 'TCP'): TrafficQuestion => ({ from, to, port, protocol });
