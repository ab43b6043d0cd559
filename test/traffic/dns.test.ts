// DNS from a Pod whose egress a policy isolates: UDP and TCP 53 to every cluster DNS Pod.
import { describe, expect, it } from 'vitest';
import { checkDns } from '../../src/traffic/policy/dns.js';
import { netpol, podPeer } from './builders.js';

const KUBE_SYSTEM = { 'kubernetes.io/metadata.name': 'kube-system' };
const coredns = (name: string) =>
  podPeer(`kube-system/${name}`, { 'k8s-app': 'kube-dns' }, {
    namespaceLabels: KUBE_SYSTEM,
    containerPorts: [{ name: 'dns', containerPort: 53, protocol: 'UDP' }, { name: 'dns-tcp', containerPort: 53, protocol: 'TCP' }, { name: 'metrics', containerPort: 9153 }],
  });
const servers = [coredns('coredns-1'), coredns('coredns-2')];
const app = podPeer('shop/api', { app: 'api' });
const toDns = (ports: object[]) => ({
  to: [{ namespaceSelector: { matchLabels: KUBE_SYSTEM }, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }],
  ports,
});
const egress = (...rules: object[]) => netpol('shop/egress', { podSelector: {}, egress: rules, policyTypes: ['Egress'] });
const set = (...policies: ReturnType<typeof netpol>[]) => ({ policies, complete: true });

describe('checkDns', () => {
  it('no egress isolation: DNS is open both ways', () => {
    const c = checkDns(set(), app, servers);
    expect(c.egressIsolated).toBe(false);
    expect([c.udp.verdict.result, c.tcp.verdict.result]).toEqual(['allowed', 'allowed']);
  });

  it('egress default-deny without a DNS rule: both denied, by that policy', () => {
    const c = checkDns(set(egress()), app, servers);
    expect(c.egressIsolated).toBe(true);
    expect(c.udp.verdict.result).toBe('denied');
    expect(c.udp.server).toBe('kube-system/coredns-1');
    expect(c.udp.verdict.egress?.nearMisses).toEqual([{ policy: 'shop/egress', rule: -1, why: 'has no egress rules: it admits nothing' }]);
    expect(c.tcp.verdict.result).toBe('denied');
  });

  it('a rule for UDP 53 only: UDP allowed, TCP denied with the port named', () => {
    const c = checkDns(set(egress(toDns([{ port: 53, protocol: 'UDP' }]))), app, servers);
    expect(c.udp.verdict.result).toBe('allowed');
    expect(c.udp.perServer.map((s) => s.verdict.result)).toEqual(['allowed', 'allowed']);
    expect(c.tcp.verdict.result).toBe('denied');
    expect(c.tcp.verdict.egress?.nearMisses?.[0]?.why).toBe('port 53/TCP not in [53/UDP]');
  });

  it('named DNS ports resolve against the DNS Pods (the destination), for egress too', () => {
    const c = checkDns(set(egress(toDns([{ port: 'dns', protocol: 'UDP' }, { port: 'dns-tcp' }]))), app, servers);
    expect([c.udp.verdict.result, c.tcp.verdict.result]).toEqual(['allowed', 'allowed']);
  });

  it('a rule whose namespaceSelector the DNS namespace does not carry denies, and says which label', () => {
    const wrong = { to: [{ namespaceSelector: { matchLabels: { name: 'kube-system' } } }], ports: [{ port: 53, protocol: 'UDP' }, { port: 53 }] };
    const c = checkDns(set(egress(wrong)), app, servers);
    expect(c.udp.verdict.egress?.nearMisses?.[0]?.why).toBe('namespace kube-system lacks label name=kube-system');
  });

  it('one DNS Pod refused (its own ingress policy) fails some lookups: the worst verdict is reported', () => {
    const shut = netpol('kube-system/deny-one', { podSelector: { matchLabels: { 'k8s-app': 'kube-dns', shard: 'b' } }, policyTypes: ['Ingress'] });
    const b = { ...coredns('coredns-2'), labels: { 'k8s-app': 'kube-dns', shard: 'b' } };
    const c = checkDns(set(shut), app, [coredns('coredns-1'), b]);
    expect(c.udp.verdict.result).toBe('denied');
    expect(c.udp.server).toBe('kube-system/coredns-2');
    expect(c.udp.verdict.ingress?.selectingPolicies).toEqual(['kube-system/deny-one']);
  });

  it('DNS namespace labels not read: unknown, not denied', () => {
    const byTeam = { to: [{ namespaceSelector: { matchLabels: { team: 'platform' } } }] };
    const unread = servers.map((s) => ({ ...s, namespaceLabels: undefined }));
    expect(checkDns(set(egress(byTeam)), app, unread).udp.verdict.result).toBe('unknown');
  });

  it('no DNS Pods in the input: unknown, saying so', () => {
    const c = checkDns(set(egress()), app, []);
    expect(c.udp.verdict.result).toBe('unknown');
    expect(c.udp.verdict.egress).toMatchObject({ isolated: true, selectingPolicies: ['shop/egress'], unknownBecause: ['no cluster DNS Pods in the input'] });
  });

  it('a node-local DNS cache address is checked as an address (ipBlock)', () => {
    const local = { to: [{ ipBlock: { cidr: '169.254.20.10/32' } }], ports: [{ port: 53, protocol: 'UDP' }, { port: 53, protocol: 'TCP' }] };
    const c = checkDns(set(egress(local)), app, [{ kind: 'ip', ip: '169.254.20.10' }]);
    expect([c.udp.verdict.result, c.tcp.verdict.result]).toEqual(['allowed', 'allowed']);
  });
});
