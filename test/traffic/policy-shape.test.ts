// A NetworkPolicy whose fields are not of the API's types is not evaluated (its namespace's verdicts are
// unknown), never crashed on, never read with the bad field left out (which would widen what it admits).
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import { namedClient } from '../../src/traffic/path/clients.js';
import { servicePath } from '../../src/traffic/path/service-path.js';
import { policySet } from '../../src/traffic/path/view.js';
import { evaluateTraffic } from '../../src/traffic/policy/evaluate.js';
import { unreadableField } from '../../src/traffic/policy/policy-shape.js';
import type { KObject } from '../../src/model/k8s.js';
import { markComplete } from '../../src/model/snapshot.js';
import { ask, netpol, podPeer } from './builders.js';

/** Own keys named after the prototype's methods, holding a number: String() and `${}` of it throw. */
const protoKeys = (): unknown => JSON.parse('{"__proto__": 80, "toString": 80, "valueOf": 80}');
const realDir = resolve(import.meta.dirname, '../../fixtures/real');

describe('unreadableField', () => {
  it('every NetworkPolicy captured from the real test cluster is readable', () => {
    const policies = readDumps(readdirSync(realDir).filter((f) => f.startsWith('traffic-')).map((f) => resolve(realDir, f))).snapshot.networkPolicies;
    expect(policies.length).toBeGreaterThan(3);
    expect(policies.map((p) => unreadableField(p) ?? 'readable')).toEqual(policies.map(() => 'readable'));
  });

  it.each([
    ['a default deny (empty podSelector, no rules)', { podSelector: {}, policyTypes: ['Ingress'] }],
    ['a spec without podSelector (as if empty)', { ingress: [{}] }],
    ['null where a field may be absent', { podSelector: null, ingress: [{ from: null, ports: null }] }],
    ['a named port, a numbered port with endPort, every peer kind', { podSelector: { matchLabels: { app: 'web' } }, ingress: [{ from: [{ namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['a'] }] }, podSelector: {} }, { ipBlock: { cidr: '10.0.0.0/8', except: ['10.1.0.0/16'] } }], ports: [{ port: 'http' }, { protocol: 'TCP', port: 8000, endPort: 8080 }] }] }],
  ])('readable: %s', (_what, spec) => {
    expect(unreadableField(netpol('shop/p', spec))).toBeUndefined();
  });

  it.each([
    ['a port that is an object with toString and valueOf keys', { ingress: [{ ports: [{ port: protoKeys() }] }] }, 'spec.ingress[0].ports[0].port'],
    ['a protocol that is an object', { egress: [{ ports: [{ protocol: protoKeys() }] }] }, 'spec.egress[0].ports[0].protocol'],
    ['a port that is not a whole number', { ingress: [{ ports: [{ port: 80.5 }] }] }, 'spec.ingress[0].ports[0].port'],
    ['an endPort written as a string', { ingress: [{ ports: [{ port: 80, endPort: '90' }] }] }, 'spec.ingress[0].ports[0].endPort'],
    ['a peer that is null (not the same as no peers)', { ingress: [{ from: [{ podSelector: {} }, null] }] }, 'spec.ingress[0].from[1]'],
    ['a matchLabels value that is an object', { ingress: [{ from: [{ namespaceSelector: { matchLabels: { name: protoKeys() } } }] }] }, 'spec.ingress[0].from[0].namespaceSelector.matchLabels.name'],
    ['a matchLabels value that is a number (YAML without quotes)', { podSelector: { matchLabels: { version: 1 } } }, 'spec.podSelector.matchLabels.version'],
    ['an expression without a key', { podSelector: { matchExpressions: [{ operator: 'Exists' }] } }, 'spec.podSelector.matchExpressions[0].key'],
    ['an ipBlock cidr that is a list', { egress: [{ to: [{ ipBlock: { cidr: ['10.0.0.0/8'] } }] }] }, 'spec.egress[0].to[0].ipBlock.cidr'],
    ['rules that are one object, not a list', { ingress: { from: [] } }, 'spec.ingress'],
    ['policyTypes holding a number', { policyTypes: ['Ingress', 1] }, 'spec.policyTypes[1]'],
    ['a spec that is a string', 'deny', 'spec'],
  ])('unreadable: %s', (_what, spec, field) => {
    expect(unreadableField(netpol('shop/p', spec as Record<string, unknown>))).toBe(field);
  });
});

describe('a Service path where a NetworkPolicy of the namespace cannot be read (real capture: default deny, a namespaceSelector on a label the namespace lacks, the namespace itself admitted)', () => {
  const load = () => readDumps([resolve(realDir, 'traffic-policy-denies.yaml')]).snapshot;
  const policy = (snap: ReturnType<typeof load>, name: string) => snap.networkPolicies.find((p) => p.metadata?.name === name) as { spec: { ingress: Array<{ ports: Array<Record<string, unknown>> }> } };
  const pathFrom = (snap: ReturnType<typeof load>, namespace: string) => servicePath(snap, snap.services.find((s) => s.metadata?.name === 'web')!, { lang: 'en', client: namedClient(snap, { kind: 'namespace', name: namespace }, new Set()) });

  it('the client it would have kept out: unknown, not denied and not allowed, with a note naming the policy and its field', () => {
    const snap = load();
    policy(snap, 'allow-monitoring').spec.ingress[0]!.ports[0]!.port = protoKeys();
    const path = pathFrom(snap, 'kdiag-traffic-monitoring');
    expect(path.hops.find((h) => h.hop === 'network-policy')?.state).toBe('unknown');
    expect(path.clients).toEqual([expect.objectContaining({ result: 'unknown' })]);
    expect(path.findings.filter((f) => f.rule === 'traffic/policy-denies')).toEqual([]);
    expect(path.notes.join('\n')).toContain('not evaluated (the network policy hop is unknown where they could decide it): kdiag-traffic-policy-denies/allow-monitoring (spec.ingress[0].ports[0].port)');
  });

  it('near miss: a client another policy admits is still admitted (policies add up)', () => {
    const snap = load();
    policy(snap, 'allow-monitoring').spec.ingress[0]!.ports[0]!.port = protoKeys();
    const path = pathFrom(snap, 'kdiag-traffic-policy-denies');
    expect(path.clients).toEqual([expect.objectContaining({ result: 'allowed' })]);
    expect(path.hops.find((h) => h.hop === 'network-policy')?.state).toBe('passed');
  });

  it('near miss: every policy readable: the client is denied as before, and no such note', () => {
    const path = pathFrom(load(), 'kdiag-traffic-monitoring');
    expect(path.clients).toEqual([expect.objectContaining({ result: 'denied' })]);
    expect(path.notes.join('\n')).not.toContain('not of its API type');
  });
});

describe('the evaluator with a policy it could not read: unknown only where that policy could decide', () => {
  // The input held every NetworkPolicy of the cluster (`kubectl get netpol -A`): what no policy selects is decided.
  const setOf = (...policies: KObject[]) => {
    const snapshot = snapshotFromObjects([{ apiVersion: 'v1', kind: 'List', items: policies }]);
    markComplete(snapshot.meta, 'NetworkPolicy', 'all');
    return policySet(snapshot);
  };
  const web = podPeer('shop/web', { app: 'web' }, { containerPorts: [{ name: 'http', containerPort: 8080 }] });
  const api = podPeer('shop/api', { app: 'api' });
  const elsewhere = podPeer('other/client', { app: 'client' });
  const badIngress = netpol('shop/bad-ingress', { podSelector: { matchLabels: { app: 'web' } }, ingress: [{ ports: [{ port: protoKeys() }] }] });

  it('the policy is left out of the set and listed with its field and part', () => {
    const set = setOf(badIngress);
    expect(set.policies).toEqual([]);
    expect(set.unreadable?.map(({ namespace, name, field, part }) => ({ namespace, name, field, part }))).toEqual([{ namespace: 'shop', name: 'bad-ingress', field: 'spec.ingress[0].ports[0].port', part: 'ingress' }]);
  });

  it('bad ingress rules: ingress to a Pod it selects is unknown, naming the policy and the field', () => {
    const v = evaluateTraffic(setOf(badIngress), ask(elsewhere, web, 8080));
    expect(v.result).toBe('unknown');
    expect(v.ingress?.unknownBecause).toEqual(['NetworkPolicy shop/bad-ingress not evaluated: spec.ingress[0].ports[0].port is not of its type']);
  });

  it('near misses: ingress to a Pod it does not select, and egress from a Pod it selects, are decided as without it', () => {
    expect(evaluateTraffic(setOf(badIngress), ask(elsewhere, api, 8080)).result).toBe('allowed');
    expect(evaluateTraffic(setOf(badIngress), ask(web, elsewhere, 53)).result).toBe('allowed');
  });

  it('a readable policy that admits the client still admits it (policies add up); one that denies is no longer certain', () => {
    const admits = netpol('shop/admit', { podSelector: { matchLabels: { app: 'web' } }, ingress: [{ from: [{ namespaceSelector: {} }] }] });
    expect(evaluateTraffic(setOf(badIngress, admits), ask(elsewhere, web, 8080)).result).toBe('allowed');
    const denies = netpol('shop/deny', { podSelector: {}, policyTypes: ['Ingress'] });
    expect(evaluateTraffic(setOf(denies), ask(elsewhere, web, 8080)).result).toBe('denied');
    expect(evaluateTraffic(setOf(denies, badIngress), ask(elsewhere, web, 8080)).result).toBe('unknown');
  });

  it('a selector it could not read: every Pod of its namespace is unknown both ways; another namespace is not', () => {
    const badSelector = netpol('shop/bad-selector', { podSelector: { matchLabels: { app: protoKeys() } } });
    expect(evaluateTraffic(setOf(badSelector), ask(elsewhere, api, 8080)).result).toBe('unknown');
    expect(evaluateTraffic(setOf(badSelector), ask(api, elsewhere, 8080)).result).toBe('unknown');
    expect(evaluateTraffic(setOf(badSelector), ask(elsewhere, podPeer('other/server', {}), 8080)).result).toBe('allowed');
  });

  it('egress rules that are not a list, without policyTypes: egress from a Pod it selects is unknown (whether it isolates egress cannot be told)', () => {
    const badEgress = netpol('shop/bad-egress', { podSelector: { matchLabels: { app: 'web' } }, egress: { to: [] } });
    expect(evaluateTraffic(setOf(badEgress), ask(web, elsewhere, 53)).result).toBe('unknown');
    expect(evaluateTraffic(setOf(badEgress), ask(api, elsewhere, 53)).result).toBe('allowed');
  });
});
