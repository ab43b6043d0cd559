// Why a NetworkPolicy keeps a client out, in the words of the mistakes people make: a namespaceSelector
// on a label the namespace does not carry, one `from` entry ANDing namespace and Pod selectors where two
// entries (OR) were meant, a port that is the Service's or the NodePort instead of the Pod's.
import type { KObject } from '../../model/k8s.js';
import type { TrafficPeer } from '../policy-types.js';
import { labelsOf } from './view.js';

export type PolicyCause =
  | { kind: 'namespace-label'; policy: string; rule: number; key: string; value: string; namespace: string; has: string }
  | { kind: 'and-peer'; policy: string; rule: number; matched: 'namespace' | 'pod'; selector: string }
  | { kind: 'service-port'; policy: string; rule: number; opened: number; which: 'port' | 'nodePort'; targetPort: number | string }
  | { kind: 'no-rule'; policies: string[] };

interface Peer {
  namespaceSelector?: { matchLabels?: Record<string, string> };
  podSelector?: { matchLabels?: Record<string, string> };
}

const selects = (sel: { matchLabels?: Record<string, string> } | undefined, labels: Record<string, string>): boolean =>
  !sel || Object.entries(sel.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
const show = (sel: { matchLabels?: Record<string, string> } | undefined): string =>
  Object.entries(sel?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`).join(',') || '{}';

/** The most telling reason the selecting ingress policies keep `client` out of the port; `no-rule` when none is more specific. */
export function policyCause(
  selecting: readonly KObject[],
  client: TrafficPeer & { kind: 'pod' },
  servicePort: { port?: number; nodePort?: number; targetPort: number | string; targetNumber?: number },
): PolicyCause {
  const nsLabels = client.namespaceLabels;
  for (const p of selecting) {
    const policy = `${p.metadata?.namespace ?? ''}/${p.metadata?.name ?? ''}`;
    const rules = Array.isArray(p.spec?.ingress) ? (p.spec.ingress as Array<{ from?: Peer[]; ports?: Array<{ port?: number | string }> }>) : [];
    for (const [ri, rule] of rules.entries()) {
      const peers = Array.isArray(rule?.from) ? rule.from : [];
      for (const peer of peers) {
        const nsSel = peer?.namespaceSelector;
        // The selector names the namespace by a label it does not carry (`name: monitoring`).
        if (nsSel && nsLabels) {
          for (const [k, v] of Object.entries(nsSel.matchLabels ?? {})) {
            if (nsLabels[k] !== v && v === client.namespace) {
              const has = Object.entries(nsLabels).map(([a, b]) => `${a}=${b}`).join(',') || '(none)';
              return { kind: 'namespace-label', policy, rule: ri, key: k, value: v, namespace: client.namespace, has };
            }
          }
        }
        // Namespace and Pod selector in one entry: both must match (AND).
        if (nsSel && peer.podSelector && nsLabels) {
          const nsOk = selects(nsSel, nsLabels);
          const podOk = selects(peer.podSelector, client.labels);
          if (nsOk !== podOk) return { kind: 'and-peer', policy, rule: ri, matched: nsOk ? 'namespace' : 'pod', selector: nsOk ? show(peer.podSelector) : show(nsSel) };
        }
      }
      // The rule admits this client but opens the Service's port or the NodePort, not the Pod's.
      const admits = peers.length === 0 || peers.some((peer) => peerAdmits(peer, client, policy));
      const opened = (Array.isArray(rule?.ports) ? rule.ports : []).map((x) => x?.port).filter((x): x is number => typeof x === 'number');
      if (admits && opened.length > 0 && servicePort.targetNumber !== undefined && !opened.includes(servicePort.targetNumber)) {
        if (servicePort.port !== undefined && opened.includes(servicePort.port)) return { kind: 'service-port', policy, rule: ri, opened: servicePort.port, which: 'port', targetPort: servicePort.targetPort };
        if (servicePort.nodePort !== undefined && opened.includes(servicePort.nodePort)) return { kind: 'service-port', policy, rule: ri, opened: servicePort.nodePort, which: 'nodePort', targetPort: servicePort.targetPort };
      }
    }
  }
  return { kind: 'no-rule', policies: selecting.map((p) => `${p.metadata?.namespace ?? ''}/${p.metadata?.name ?? ''}`) };
}

function peerAdmits(peer: Peer, client: TrafficPeer & { kind: 'pod' }, policy: string): boolean {
  const policyNs = policy.slice(0, policy.indexOf('/'));
  if (peer.namespaceSelector) {
    if (!client.namespaceLabels || !selects(peer.namespaceSelector, client.namespaceLabels)) return false;
  } else if (client.namespace !== policyNs) return false;
  return selects(peer.podSelector, client.labels);
}

/**
 * The smallest NetworkPolicy that admits the client to the backends on the Pod's port, as a command to paste.
 * A named client Pod is admitted by its `app`-like labels; a namespace by its immutable name label.
 */
export function admittingPolicy(namespace: string, service: string, backendSelector: Record<string, string>, client: TrafficPeer & { kind: 'pod' }, port: number | string, protocol: string, clientPodLabels: boolean): string {
  const from: string[] = [];
  const sameNs = client.namespace === namespace;
  const podLabels = clientPodLabels ? Object.entries(client.labels).filter(([k]) => k !== 'pod-template-hash' && !k.startsWith('controller-revision') && !k.startsWith('statefulset.kubernetes.io')) : [];
  if (sameNs && podLabels.length === 0) from.push('    - podSelector: {}');
  else {
    from.push(sameNs ? '    - podSelector:' : `    - namespaceSelector:\n        matchLabels:\n          kubernetes.io/metadata.name: ${client.namespace}`);
    if (podLabels.length > 0) {
      from.push(`${sameNs ? '' : '      podSelector:\n'}        matchLabels:`);
      for (const [k, v] of podLabels) from.push(`          ${k}: ${JSON.stringify(v)}`);
    }
  }
  const selector = Object.entries(backendSelector).map(([k, v]) => `      ${k}: ${JSON.stringify(v)}`);
  const name = `allow-${sameNs ? 'same-namespace' : client.namespace}-to-${service}`.slice(0, 63).replace(/-+$/, '');
  return [
    // A here-string, not a here-document: pasted with the report's indentation, an `EOF` line would not end it.
    `kubectl apply -f - <<<'`,
    'apiVersion: networking.k8s.io/v1',
    'kind: NetworkPolicy',
    'metadata:',
    `  name: ${name}`,
    `  namespace: ${namespace}`,
    'spec:',
    '  podSelector:',
    ...(selector.length > 0 ? ['    matchLabels:', ...selector] : ['    {}']),
    '  policyTypes: [Ingress]',
    '  ingress:',
    '  - from:',
    ...from,
    '    ports:',
    `    - port: ${typeof port === 'number' ? port : JSON.stringify(port)}`,
    `      protocol: ${protocol}`,
    `'`,
  ].join('\n');
}

