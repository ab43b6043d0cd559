// The model the Kubernetes e2e network policy tests probe (test/e2e/network/netpol/model.go): namespaces x, y, z
// labelled ns=<name> (plus kubernetes.io/metadata.name, set by the API server), Pods labelled pod=<name>, one
// container per port and protocol with a port named serve-<port>-<protocol>. Pod IPs are ours (the tests read
// real ones): x/a 10.244.1.1, y/b 10.244.2.2, ...
import type { KObject } from '../../src/model/k8s.js';
import type { Protocol, TrafficPeer } from '../../src/traffic/policy-types.js';

export const NS = 'kubernetes.io/metadata.name';

export interface Source {
  repo: string;
  file: string;
  test: string;
  step?: string;
}

/** `*` any Pod, `x` any Pod of namespace x, `x/a` one Pod (the Peer patterns of the e2e Reachability). */
export type Pattern = string;

export interface MatrixCase {
  source: Source;
  pods: string[];
  ports: number[];
  protocols: Protocol[];
  policies: KObject[];
  probe: { port: number; protocol: Protocol };
  /** The e2e test's Expect* calls in order, over a matrix that starts all-allowed; loopback is not asserted. */
  expect: Array<[from: Pattern, to: Pattern, allowed: boolean]>;
  /** Labels a step added (AddPodLabels, AddNamespaceLabel), merged over the model's. */
  podLabels?: Record<string, Record<string, string>>;
  namespaceLabels?: Record<string, Record<string, string>>;
}

const NS_INDEX: Record<string, number> = { x: 1, y: 2, z: 3 };
const POD_INDEX: Record<string, number> = { a: 1, b: 2, c: 3 };

export function podIP(pod: string): string {
  const [ns, name] = pod.split('/') as [string, string];
  return `10.244.${NS_INDEX[ns]}.${POD_INDEX[name]}`;
}

export function modelPeer(c: MatrixCase, pod: string): TrafficPeer {
  const [namespace, name] = pod.split('/') as [string, string];
  return {
    kind: 'pod',
    namespace,
    name,
    labels: { pod: name, ...c.podLabels?.[pod] },
    namespaceLabels: { ns: namespace, [NS]: namespace, ...c.namespaceLabels?.[namespace] },
    ips: [podIP(pod)],
    containerPorts: c.ports.flatMap((port) => c.protocols.map((protocol) => ({ name: `serve-${port}-${protocol.toLowerCase()}`, containerPort: port, protocol }))),
  };
}

const matches = (pattern: Pattern, pod: string): boolean => pattern === '*' || pattern === pod || pattern === pod.split('/')[0];

/** The expected matrix: every ordered pair of distinct Pods, allowed unless a later step says otherwise. */
export function expectedCells(c: MatrixCase): Array<{ from: string; to: string; allowed: boolean }> {
  const cells = [];
  for (const from of c.pods) {
    for (const to of c.pods) {
      if (from === to) continue;
      let allowed = true;
      for (const [f, t, v] of c.expect) if (matches(f, from) && matches(t, to)) allowed = v;
      cells.push({ from, to, allowed });
    }
  }
  return cells;
}

export function policy(namespace: string, name: string, spec: Record<string, unknown>): KObject {
  return { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { namespace, name }, spec };
}

export const labels = (matchLabels: Record<string, string>) => ({ matchLabels });
export const expr = (key: string, operator: string, values: string[]) => ({ matchExpressions: [{ key, operator, values }] });
