// What the traffic path reads from a Snapshot: the policy set, a Pod as a policy peer, readiness.
import type { KObject, Pod } from '../../model/k8s.js';
import { sawKind, type Snapshot } from '../../model/snapshot.js';
import type { PolicySet, TrafficPeer, UnreadablePolicy } from '../policy-types.js';
import { unreadableField, unreadablePart } from '../policy/policy-shape.js';
import { policyNamespace } from '../policy/policy-spec.js';
import { namespaceNamed } from './namespace-index.js';

/** The NetworkPolicies of the input; incomplete when kdiag could not list them or the input held none it could vouch for. */
export function policySet(snapshot: Snapshot): PolicySet {
  const notListed = snapshot.meta.unreadable.some((u) => u.kind === 'NetworkPolicy');
  const completeByNamespace = new Map<string, boolean>();
  const { readable, unreadable } = readablePolicies(snapshot.networkPolicies);
  return {
    policies: readable,
    complete: !notListed && sawKind(snapshot, 'NetworkPolicy'),
    completeIn: (namespace) => {
      let complete = completeByNamespace.get(namespace);
      if (complete === undefined) completeByNamespace.set(namespace, (complete = !notListed && sawKind(snapshot, 'NetworkPolicy', namespace)));
      return complete;
    },
    notEvaluated: [...(snapshot.meta.otherPolicies ?? [])],
    ...(unreadable.length > 0 ? { unreadable } : {}),
  };
}

/**
 * The policies whose fields have the API's types, and the others: worked out once per list, and the list
 * itself when every policy is readable (the evaluator indexes a list by its identity).
 */
function readablePolicies(policies: KObject[]): { readable: KObject[]; unreadable: UnreadablePolicy[] } {
  let split = splits.get(policies);
  if (!split) {
    const unreadable: UnreadablePolicy[] = [];
    const readable = policies.filter((p) => {
      const field = unreadableField(p);
      if (field !== undefined) unreadable.push({ policy: p, namespace: policyNamespace(p), name: p.metadata?.name ?? '', field, part: unreadablePart(field) });
      return field === undefined;
    });
    split = { readable: unreadable.length > 0 ? readable : policies, unreadable };
    splits.set(policies, split);
  }
  return split;
}
const splits = new WeakMap<KObject[], { readable: KObject[]; unreadable: UnreadablePolicy[] }>();

/** A Namespace's labels, or undefined when kdiag did not read that Namespace (a namespaceSelector is then unknown). */
export function namespaceLabels(snapshot: Snapshot, namespace: string): Record<string, string> | undefined {
  const ns = namespaceNamed(snapshot, namespace);
  if (!ns) return undefined;
  return { ...((ns.metadata?.labels as Record<string, string> | undefined) ?? {}) };
}

export function labelsOf(o: KObject): Record<string, string> {
  const l = o.metadata?.labels;
  return l && typeof l === 'object' ? (l as Record<string, string>) : {};
}

export function podPeer(snapshot: Snapshot, pod: Pod): TrafficPeer & { kind: 'pod' } {
  const namespace = pod.metadata?.namespace ?? '';
  const ips = typeof pod.status?.podIP === 'string' ? [pod.status.podIP] : [];
  return {
    kind: 'pod',
    namespace,
    name: pod.metadata?.name ?? '',
    labels: labelsOf(pod),
    namespaceLabels: namespaceLabels(snapshot, namespace),
    ...(ips.length > 0 ? { ips } : {}),
    containerPorts: containerPorts(pod),
  };
}

/** A Pod with no labels in a namespace: the client a namespace stands for when the input holds none of its Pods. */
export function anyPodIn(snapshot: Snapshot, namespace: string): TrafficPeer & { kind: 'pod' } {
  return { kind: 'pod', namespace, name: '', labels: {}, namespaceLabels: namespaceLabels(snapshot, namespace) };
}

type ContainerPort = { name?: string; containerPort?: number; protocol?: string; container: string };
/** Made once per Pod: every client a Service's path asks about reads its destinations' ports. */
const portsOf = new WeakMap<Pod, ContainerPort[]>();

/** The Pod's declared container ports, each with its container's name (callers read them, never change them). */
export function containerPorts(pod: Pod): ContainerPort[] {
  let ports = portsOf.get(pod);
  if (ports === undefined) {
    ports = (pod.spec?.containers ?? []).flatMap((c) => (Array.isArray(c?.ports) ? c.ports : []).filter((p) => p && typeof p === 'object').map((p) => ({ ...p, container: c.name ?? '' })));
    portsOf.set(pod, ports);
  }
  return ports;
}

export function isReady(pod: Pod): boolean {
  return (pod.status?.conditions ?? []).some((c) => c?.type === 'Ready' && c.status === 'True');
}

export function isRunning(pod: Pod): boolean {
  return pod.status?.phase === 'Running' && !pod.metadata?.deletionTimestamp;
}

export const nsName = (o: KObject): string => `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
