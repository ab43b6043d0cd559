// Cases ported from Kubernetes' own e2e network policy tests: each row is one ValidateOrFail of one test (a test
// that changes its policies or labels gives one row per step), with the policies it created and its expected
// reachability. Policies are written the way its helpers build them: SetSpecIngressRules sets policyTypes
// [Ingress], SetSpecEgressRules [Egress].
import type { Protocol } from '../../src/traffic/policy-types.js';
import { expr, labels, type MatrixCase, NS, podIP, policy, type Source } from './conformance-model.js';

const e2e = (test: string, step?: string): Source => ({
  repo: 'kubernetes/kubernetes',
  file: 'test/e2e/network/netpol/network_policy.go',
  test,
  ...(step ? { step } : {}),
});

const ing = (ns: string, name: string, podSelector: object, ingress: object[]) => policy(ns, name, { podSelector, ingress, policyTypes: ['Ingress'] });
const egr = (ns: string, name: string, podSelector: object, egress: object[]) => policy(ns, name, { podSelector, egress, policyTypes: ['Egress'] });
const both = (ns: string, name: string, podSelector: object, ingress: object[], egress: object[]) => policy(ns, name, { podSelector, ingress, egress, policyTypes: ['Ingress', 'Egress'] });
const POD_A = labels({ pod: 'a' });
const TCP: Protocol[] = ['TCP'];

const allowFromY81 = (name: string, protocol: Protocol) => ing('x', name, POD_A, [{ from: [{ namespaceSelector: labels({ [NS]: 'y' }) }], ports: [{ port: 81, protocol }] }]);
const fromYPodA = ing('x', 'allow-ns-y-pod-a-via-namespace-pod-selector', POD_A, [{ from: [{ namespaceSelector: labels({ [NS]: 'y' }), podSelector: labels({ pod: 'a' }) }] }]);
const notX = expr(NS, 'NotIn', ['x']);
const largeCidrExceptXB = egr('x', 'allow-client-a-via-cidr-egress-rule', POD_A, [{ to: [{ ipBlock: { cidr: '0.0.0.0/4', except: [`${podIP('x/b')}/32`] } }] }]);

export const E2E_CASES: MatrixCase[] = [
  {
    source: e2e("should support a 'default-deny-ingress' policy"),
    pods: ['x/a', 'x/b', 'y/a', 'y/b'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'deny-ingress', {}, [])],
    expect: [['*', 'x', false]],
  },
  {
    source: e2e("should support a 'default-deny-all' policy"),
    pods: ['x/a', 'x/b', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [both('x', 'deny-all', {}, [], [])],
    expect: [['*', 'x', false], ['x', '*', false]],
  },
  {
    source: e2e('should enforce policy to allow traffic from pods within server namespace based on PodSelector'),
    pods: ['x/a', 'x/b', 'x/c', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'x-a-allows-x-b', POD_A, [{ from: [{ podSelector: labels({ pod: 'b' }) }] }])],
    expect: [['*', 'x/a', false], ['x/b', 'x/a', true]],
  },
  {
    source: e2e('should enforce policy to allow ingress traffic for a target'),
    pods: ['x/a', 'x/b', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'deny-all', {}, []), ing('x', 'allow-all-to-a', POD_A, [{ from: [{ podSelector: {}, namespaceSelector: {} }] }])],
    expect: [['*', 'x/a', true], ['*', 'x/b', false]],
  },
  {
    source: e2e('should enforce policy to allow ingress traffic from pods in all namespaces'),
    pods: ['x/a', 'x/b', 'y/a', 'z/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-from-another-ns', POD_A, [{ from: [{ namespaceSelector: { matchLabels: {} } }] }])],
    expect: [],
  },
  {
    source: e2e('should enforce policy to allow traffic only from a different namespace, based on NamespaceSelector'),
    pods: ['x/a', 'x/b', 'y/a', 'z/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-client-a-via-ns-selector', POD_A, [{ from: [{ namespaceSelector: labels({ [NS]: 'y' }) }] }])],
    expect: [['x', 'x/a', false], ['z', 'x/a', false]],
  },
  {
    source: e2e('should enforce policy based on PodSelector with MatchExpressions'),
    pods: ['x/a', 'x/b', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'x-a-allows-x-b', POD_A, [{ from: [{ podSelector: expr('pod', 'In', ['b']) }] }])],
    expect: [['*', 'x/a', false], ['x/b', 'x/a', true]],
  },
  {
    source: e2e('should enforce policy based on NamespaceSelector with MatchExpressions'),
    pods: ['x/a', 'x/b', 'y/a', 'z/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-ns-y-match-selector', POD_A, [{ from: [{ namespaceSelector: expr(NS, 'In', ['y']) }] }])],
    expect: [['x', 'x/a', false], ['z', 'x/a', false]],
  },
  {
    source: e2e('should enforce policy based on PodSelector or NamespaceSelector'),
    pods: ['x/a', 'x/b', 'x/c', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-ns-y-match-selector', POD_A, [{ from: [{ namespaceSelector: notX }, { podSelector: labels({ pod: 'b' }) }] }])],
    expect: [['x/a', 'x/a', false], ['x/c', 'x/a', false]],
  },
  {
    source: e2e('should enforce policy based on PodSelector and NamespaceSelector'),
    pods: ['x/a', 'x/b', 'y/a', 'y/b', 'z/b'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-ns-y-podselector-and-nsselector', POD_A, [{ from: [{ namespaceSelector: notX, podSelector: labels({ pod: 'b' }) }] }])],
    expect: [['*', 'x/a', false], ['y/b', 'x/a', true], ['z/b', 'x/a', true]],
  },
  {
    source: e2e('should enforce policy based on Multiple PodSelectors and NamespaceSelectors'),
    pods: ['x/a', 'x/b', 'y/a', 'y/b', 'y/c'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-ns-y-z-pod-b-c', POD_A, [{ from: [{ namespaceSelector: notX, podSelector: expr('pod', 'In', ['b', 'c']) }] }])],
    expect: [['x', 'x/a', false], ['y/a', 'x/a', false]],
  },
  {
    source: e2e('should enforce policy based on any PodSelectors'),
    pods: ['x/a', 'x/b', 'x/c'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-ns-x-pod-b-c', POD_A, [{ from: [{ podSelector: labels({ pod: 'b' }) }, { podSelector: labels({ pod: 'c' }) }] }])],
    expect: [['*', 'x/a', false], ['x/b', 'x/a', true], ['x/c', 'x/a', true]],
  },
  {
    source: e2e('should enforce policy to allow traffic only from a pod in a different namespace based on PodSelector and NamespaceSelector'),
    pods: ['x/a', 'x/b', 'y/a', 'y/b', 'z/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [fromYPodA],
    expect: [['*', 'x/a', false], ['y/a', 'x/a', true]],
  },
  {
    source: e2e('should enforce policy based on Ports'),
    pods: ['x/a', 'x/b', 'y/a', 'y/b', 'z/a'], ports: [81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [allowFromY81('allow-client-a-via-ns-selector', 'TCP')],
    expect: [['x', 'x/a', false], ['y', 'x/a', true], ['z', 'x/a', false]],
  },
  {
    source: e2e('should enforce multiple, stacked policies with overlapping podSelectors', 'port 81 with allowPort81Policy'),
    pods: ['x/a', 'x/b', 'y/a', 'y/b', 'z/a'], ports: [80, 81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [allowFromY81('allow-client-a-via-ns-selector', 'TCP')],
    expect: [['x', 'x/a', false], ['y', 'x/a', true], ['z', 'x/a', false]],
  },
  {
    source: e2e('should enforce multiple, stacked policies with overlapping podSelectors', 'port 80 with allowPort81Policy'),
    pods: ['x/a', 'x/b', 'y/a', 'y/b', 'z/a'], ports: [80, 81], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [allowFromY81('allow-client-a-via-ns-selector', 'TCP')],
    expect: [['*', 'x/a', false]],
  },
  {
    source: e2e('should enforce multiple, stacked policies with overlapping podSelectors', 'port 80 after allowPort80Policy'),
    pods: ['x/a', 'x/b', 'y/a', 'y/b', 'z/a'], ports: [80, 81], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [
      allowFromY81('allow-client-a-via-ns-selector', 'TCP'),
      ing('x', 'allow-client-a-via-ns-selector-80', POD_A, [{ from: [{ namespaceSelector: labels({ [NS]: 'y' }) }], ports: [{ port: 80, protocol: 'TCP' }] }]),
    ],
    expect: [['x', 'x/a', false], ['y', 'x/a', true], ['z', 'x/a', false]],
  },
  ...[80, 81].map((port): MatrixCase => ({
    source: e2e('should support allow-all policy', `port ${port}`),
    pods: ['x/a', 'x/b', 'y/a'], ports: [80, 81], protocols: TCP, probe: { port, protocol: 'TCP' },
    policies: [ing('x', 'allow-all', labels({}), [{}])],
    expect: [],
  })),
  {
    source: e2e('should allow ingress access on one named port', 'port 81'),
    pods: ['x/a', 'x/b', 'y/a'], ports: [80, 81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [ing('x', 'allow-all', labels({}), [{ ports: [{ port: 'serve-81-tcp' }] }])],
    expect: [],
  },
  {
    source: e2e('should allow ingress access on one named port', 'port 80'),
    pods: ['x/a', 'x/b', 'y/a'], ports: [80, 81], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-all', labels({}), [{ ports: [{ port: 'serve-81-tcp' }] }])],
    expect: [['*', 'x', false]],
  },
  {
    source: e2e('should allow ingress access from namespace on one named port', 'port 80'),
    pods: ['x/a', 'x/b', 'y/a', 'z/a'], ports: [80, 81], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-client-a-via-ns-selector-80', POD_A, [{ from: [{ namespaceSelector: labels({ [NS]: 'y' }) }], ports: [{ port: 'serve-80-tcp', protocol: 'TCP' }] }])],
    expect: [['x', 'x/a', false], ['z', 'x/a', false]],
  },
  {
    source: e2e('should allow ingress access from namespace on one named port', 'port 81'),
    pods: ['x/a', 'x/b', 'y/a', 'z/a'], ports: [80, 81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [ing('x', 'allow-client-a-via-ns-selector-80', POD_A, [{ from: [{ namespaceSelector: labels({ [NS]: 'y' }) }], ports: [{ port: 'serve-80-tcp', protocol: 'TCP' }] }])],
    expect: [['*', 'x/a', false]],
  },
  {
    source: e2e('should allow egress access on one named port', 'port 80'),
    pods: ['x/a', 'y/a'], ports: [80, 81], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [egr('x', 'allow-egress', labels({}), [{ ports: [{ port: 'serve-80-tcp' }] }])],
    expect: [],
  },
  {
    source: e2e('should allow egress access on one named port', 'port 81'),
    pods: ['x/a', 'y/a'], ports: [80, 81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [egr('x', 'allow-egress', labels({}), [{ ports: [{ port: 'serve-80-tcp' }] }])],
    expect: [['x', '*', false]],
  },
  {
    source: e2e('should enforce updated policy', 'allow all'),
    pods: ['x/a', 'y/a'], ports: [81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [ing('x', 'allow-all-mutate-to-deny-all', labels({}), [{}])],
    expect: [],
  },
  {
    source: e2e('should enforce updated policy', 'updated to deny all'),
    pods: ['x/a', 'y/a'], ports: [81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [ing('x', 'allow-all-mutate-to-deny-all', labels({}), [])],
    expect: [['*', 'x', false]],
  },
  {
    source: e2e('should allow ingress access from updated namespace', 'before the label'),
    pods: ['x/a', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-client-a-via-ns-selector', POD_A, [{ from: [{ namespaceSelector: labels({ ns2: 'updated' }) }] }])],
    expect: [['*', 'x/a', false]],
  },
  {
    source: e2e('should allow ingress access from updated namespace', 'after AddNamespaceLabel y ns2=updated'),
    pods: ['x/a', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-client-a-via-ns-selector', POD_A, [{ from: [{ namespaceSelector: labels({ ns2: 'updated' }) }] }])],
    namespaceLabels: { y: { ns2: 'updated' } },
    expect: [['*', 'x/a', false], ['y', '*', true]],
  },
  {
    source: e2e('should allow ingress access from updated pod', 'before the label'),
    pods: ['x/a', 'x/b'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-client-a-via-pod-selector', POD_A, [{ from: [{ podSelector: labels({ pod: 'b', pod2: 'updated' }) }] }])],
    expect: [['*', 'x/a', false]],
  },
  {
    source: e2e('should allow ingress access from updated pod', 'after AddPodLabels x/b pod2=updated'),
    pods: ['x/a', 'x/b'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-client-a-via-pod-selector', POD_A, [{ from: [{ podSelector: labels({ pod: 'b', pod2: 'updated' }) }] }])],
    podLabels: { 'x/b': { pod2: 'updated' } },
    expect: [['*', 'x/a', false], ['x/b', 'x/a', true]],
  },
  {
    source: e2e('should deny ingress from pods on other namespaces'),
    pods: ['x/a', 'x/b', 'y/a', 'z/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'deny-empty-policy', {}, [{ from: [{ podSelector: { matchLabels: {} } }] }])],
    expect: [['y', 'x', false], ['z', 'x', false]],
  },
  {
    source: e2e('should deny ingress access to updated pod', 'before the label'),
    pods: ['x/a', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'deny-ingress-via-label-selector', labels({ target: 'isolated' }), [])],
    expect: [],
  },
  {
    source: e2e('should deny ingress access to updated pod', 'after AddPodLabels x/a target=isolated'),
    pods: ['x/a', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'deny-ingress-via-label-selector', labels({ target: 'isolated' }), [])],
    podLabels: { 'x/a': { target: 'isolated' } },
    expect: [['*', 'x/a', false]],
  },
  {
    source: e2e('should deny egress from pods based on PodSelector'),
    pods: ['x/a', 'x/b', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [egr('x', 'deny-egress-pod-a', POD_A, [])],
    expect: [['x/a', '*', false]],
  },
  {
    source: e2e('should deny egress from all pods in a namespace'),
    pods: ['x/a', 'x/b', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [egr('x', 'deny-egress-ns-x', {}, [])],
    expect: [['x', '*', false]],
  },
  {
    source: e2e('should work with Ingress, Egress specified together', 'port 80'),
    pods: ['x/a', 'x/b', 'x/c', 'y/a'], ports: [80, 81], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [both('x', 'allow-client-a-via-pod-selector', POD_A, [{ from: [{ podSelector: labels({ pod: 'b' }) }] }], [{ ports: [{ port: 80 }] }])],
    expect: [['*', 'x/a', false], ['x/b', 'x/a', true]],
  },
  {
    source: e2e('should work with Ingress, Egress specified together', 'port 81'),
    pods: ['x/a', 'x/b', 'x/c', 'y/a'], ports: [80, 81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [both('x', 'allow-client-a-via-pod-selector', POD_A, [{ from: [{ podSelector: labels({ pod: 'b' }) }] }], [{ ports: [{ port: 80 }] }])],
    expect: [['*', 'x/a', false], ['x/a', '*', false], ['x/b', 'x/a', true]],
  },
  {
    source: e2e('should support denying of egress traffic on the client side (even if the server explicitly allows this traffic)'),
    pods: ['x/a', 'y/a', 'y/b'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [
      egr('x', 'allow-to-ns-y-pod-a', POD_A, [{ to: [{ namespaceSelector: labels({ [NS]: 'y' }), podSelector: labels({ pod: 'a' }) }] }]),
      ing('y', 'allow-from-xa-on-ya-match-selector', POD_A, [{ from: [{ namespaceSelector: labels({ [NS]: 'x' }), podSelector: labels({ pod: 'a' }) }] }]),
      ing('y', 'allow-from-xa-on-yb-match-selector', labels({ pod: 'b' }), [{ from: [{ namespaceSelector: labels({ [NS]: 'x' }), podSelector: labels({ pod: 'a' }) }] }]),
    ],
    expect: [['x/a', '*', false], ['*', 'y/a', false], ['x/a', 'y/a', true], ['*', 'y/b', false]],
  },
  {
    source: e2e('should enforce egress policy allowing traffic to a server in a different namespace based on PodSelector and NamespaceSelector'),
    pods: ['x/a', 'y/a', 'y/b'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [egr('x', 'allow-to-ns-y-pod-a', POD_A, [{ to: [{ namespaceSelector: labels({ [NS]: 'y' }), podSelector: labels({ pod: 'a' }) }] }])],
    expect: [['x/a', '*', false], ['x/a', 'y/a', true]],
  },
  ...(['TCP', 'UDP'] as const).map((protocol): MatrixCase => ({
    source: e2e('should enforce ingress policy allowing any port traffic to a server on a specific protocol', protocol),
    pods: ['x/a', 'y/a'], ports: [80], protocols: ['TCP', 'UDP'], probe: { port: 80, protocol },
    policies: [ing('x', 'allow-ingress-by-proto', POD_A, [{ ports: [{ protocol: 'TCP' }] }])],
    expect: protocol === 'UDP' ? [['*', 'x/a', false]] : [],
  })),
  {
    source: e2e('should enforce multiple ingress policies with ingress allow-all policy taking precedence', 'port 80 only'),
    pods: ['x/a', 'y/a'], ports: [81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [ing('x', 'allow-ingress-port-80', labels({}), [{ ports: [{ port: 80 }] }])],
    expect: [['*', 'x', false]],
  },
  {
    source: e2e('should enforce multiple ingress policies with ingress allow-all policy taking precedence', 'after allow-all'),
    pods: ['x/a', 'y/a'], ports: [81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [ing('x', 'allow-ingress-port-80', labels({}), [{ ports: [{ port: 80 }] }]), ing('x', 'allow-ingress', labels({}), [{}])],
    expect: [],
  },
  {
    source: e2e('should enforce multiple egress policies with egress allow-all policy taking precedence', 'port 80 only'),
    pods: ['x/a', 'y/a'], ports: [81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [egr('x', 'allow-egress-port-80', labels({}), [{ ports: [{ port: 80 }] }])],
    expect: [['x', '*', false]],
  },
  {
    source: e2e('should enforce multiple egress policies with egress allow-all policy taking precedence', 'after allow-all'),
    pods: ['x/a', 'y/a'], ports: [81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [egr('x', 'allow-egress-port-80', labels({}), [{ ports: [{ port: 80 }] }]), egr('x', 'allow-egress', labels({}), [{}])],
    expect: [],
  },
  {
    source: e2e('should stop enforcing policies after they are deleted', 'deny-all in x'),
    pods: ['x/a', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [both('x', 'deny-all', {}, [], [])],
    expect: [['x', '*', false], ['*', 'x', false]],
  },
  {
    source: e2e('should stop enforcing policies after they are deleted', 'after cleanNetworkPolicies'),
    pods: ['x/a', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [],
    expect: [],
  },
  {
    source: e2e('should allow egress access to server in CIDR block'),
    pods: ['x/a', 'y/a', 'y/b'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [egr('x', 'allow-client-a-via-cidr-egress-rule', POD_A, [{ to: [{ ipBlock: { cidr: `${podIP('y/b')}/32` } }] }])],
    expect: [['x/a', '*', false], ['x/a', 'y/b', true]],
  },
  {
    source: e2e('should enforce except clause while egress access to server in CIDR block'),
    pods: ['x/a', 'x/b', 'x/c'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [largeCidrExceptXB],
    expect: [['x/a', 'x/b', false]],
  },
  {
    source: e2e('should ensure an IP overlapping both IPBlock.CIDR and IPBlock.Except is allowed', 'cidr with except'),
    pods: ['x/a', 'x/b', 'x/c'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [largeCidrExceptXB],
    expect: [['x/a', 'x/b', false]],
  },
  {
    source: e2e('should ensure an IP overlapping both IPBlock.CIDR and IPBlock.Except is allowed', 'policy updated to x/b /32'),
    pods: ['x/a', 'x/b', 'x/c'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [egr('x', 'allow-client-a-via-cidr-egress-rule', POD_A, [{ to: [{ ipBlock: { cidr: `${podIP('x/b')}/32` } }] }])],
    expect: [['x/a', '*', false], ['x/a', 'x/b', true]],
  },
  {
    source: e2e('should enforce policies to check ingress and egress policies can be controlled independently based on PodSelector', 'egress allow-all'),
    pods: ['x/a', 'x/b', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [egr('x', 'allow-egress-for-target', POD_A, [{}])],
    expect: [],
  },
  {
    source: e2e('should enforce policies to check ingress and egress policies can be controlled independently based on PodSelector', 'plus deny ingress'),
    pods: ['x/a', 'x/b', 'y/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [egr('x', 'allow-egress-for-target', POD_A, [{}]), ing('x', 'deny-ingress-via-label-selector', POD_A, [])],
    expect: [['*', 'x/a', false]],
  },
  {
    source: e2e("should not mistakenly treat 'protocol: SCTP' as 'protocol: TCP', even if the plugin doesn't support SCTP"),
    pods: ['x/a', 'y/a'], ports: [81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [ing('x', 'deny-ingress', {}, []), ing('x', 'allow-only-sctp-ingress-on-port-81', POD_A, [{ ports: [{ port: 81, protocol: 'SCTP' }] }])],
    expect: [['*', 'x', false]],
  },
  {
    source: e2e("should properly isolate pods that are selected by a policy allowing SCTP, even if the plugin doesn't support SCTP"),
    pods: ['x/a', 'y/a'], ports: [81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [ing('x', 'allow-only-sctp-ingress-on-port-80', POD_A, [{ ports: [{ port: 80, protocol: 'SCTP' }] }])],
    expect: [['*', 'x/a', false]],
  },
  {
    source: e2e('should not allow access by TCP when a policy specifies only UDP'),
    pods: ['x/a', 'y/a'], ports: [81], protocols: TCP, probe: { port: 81, protocol: 'TCP' },
    policies: [ing('x', 'allow-only-udp-ingress-on-port-81', POD_A, [{ ports: [{ port: 81, protocol: 'UDP' }] }])],
    expect: [['*', 'x/a', false]],
  },
  {
    source: e2e('should enforce policy to allow traffic based on NamespaceSelector with MatchLabels using default ns label'),
    pods: ['x/a', 'x/b', 'y/a', 'z/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [ing('x', 'allow-client-a-via-ns-selector-for-immutable-ns-label', POD_A, [{ from: [{ namespaceSelector: labels({ [NS]: 'y' }) }] }])],
    expect: [['x', 'x/a', false], ['z', 'x/a', false]],
  },
  {
    source: e2e('should enforce policy based on NamespaceSelector with MatchExpressions using default ns label'),
    pods: ['x/a', 'x/b', 'y/a', 'z/a'], ports: [80], protocols: TCP, probe: { port: 80, protocol: 'TCP' },
    policies: [egr('x', 'allow-ns-y-match-selector-for-immutable-ns-label', POD_A, [{ to: [{ namespaceSelector: expr(NS, 'NotIn', ['y']) }] }])],
    expect: [['x/a', 'y', false]],
  },
  ...(['UDP', 'SCTP'] as const).flatMap((protocol): MatrixCase[] => {
    const ctx = `NetworkPolicy between server and client using ${protocol}`;
    const protocols: Protocol[] = [protocol];
    return [
      {
        source: e2e(`${ctx}: should support a 'default-deny-ingress' policy`),
        pods: ['x/a', 'x/b', 'y/a', 'y/b'], ports: [80], protocols, probe: { port: 80, protocol },
        policies: [ing('x', 'deny-all', {}, [])],
        expect: [['*', 'x', false]],
      },
      {
        source: e2e(`${ctx}: should enforce policy based on Ports`),
        pods: ['x/a', 'x/b', 'y/a', 'z/a'], ports: [81], protocols, probe: { port: 81, protocol },
        policies: [allowFromY81('allow-ingress-on-port-81-ns-x', protocol)],
        expect: [['x', 'x/a', false], ['z', 'x/a', false]],
      },
      {
        source: e2e(`${ctx}: should enforce policy to allow traffic only from a pod in a different namespace based on PodSelector and NamespaceSelector`),
        pods: ['x/a', 'x/b', 'y/a'], ports: [80], protocols, probe: { port: 80, protocol },
        policies: [fromYPodA],
        expect: [['*', 'x/a', false], ['y/a', 'x/a', true]],
      },
    ];
  }),
];
