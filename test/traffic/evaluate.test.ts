// The evaluator's own edge cases: what the public suites do not probe (labels kdiag did not read, an incomplete
// policy list, named ports, endPort, ipBlock except in both families, SCTP) and what it says about a decision.
import { describe, expect, it } from 'vitest';
import { evaluateTraffic } from '../../src/traffic/policy/evaluate.js';
import { policyDirections } from '../../src/traffic/policy/policy-spec.js';
import { address, ask, netpol, podPeer } from './builders.js';

const complete = (...policies: ReturnType<typeof netpol>[]) => ({ policies, complete: true });
const web = podPeer('shop/web', { app: 'web' }, { containerPorts: [{ name: 'http', containerPort: 8080 }], ips: ['10.1.0.5'] });
const prometheus = podPeer('monitoring/prometheus', { app: 'prometheus' }, { namespaceLabels: { 'kubernetes.io/metadata.name': 'monitoring' } });
const fromMonitoringByName = netpol('shop/allow-monitoring', {
  podSelector: { matchLabels: { app: 'web' } },
  ingress: [{ from: [{ namespaceSelector: { matchLabels: { name: 'monitoring' } } }], ports: [{ port: 8080 }] }],
});

describe('unknown: labels not read and policies not listed', () => {
  const unread = { ...prometheus, namespaceLabels: undefined };

  it('a namespaceSelector on labels of a Namespace kdiag did not read is unknown, not denied', () => {
    const v = evaluateTraffic(complete(fromMonitoringByName), ask(unread, web, 8080));
    expect(v.result).toBe('unknown');
    expect(v.ingress?.unknownBecause).toEqual(['labels of namespace monitoring not read']);
  });

  it('a selector on kubernetes.io/metadata.name alone is decided without the Namespace (the API server sets that label)', () => {
    const byName = netpol('shop/allow', { podSelector: {}, ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }] }] });
    expect(evaluateTraffic(complete(byName), ask(unread, web, 8080)).result).toBe('allowed');
    expect(evaluateTraffic(complete(byName), ask({ ...unread, namespace: 'other' }, web, 8080)).result).toBe('denied');
  });

  it('a definite allow by another peer still allows', () => {
    const p = netpol('shop/allow', { podSelector: {}, ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: 'ops' } } }, { namespaceSelector: {} }] }] });
    const v = evaluateTraffic(complete(p), ask(unread, web, 8080));
    expect(v.result).toBe('allowed');
    expect(v.ingress?.allowedBy).toEqual({ policy: 'shop/allow', rule: 0, peer: 1 });
  });

  it('stays denied when the unknown peer could not have allowed (its rule refuses the port)', () => {
    const v = evaluateTraffic(complete(fromMonitoringByName), ask(unread, web, 9090));
    expect(v.result).toBe('denied');
    expect(v.ingress?.nearMisses).toEqual([{ policy: 'shop/allow-monitoring', rule: 0, why: 'port 9090/TCP not in [8080/TCP]' }]);
  });

  it('with an incomplete policy list, a direction no known policy isolates is unknown, a denial is unknown, an allow stays allowed', () => {
    const partial = { policies: [fromMonitoringByName], complete: false };
    const api = podPeer('shop/api', { app: 'api' });
    expect(evaluateTraffic(partial, ask(prometheus, api, 80)).result).toBe('unknown');
    const denied = evaluateTraffic(partial, ask(prometheus, web, 8080));
    expect(denied.result).toBe('unknown');
    expect(denied.ingress?.unknownBecause?.[0]).toMatch(/^NetworkPolicies not all read/);
    const labelled = { ...prometheus, namespaceLabels: { name: 'monitoring' } };
    const allowed = evaluateTraffic(partial, ask(labelled, web, 8080));
    expect(allowed.ingress).toMatchObject({ allowed: true, allowedBy: { policy: 'shop/allow-monitoring', rule: 0, peer: 0 } });
    expect(allowed.egress).toMatchObject({ isolated: false, allowed: 'unknown' });
    expect(allowed.result).toBe('unknown');
    const openAll = { policies: [netpol('shop/open', { podSelector: {}, ingress: [{}] })], complete: false };
    expect(evaluateTraffic(openAll, ask(address('192.0.2.1'), web, 8080)).result).toBe('allowed');
  });

  it('an ipBlock against a Pod whose IPs were not read is unknown', () => {
    const p = netpol('shop/cidr', { podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: '10.0.0.0/8' } }] }] });
    expect(evaluateTraffic(complete(p), ask(prometheus, web, 8080)).ingress?.unknownBecause).toEqual(['IP of pod monitoring/prometheus not read']);
  });
});

describe('ports', () => {
  const rule = (ports: object[]) => netpol('shop/p', { podSelector: {}, ingress: [{ ports }] });

  it('a named port resolves against the destination container ports', () => {
    expect(evaluateTraffic(complete(rule([{ port: 'http' }])), ask(prometheus, web, 8080)).result).toBe('allowed');
    expect(evaluateTraffic(complete(rule([{ port: 'http' }])), ask(prometheus, web, 'http')).result).toBe('allowed');
    expect(evaluateTraffic(complete(rule([{ port: 'http' }])), ask(prometheus, web, 9090)).result).toBe('denied');
  });

  it('a named port the destination does not carry admits nothing, and says so', () => {
    const v = evaluateTraffic(complete(rule([{ port: 'metrics' }])), ask(prometheus, web, 8080));
    expect(v.result).toBe('denied');
    expect(v.ingress?.nearMisses?.[0]?.why).toBe('named port metrics/TCP not found on shop/web');
  });

  it('a named port on a destination whose container ports were not read is unknown', () => {
    const bare = podPeer('shop/web', { app: 'web' });
    expect(evaluateTraffic(complete(rule([{ port: 'http' }])), ask(prometheus, bare, 8080)).result).toBe('unknown');
  });

  it('endPort makes an inclusive range', () => {
    const p = complete(rule([{ port: 8000, endPort: 8100 }]));
    expect(evaluateTraffic(p, ask(prometheus, web, 8000)).result).toBe('allowed');
    expect(evaluateTraffic(p, ask(prometheus, web, 8100)).result).toBe('allowed');
    const v = evaluateTraffic(p, ask(prometheus, web, 8101));
    expect(v.ingress?.nearMisses?.[0]?.why).toBe('port 8101/TCP not in [8000-8100/TCP]');
  });

  it('SCTP and UDP are their own protocols; an unset protocol is TCP', () => {
    const p = complete(rule([{ port: 9000, protocol: 'SCTP' }, { port: 53, protocol: 'UDP' }, { port: 80 }]));
    expect(evaluateTraffic(p, ask(prometheus, web, 9000, 'SCTP')).result).toBe('allowed');
    expect(evaluateTraffic(p, ask(prometheus, web, 9000, 'TCP')).result).toBe('denied');
    expect(evaluateTraffic(p, ask(prometheus, web, 53, 'TCP')).result).toBe('denied');
    expect(evaluateTraffic(p, ask(prometheus, web, 80, 'UDP')).result).toBe('denied');
    expect(evaluateTraffic(p, ask(prometheus, web, 80, 'TCP')).result).toBe('allowed');
  });
});

describe('ipBlock', () => {
  const egressTo = (ipBlock: object) => netpol('shop/egress', { podSelector: {}, egress: [{ to: [{ ipBlock }] }] });

  it('IPv4 cidr minus except', () => {
    const p = complete(egressTo({ cidr: '10.0.0.0/16', except: ['10.0.5.0/24'] }));
    expect(evaluateTraffic(p, ask(web, address('10.0.1.1'), 443)).result).toBe('allowed');
    const v = evaluateTraffic(p, ask(web, address('10.0.5.9'), 443));
    expect(v.result).toBe('denied');
    expect(v.egress?.nearMisses?.[0]?.why).toBe('address 10.0.5.9 is in ipBlock 10.0.0.0/16 except 10.0.5.0/24');
    expect(evaluateTraffic(p, ask(web, address('10.1.0.1'), 443)).egress?.nearMisses?.[0]?.why).toBe('address 10.1.0.1 not in ipBlock 10.0.0.0/16');
  });

  it('IPv6 cidr minus except, in any spelling; the other family never matches', () => {
    const p = complete(egressTo({ cidr: '2001:db8::/32', except: ['2001:db8:bad::/48'] }));
    expect(evaluateTraffic(p, ask(web, address('2001:db8:1::1'), 443)).result).toBe('allowed');
    expect(evaluateTraffic(p, ask(web, address('2001:0db8:0000:0000:0000:0000:0000:00ff'), 443)).result).toBe('allowed');
    expect(evaluateTraffic(p, ask(web, address('2001:db8:bad:1::1'), 443)).result).toBe('denied');
    expect(evaluateTraffic(p, ask(web, address('2001:db9::1'), 443)).result).toBe('denied');
    expect(evaluateTraffic(p, ask(web, address('32.1.13.184'), 443)).result).toBe('denied');
    const mapped = complete(egressTo({ cidr: '::ffff:0:0/96' }));
    expect(evaluateTraffic(mapped, ask(web, address('::ffff:192.0.2.1'), 443)).result).toBe('allowed');
    expect(evaluateTraffic(complete(egressTo({ cidr: '0.0.0.0/0' })), ask(web, address('::1'), 443)).result).toBe('denied');
  });

  it('matches a Pod by its IPs; selectors never match an address', () => {
    const p = complete(netpol('shop/in', { podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: '10.9.0.0/16' } }, { podSelector: {} }] }] }));
    expect(evaluateTraffic(p, ask({ ...prometheus, ips: ['10.9.3.3'] }, web, 8080)).result).toBe('allowed');
    const v = evaluateTraffic(p, ask(address('192.0.2.7'), web, 8080));
    expect(v.result).toBe('denied');
    expect(v.egress).toBeUndefined();
  });
});

describe('both directions and policyTypes', () => {
  const api = podPeer('shop/api', { app: 'api' });

  it('Pod-to-Pod needs the source egress AND the destination ingress', () => {
    const egressOpen = netpol('shop/egress', { podSelector: { matchLabels: { app: 'web' } }, egress: [{}], policyTypes: ['Egress'] });
    const ingressShut = netpol('shop/deny', { podSelector: { matchLabels: { app: 'api' } }, policyTypes: ['Ingress'] });
    const v = evaluateTraffic(complete(egressOpen, ingressShut), ask(web, api, 80));
    expect(v.result).toBe('denied');
    expect(v.egress).toMatchObject({ isolated: true, allowed: true, allowedBy: { policy: 'shop/egress', rule: 0 } });
    expect(v.ingress).toMatchObject({ isolated: true, allowed: false, selectingPolicies: ['shop/deny'] });
    expect(v.ingress?.nearMisses).toEqual([{ policy: 'shop/deny', rule: -1, why: 'has no ingress rules: it admits nothing' }]);
  });

  it('without policyTypes: Ingress always, Egress only when the spec has egress rules', () => {
    const onlyIngressRules = netpol('shop/a', { podSelector: {}, ingress: [{}] });
    expect(evaluateTraffic(complete(onlyIngressRules), ask(web, address('192.0.2.1'), 443)).egress?.isolated).toBe(false);
    const emptyEgress = netpol('shop/b', { podSelector: {}, egress: [] });
    expect(evaluateTraffic(complete(emptyEgress), ask(web, address('192.0.2.1'), 443)).egress?.isolated).toBe(false);
    const egressRules = netpol('shop/c', { podSelector: {}, egress: [{ ports: [{ port: 53, protocol: 'UDP' }] }] });
    const v = evaluateTraffic(complete(egressRules), ask(web, address('192.0.2.1'), 443));
    expect(v.egress).toMatchObject({ isolated: true, allowed: false });
    expect(v.ingress).toBeUndefined();
    expect(evaluateTraffic(complete(egressRules), ask(prometheus, web, 8080)).ingress).toMatchObject({ isolated: true, allowed: false });
  });

  it('policyTypes [Egress] ignores ingress rules and leaves ingress open', () => {
    const p = netpol('shop/e', { podSelector: {}, ingress: [], egress: [{}], policyTypes: ['Egress'] });
    expect(evaluateTraffic(complete(p), ask(prometheus, web, 8080)).ingress).toMatchObject({ isolated: false, allowed: true });
  });

  it('a policy in another namespace never selects the Pod', () => {
    const p = netpol('other/deny', { podSelector: {}, policyTypes: ['Ingress'] });
    expect(evaluateTraffic(complete(p), ask(prometheus, web, 8080)).result).toBe('allowed');
  });
});

describe('what a decision says', () => {
  it('near misses name the label, the selector and the port', () => {
    const labelled = { ...prometheus, namespaceLabels: { 'kubernetes.io/metadata.name': 'monitoring' } };
    expect(evaluateTraffic(complete(fromMonitoringByName), ask(labelled, web, 8080)).ingress?.nearMisses).toEqual([
      { policy: 'shop/allow-monitoring', rule: 0, why: 'namespace monitoring lacks label name=monitoring' },
    ]);
    const p = netpol('shop/web', { podSelector: {}, ingress: [{ from: [{ podSelector: { matchLabels: { app: 'web' } } }], ports: [{ port: 80 }] }] });
    const api = podPeer('shop/api', { app: 'api' });
    expect(evaluateTraffic(complete(p), ask(api, web, 80)).ingress?.nearMisses?.[0]?.why).toBe('podSelector app=web does not match labels app=api');
    expect(evaluateTraffic(complete(p), ask(podPeer('shop/w2', { app: 'web' }), web, 8080)).ingress?.nearMisses?.[0]?.why).toBe('port 8080/TCP not in [80/TCP]');
  });

  it('one from entry with both selectors is AND: a Pod matching only one of them is refused, and the miss says which', () => {
    const and = netpol('shop/and', {
      podSelector: {},
      ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } }, podSelector: { matchLabels: { app: 'prometheus' } } }] }],
    });
    const v = evaluateTraffic(complete(and), ask(prometheus, web, 8080));
    expect(v.result).toBe('denied');
    expect(v.ingress?.nearMisses?.[0]?.why).toBe('namespace monitoring has label kubernetes.io/metadata.name=monitoring, not kubernetes.io/metadata.name=ingress-nginx');
  });

  it('the nearest rule is the one that matched more: the peer, then the port', () => {
    const p = netpol('shop/two', {
      podSelector: {},
      ingress: [{ from: [{ podSelector: { matchLabels: { app: 'x' } } }], ports: [{ port: 1 }] }, { from: [{ podSelector: { matchLabels: { app: 'prometheus' } }, namespaceSelector: {} }], ports: [{ port: 9090 }] }],
    });
    expect(evaluateTraffic(complete(p), ask(prometheus, web, 8080)).ingress?.nearMisses).toEqual([{ policy: 'shop/two', rule: 1, why: 'port 8080/TCP not in [9090/TCP]' }]);
  });

  it('a source in another namespace than the podSelector-only peer is told so', () => {
    const p = netpol('shop/same-ns', { podSelector: {}, ingress: [{ from: [{ podSelector: {} }] }] });
    expect(evaluateTraffic(complete(p), ask(prometheus, web, 8080)).ingress?.nearMisses?.[0]?.why).toBe(
      "pod monitoring/prometheus is not in namespace shop (podSelector alone selects the policy's namespace)",
    );
  });

  it('policies of other kinds are named, never dropped', () => {
    const v = evaluateTraffic({ policies: [], complete: true, notEvaluated: ['CiliumNetworkPolicy shop/l7'] }, ask(prometheus, web, 8080));
    expect(v).toMatchObject({ result: 'allowed', notEvaluated: ['CiliumNetworkPolicy shop/l7'] });
  });

  it('matchExpressions: NotIn and DoesNotExist admit Pods without the key; an unknown operator admits nothing', () => {
    const sel = (e: object) => netpol('shop/e', { podSelector: {}, ingress: [{ from: [{ podSelector: { matchExpressions: [e] } }] }] });
    const bare = podPeer('shop/bare', {});
    expect(evaluateTraffic(complete(sel({ key: 'tier', operator: 'NotIn', values: ['db'] })), ask(bare, web, 1)).result).toBe('allowed');
    expect(evaluateTraffic(complete(sel({ key: 'tier', operator: 'DoesNotExist' })), ask(bare, web, 1)).result).toBe('allowed');
    expect(evaluateTraffic(complete(sel({ key: 'tier', operator: 'Exists' })), ask(bare, web, 1)).result).toBe('denied');
    expect(evaluateTraffic(complete(sel({ key: 'tier', operator: 'Gt', values: ['1'] })), ask(podPeer('shop/t', { tier: '5' }), web, 1)).result).toBe('denied');
  });
});

describe('policyDirections, read once per policy', () => {
  it('is read again when normalisation replaces the list it was read from (egress: [null] becomes [])', () => {
    const policy = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'p', namespace: 'shop' }, spec: { podSelector: {}, egress: [null] as unknown[] } };
    expect(policyDirections(policy)).toEqual(['ingress', 'egress']);
    expect(policyDirections(policy)).toEqual(['ingress', 'egress']);
    policy.spec.egress = [];
    expect(policyDirections(policy)).toEqual(['ingress']);
    (policy.spec as Record<string, unknown>).policyTypes = ['Egress'];
    expect(policyDirections(policy)).toEqual(['egress']);
  });
});

describe('the policies that select a Pod, remembered per Pod', () => {
  const db = podPeer('shop/db', { app: 'db' }, { containerPorts: [{ containerPort: 5432 }] });
  const api = podPeer('shop/api', { app: 'api' });

  it('the same Pod asked about again, by another client, gets the same answer', () => {
    const policies = complete(netpol('shop/db-from-api', { podSelector: { matchLabels: { app: 'db' } }, ingress: [{ from: [{ podSelector: { matchLabels: { app: 'api' } } }] }] }));
    expect(evaluateTraffic(policies, ask(api, db, 5432)).result).toBe('allowed');
    expect(evaluateTraffic(policies, ask(prometheus, db, 5432)).result).toBe('denied');
    expect(evaluateTraffic(policies, ask(api, db, 5432)).result).toBe('allowed');
  });

  it('is worked out again when a policy\'s podSelector is replaced, or its directions change', () => {
    const policy = netpol('shop/deny-db', { podSelector: { matchLabels: { app: 'db' } }, ingress: [] });
    const set = complete(policy);
    expect(evaluateTraffic(set, ask(api, db, 5432)).result).toBe('denied');
    (policy.spec as Record<string, unknown>).podSelector = { matchLabels: { app: 'other' } };
    expect(evaluateTraffic(set, ask(api, db, 5432)).result).toBe('allowed');
    (policy.spec as Record<string, unknown>).podSelector = { matchLabels: { app: 'db' } };
    expect(evaluateTraffic(set, ask(api, db, 5432)).result).toBe('denied');
    (policy.spec as Record<string, unknown>).policyTypes = ['Egress'];
    expect(evaluateTraffic(set, ask(api, db, 5432)).result).toBe('allowed');
    (policy.spec as Record<string, unknown>).policyTypes = ['Ingress'];
    expect(evaluateTraffic(set, ask(api, db, 5432)).result).toBe('denied');
  });

  it('another list of policies for the same Pod gets its own answer', () => {
    expect(evaluateTraffic(complete(), ask(api, db, 5432)).result).toBe('allowed');
    expect(evaluateTraffic(complete(netpol('shop/deny', { podSelector: {}, ingress: [] })), ask(api, db, 5432)).result).toBe('denied');
  });
});
