// A client Pod (real capture: traffic-egress-no-dns) and built CoreDNS Pods, for the rows that vary what the real
// DNS captures (traffic-dns-*: a kube-system stand-in) cannot: CoreDNS Pods as kubeadm's manifest labels them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

export const coredns = (name: string, ready = true) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns', 'pod-template-hash': '7db6d8ff4d' }, uid: `dns-${name}` },
  spec: { nodeName: 'n1', containers: [{ name: 'coredns', image: 'registry.k8s.io/coredns/coredns:v1.11.3', ports: [{ name: 'dns', containerPort: 53, protocol: 'UDP' }, { name: 'dns-tcp', containerPort: 53, protocol: 'TCP' }] }] },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
});

export const kubeSystem = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-system', labels: { 'kubernetes.io/metadata.name': 'kube-system' } } };

/** Every object of the real capture (its List items flattened), to add the DNS Pods beside them. */
export function egressCapture(): unknown[] {
  const text = readFileSync(resolve(import.meta.dirname, '../../../fixtures/real/traffic-egress-no-dns.yaml'), 'utf8');
  return parseAllDocuments(text).flatMap((d) => {
    const o = d.toJS() as { kind?: string; items?: unknown[] } | null;
    return !o ? [] : o.kind === 'List' ? (o.items ?? []) : [o];
  });
}
