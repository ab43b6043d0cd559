import rule from '../../../src/rules/traffic/dns-egress-denied.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { coredns, egressCapture, kubeSystem } from './dns-objects.js';

// Real: traffic-dns-egress-denied (the cluster DNS Pod is a Ready stand-in in kube-system, captured beside the
// namespace). Built: the objects of traffic-egress-no-dns (no DNS Pods) with CoreDNS Pods added.
const CLIENT = 'Pod/client-56856c7d4d-bws2l';
const REAL = 'real/traffic-dns-egress-denied.yaml';
const netpol = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name, namespace: 'kdiag-traffic-egress-no-dns' }, spec });
const toDns = (protocols: string[], nsLabel = 'kubernetes.io/metadata.name') => netpol('allow-dns', {
  podSelector: {},
  policyTypes: ['Egress'],
  egress: [{ to: [{ namespaceSelector: { matchLabels: { [nsLabel]: 'kube-system' } }, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }], ports: protocols.map((protocol) => ({ port: 53, protocol })) }],
});

runRuleTests(rule, {
  valid: [
    { name: 'real: client-allowed, egress isolated too, and allow-dns admits UDP and TCP 53 to kube-dns', fixture: REAL, target: 'Pod/client-allowed' },
    { name: 'real capture alone: no DNS Pods in the input, so DNS is unknown, never denied', fixture: 'real/traffic-egress-no-dns.yaml', target: CLIENT },
    { name: 'real policies plus a DNS rule for UDP and TCP 53 to kube-dns', objects: [...egressCapture(), kubeSystem, coredns('coredns-1'), toDns(['UDP', 'TCP'])], target: CLIENT },
    { name: 'a Pod whose egress no policy isolates', objects: [kubeSystem, coredns('coredns-1'), { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'free', namespace: 'other', labels: { app: 'free' } }, spec: { containers: [{ name: 'a', image: 'x' }] }, status: { phase: 'Running' } }], target: 'Pod/free' },
    { name: 'a Pod with dnsPolicy Default does not ask the cluster DNS', objects: [kubeSystem, coredns('coredns-1'), ...egressCapture().map((o) => ((o as { kind?: string }).kind === 'Pod' ? { ...(o as object), spec: { ...((o as { spec: object }).spec), dnsPolicy: 'Default' } } : o))], target: CLIENT },
  ],
  invalid: [
    {
      name: 'real: client-denied, egress default-deny and an allow rule for the database only; the cluster DNS Pod in kube-system captured beside it',
      fixture: REAL,
      target: 'Pod/client-denied',
      expect: [{ severity: 'error', message: /^Pod client-denied cannot resolve names: its egress is isolated by kdiag-traffic-dns-egress-denied\/allow-db, kdiag-traffic-dns-egress-denied\/default-deny-egress, and no egress rule admits DNS \(UDP 53 and TCP 53\) to the cluster DNS Pods \(kube-system\/kdiag-dns-standin-[a-z0-9]+-[a-z0-9]+\)/, evidence: 'networkpolicies/kdiag-traffic-dns-egress-denied/default-deny-egress.spec', remediation: 'k8s-app: kube-dns' }],
    },
    {
      name: 'the real traffic-egress-no-dns objects with two built CoreDNS Pods',
      objects: [...egressCapture(), kubeSystem, coredns('coredns-1'), coredns('coredns-2')],
      target: CLIENT,
      expect: [{ severity: 'error', message: /Pod client-56856c7d4d-bws2l cannot resolve names: its egress is isolated by kdiag-traffic-egress-no-dns\/allow-db, kdiag-traffic-egress-no-dns\/default-deny-egress, and no egress rule admits DNS \(UDP 53 and TCP 53\)/, evidence: 'networkpolicies/kdiag-traffic-egress-no-dns/default-deny-egress.spec', remediation: 'k8s-app: kube-dns' }],
    },
    { name: 'a DNS rule for UDP only: TCP 53 is still denied', objects: [...egressCapture(), kubeSystem, coredns('coredns-1'), toDns(['UDP'])], target: CLIENT, expect: [{ message: 'admits DNS (TCP 53)' }] },
    { name: 'a DNS rule on a label kube-system does not carry', objects: [...egressCapture(), kubeSystem, coredns('coredns-1'), toDns(['UDP', 'TCP'], 'name')], target: CLIENT, expect: [{ message: 'UDP 53 and TCP 53' }] },
  ],
});
