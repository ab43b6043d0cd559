// Cases ported from kubernetes-sigs/network-policy-api's policy-assistant (formerly cyclonus) matcher tests. The
// policy tests ask IsTrafficAllowed directly; the builder tests assert the matcher a policy compiles to (for
// example "all pods of namespace abc on any port, no IPs"), which we state as the traffic it admits and refuses.
import type { Protocol, TrafficPeer, TrafficQuestion } from '../../src/traffic/policy-types.js';
import type { KObject } from '../../src/model/k8s.js';
import { labels, policy, type Source } from './conformance-model.js';

export interface QuestionCase {
  source: Source;
  policies: KObject[];
  question: TrafficQuestion;
  expect: 'allowed' | 'denied';
}

const ROOT = 'cmd/policy-assistant/pkg/matcher';
const src = (file: string, test: string, step?: string): Source => ({ repo: 'kubernetes-sigs/network-policy-api', file: `${ROOT}/${file}`, test, ...(step ? { step } : {}) });
const policyTest = (test: string, step: string) => src('policy_tests.go', test, step);
const builderTest = (test: string, step: string) => src('builder_tests.go', test, step);

const pod = (namespace: string, labelSet: Record<string, string>, ip: string, extra: Partial<Extract<TrafficPeer, { kind: 'pod' }>> = {}): TrafficPeer => ({
  kind: 'pod', namespace, name: labelSet.pod ?? 'p', labels: labelSet, namespaceLabels: { ns: namespace, 'kubernetes.io/metadata.name': namespace }, ips: [ip], ...extra,
});
const ip = (address: string): TrafficPeer => ({ kind: 'ip', ip: address });
const q = (from: TrafficPeer, to: TrafficPeer, port: number | string, protocol: Protocol): TrafficQuestion => ({ from, to, port, protocol });

const allowAllOnSCTP = policy('x', 'policy-207', { ingress: [{ ports: [{ protocol: 'SCTP' }] }], podSelector: {}, policyTypes: ['Ingress'] });
const varyEgress = policy('x', 'vary-egress-37-0-0-0-19', {
  egress: [
    { ports: [{ port: 80, protocol: 'TCP' }], to: [{ podSelector: {} }, { ipBlock: { cidr: '192.168.242.213/24' } }] },
    { ports: [{ port: 53, protocol: 'UDP' }] },
  ],
  podSelector: { matchLabels: { pod: 'a' } },
  policyTypes: ['Egress'],
});
const namedPort = policy('x', 'abc', { ingress: [{ ports: [{ port: 'port-hello', protocol: 'TCP' }] }], podSelector: { matchLabels: { pod: 'a' } }, policyTypes: ['Ingress'] });
const yPod = pod('y', {}, '1.2.3.4');
const xPod = pod('x', {}, '1.2.3.5');
const xa = pod('x', { pod: 'a' }, '1.2.3.4');

const abcIngress = (rules: object[]) => policy('abc', 'p', { podSelector: {}, ingress: rules, policyTypes: ['Ingress'] });
const abcEgress = (rules: object[]) => policy('abc', 'p', { podSelector: {}, egress: rules, policyTypes: ['Egress'] });
const inAbc = pod('abc', { app: 'web' }, '10.1.0.1');
const inOther = pod('other', { app: 'web' }, '10.2.0.1');

export const ASSISTANT_CASES: QuestionCase[] = [
  { source: policyTest('Allowing a protocol should implicitly deny other protocols from pods', 'should not allow TCP'), policies: [allowAllOnSCTP], question: q(yPod, xPod, 103, 'TCP'), expect: 'denied' },
  { source: policyTest('Allowing a protocol should implicitly deny other protocols from pods', 'should allow SCTP'), policies: [allowAllOnSCTP], question: q(yPod, xPod, 103, 'SCTP'), expect: 'allowed' },
  { source: policyTest('Allowing a protocol should implicitly deny other protocols from ips', 'should not allow TCP'), policies: [allowAllOnSCTP], question: q(ip('1.2.3.4'), xPod, 103, 'TCP'), expect: 'denied' },
  { source: policyTest('Allowing a protocol should implicitly deny other protocols from ips', 'should allow SCTP'), policies: [allowAllOnSCTP], question: q(ip('1.2.3.4'), xPod, 103, 'SCTP'), expect: 'allowed' },
  { source: policyTest('Policy allowing egress to ips', 'Should allow ips in cidr'), policies: [varyEgress], question: q(xa, pod('y', { pod: 'b' }, '192.168.242.249'), 80, 'TCP'), expect: 'allowed' },
  { source: policyTest('Policy allowing ingress to named port', 'Should allow access to named port'), policies: [namedPort], question: q(ip('1.2.3.4'), pod('x', { pod: 'a' }, '192.168.242.249'), 'port-hello', 'TCP'), expect: 'allowed' },

  { source: builderTest('PeerMatcher from slice of ingress/egress rules', 'allows no ingress from an empty slice of ingress rules'), policies: [abcIngress([])], question: q(inOther, inAbc, 80, 'TCP'), expect: 'denied' },
  { source: builderTest('PeerMatcher from slice of ingress/egress rules', 'allows no egress from an empty slice of egress rules'), policies: [abcEgress([])], question: q(inAbc, ip('8.8.8.8'), 53, 'UDP'), expect: 'denied' },
  { source: builderTest('PeerMatcher from slice of ingress/egress rules', 'allows all ingress from an ingress containing a single empty rule'), policies: [abcIngress([{}])], question: q(ip('203.0.113.9'), inAbc, 8443, 'TCP'), expect: 'allowed' },
  { source: builderTest('PeerMatcher from slice of ingress/egress rules', 'allows all egress from an ingress containing a single empty rule'), policies: [abcEgress([{}])], question: q(inAbc, inOther, 5432, 'TCP'), expect: 'allowed' },
  ...((): QuestionCase[] => {
    const test = 'allows to ips in IPBlock range and also to all pods/ips for DNS';
    const rules = [
      { ports: [{ port: 80, protocol: 'TCP' }], to: [{ podSelector: {} }, { ipBlock: { cidr: '192.168.242.213/24' } }] },
      { ports: [{ port: 53, protocol: 'UDP' }] },
    ];
    const p = [abcEgress(rules)];
    const t = (step: string) => builderTest(`PeerMatcher from slice of ingress/egress rules: ${test}`, step);
    return [
      { source: t('ip 192.168.242.249 on 80/TCP matches'), policies: p, question: q(inAbc, ip('192.168.242.249'), 80, 'TCP'), expect: 'allowed' },
      { source: t('pods of namespace abc on 80/TCP (ExactNamespaceMatcher abc)'), policies: p, question: q(inAbc, pod('abc', { app: 'db' }, '10.1.0.2'), 80, 'TCP'), expect: 'allowed' },
      { source: t('pods of other namespaces are not in ExactNamespaceMatcher abc'), policies: p, question: q(inAbc, inOther, 80, 'TCP'), expect: 'denied' },
      { source: t('53/UDP to every peer (PortsForAllPeersMatcher)'), policies: p, question: q(inAbc, ip('8.8.8.8'), 53, 'UDP'), expect: 'allowed' },
      { source: t('53/TCP is not in the port matcher'), policies: p, question: q(inAbc, ip('8.8.8.8'), 53, 'TCP'), expect: 'denied' },
    ];
  })(),
  { source: builderTest('PeerMatcher from slice of NetworkPolicyPeer', 'allows all source/destination from an empty slice'), policies: [abcIngress([{ ports: [], from: [] }])], question: q(inOther, inAbc, 9, 'UDP'), expect: 'allowed' },
  { source: builderTest('PeerMatcher from slice of NetworkPolicyPeer', 'allows all ips and all pods over a specific port from an empty peer slice: a pod on 103/SCTP'), policies: [abcIngress([{ ports: [{ protocol: 'SCTP', port: 103 }], from: [] }])], question: q(inOther, inAbc, 103, 'SCTP'), expect: 'allowed' },
  { source: builderTest('PeerMatcher from slice of NetworkPolicyPeer', 'allows all ips and all pods over a specific port from an empty peer slice: an ip on 103/SCTP'), policies: [abcIngress([{ ports: [{ protocol: 'SCTP', port: 103 }], from: [] }])], question: q(ip('198.51.100.7'), inAbc, 103, 'SCTP'), expect: 'allowed' },
  { source: builderTest('PeerMatcher from slice of NetworkPolicyPeer', 'allows all ips and all pods over a specific port from an empty peer slice: 103/TCP is not that port'), policies: [abcIngress([{ ports: [{ protocol: 'SCTP', port: 103 }], from: [] }])], question: q(inOther, inAbc, 103, 'TCP'), expect: 'denied' },
  { source: builderTest('PeerMatcher from slice of NetworkPolicyPeer', 'allows ips, but no pods from a single IPBlock: an ip inside'), policies: [abcIngress([{ from: [{ ipBlock: { cidr: '10.0.0.1/24' } }] }])], question: q(ip('10.0.0.77'), inAbc, 80, 'TCP'), expect: 'allowed' },
  { source: builderTest('PeerMatcher from slice of NetworkPolicyPeer', 'allows ips, but no pods from a single IPBlock: a pod outside the block'), policies: [abcIngress([{ from: [{ ipBlock: { cidr: '10.0.0.1/24' } }] }])], question: q(inOther, inAbc, 80, 'TCP'), expect: 'denied' },
  { source: builderTest('PeerMatcher from slice of NetworkPolicyPeer', 'allows all ns/pods/ports, but no ips from a single peer with empty pod/ns selectors: a pod of another namespace'), policies: [abcIngress([{ from: [{ podSelector: {}, namespaceSelector: {} }] }])], question: q(inOther, inAbc, 1234, 'UDP'), expect: 'allowed' },
  { source: builderTest('PeerMatcher from slice of NetworkPolicyPeer', 'allows all ns/pods/ports, but no ips from a single peer with empty pod/ns selectors: an ip'), policies: [abcIngress([{ from: [{ podSelector: {}, namespaceSelector: {} }] }])], question: q(ip('10.9.9.9'), inAbc, 1234, 'UDP'), expect: 'denied' },
  { source: builderTest('PeerMatcher from slice of NetworkPolicyPeer', 'allows ns/pods, but no ips from a single namespace/pod: a pod of abc'), policies: [abcIngress([{ from: [{ podSelector: {} }] }])], question: q(pod('abc', { app: 'db' }, '10.1.0.2'), inAbc, 80, 'TCP'), expect: 'allowed' },
  { source: builderTest('PeerMatcher from slice of NetworkPolicyPeer', 'allows ns/pods, but no ips from a single namespace/pod: a pod of another namespace'), policies: [abcIngress([{ from: [{ podSelector: {} }] }])], question: q(inOther, inAbc, 80, 'TCP'), expect: 'denied' },
  { source: builderTest('Namespace/Pod/IPBlock matcher from NetworkPolicyPeer', 'allow all pods in matching namespace: namespace labelled a=b'), policies: [abcIngress([{ from: [{ namespaceSelector: labels({ a: 'b' }) }] }])], question: q(pod('other', { app: 'web' }, '10.2.0.1', { namespaceLabels: { a: 'b' } }), inAbc, 80, 'TCP'), expect: 'allowed' },
  { source: builderTest('Namespace/Pod/IPBlock matcher from NetworkPolicyPeer', 'allow all pods in matching namespace: namespace without the label'), policies: [abcIngress([{ from: [{ namespaceSelector: labels({ a: 'b' }) }] }])], question: q(inOther, inAbc, 80, 'TCP'), expect: 'denied' },
  { source: builderTest('Namespace/Pod/IPBlock matcher from NetworkPolicyPeer', 'allow matching pods in all namespaces'), policies: [abcIngress([{ from: [{ namespaceSelector: {}, podSelector: labels({ e: 'f' }) }] }])], question: q(pod('other', { e: 'f' }, '10.2.0.3'), inAbc, 80, 'TCP'), expect: 'allowed' },
  { source: builderTest('Namespace/Pod/IPBlock matcher from NetworkPolicyPeer', 'allow matching pods in policy namespace: same labels in another namespace'), policies: [abcIngress([{ from: [{ podSelector: labels({ c: 'd' }) }] }])], question: q(pod('other', { c: 'd' }, '10.2.0.4'), inAbc, 80, 'TCP'), expect: 'denied' },
  { source: builderTest('BuildTarget: missing namespace gets treated as default namespace', 'a Pod of default is isolated'), policies: [{ kind: 'NetworkPolicy', metadata: { name: 'abc' }, spec: { podSelector: {}, ingress: [], policyTypes: ['Ingress', 'Egress'] } }], question: q(pod('default', { app: 'web' }, '10.3.0.1'), inOther, 80, 'TCP'), expect: 'denied' },
  { source: builderTest('Port from NetworkPolicyPort', 'allow all ports on protocol: any SCTP port'), policies: [abcIngress([{ ports: [{ protocol: 'SCTP' }] }])], question: q(inOther, inAbc, 9999, 'SCTP'), expect: 'allowed' },
  { source: builderTest('Port from NetworkPolicyPort', 'allow numbered port on protocol: 9001/TCP'), policies: [abcIngress([{ ports: [{ protocol: 'TCP', port: 9001 }] }])], question: q(inOther, inAbc, 9001, 'TCP'), expect: 'allowed' },
  { source: builderTest('Port from NetworkPolicyPort', 'allow named port on protocol: hello/UDP resolves on the destination'), policies: [abcIngress([{ ports: [{ protocol: 'UDP', port: 'hello' }] }])], question: q(inOther, pod('abc', { app: 'web' }, '10.1.0.1', { containerPorts: [{ name: 'hello', containerPort: 7000, protocol: 'UDP' }] }), 7000, 'UDP'), expect: 'allowed' },
];
