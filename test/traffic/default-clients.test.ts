// A Service's default clients: its own namespace, every namespace with Pods in the input, and every Namespace a
// namespaceSelector of a policy selecting the backends matches (or names by a label's value). The Namespaces a
// selector matches are remembered per list of Namespaces and selector: a list that grows is asked again, and
// another snapshot's list never gets this one's answer.
import { describe, expect, it } from 'vitest';
import { emptySnapshot, type Snapshot } from '../../src/model/snapshot.js';
import type { KObject, Pod } from '../../src/model/k8s.js';
import { defaultServiceClients } from '../../src/traffic/path/clients.js';
import { obj, pod } from '../harness/builders.js';

const ns = (name: string, labels: Record<string, string> = {}): KObject => obj('Namespace', name, { metadata: { namespace: undefined, labels } }) as KObject;
const backend = pod({ metadata: { name: 'web-0', namespace: 'shop', labels: { app: 'web' } } }) as Pod;
const policy = obj('NetworkPolicy', 'allow-obs', {
  metadata: { namespace: 'shop' },
  spec: { podSelector: { matchLabels: { app: 'web' } }, ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: 'obs' } } }, { namespaceSelector: { matchLabels: { name: 'extra' } } }] }] },
}, 'networking.k8s.io/v1') as KObject;

function snapshotWith(namespaces: KObject[]): Snapshot {
  const s = emptySnapshot();
  s.pods.push(backend);
  s.namespaces.push(...namespaces);
  s.networkPolicies.push(policy);
  return s;
}

const clientNames = (s: Snapshot): string[] => defaultServiceClients(s, 'shop', [backend], [policy]).map((c) => c.name);

describe('default clients of a Service', () => {
  it('its namespace first, then the Namespaces a selector matches and the one a label value names', () => {
    const s = snapshotWith([ns('shop'), ns('monitoring', { team: 'obs' }), ns('batch', { team: 'obs' }), ns('extra'), ns('other', { team: 'dev' })]);
    expect(clientNames(s)).toEqual(['shop', 'batch', 'extra', 'monitoring']);
  });

  it('near miss: a Namespace whose label differs is not asked about', () => {
    const s = snapshotWith([ns('shop'), ns('monitoring', { team: 'ops' })]);
    expect(clientNames(s)).toEqual(['shop']);
  });

  it('the same selector over another snapshot\'s Namespaces gets that snapshot\'s answer', () => {
    expect(clientNames(snapshotWith([ns('shop'), ns('monitoring', { team: 'obs' })]))).toEqual(['shop', 'monitoring']);
    expect(clientNames(snapshotWith([ns('shop'), ns('logging', { team: 'obs' })]))).toEqual(['shop', 'logging']);
  });

  it('a list of Namespaces that grew (a live snapshot) is asked again', () => {
    const s = snapshotWith([ns('shop'), ns('monitoring', { team: 'obs' })]);
    expect(clientNames(s)).toEqual(['shop', 'monitoring']);
    s.namespaces.push(ns('tracing', { team: 'obs' }));
    expect(clientNames(s)).toEqual(['shop', 'monitoring', 'tracing']);
  });

  it('a selector that is not a mapping (a hand-edited dump) is read as before, and not remembered', () => {
    const odd = obj('NetworkPolicy', 'odd', { metadata: { namespace: 'shop' }, spec: { podSelector: {}, ingress: [{ from: [{ namespaceSelector: { matchLabels: 'extra' } }] }] } }, 'networking.k8s.io/v1') as KObject;
    const s = snapshotWith([ns('shop'), ns('extra'), ns('e')]);
    // A string's entries are its characters ('0' → 'e', …): the Namespace named 'e' is asked about, twice alike.
    expect(defaultServiceClients(s, 'shop', [backend], [odd]).map((c) => c.name)).toEqual(['shop', 'e']);
    expect(defaultServiceClients(s, 'shop', [backend], [odd]).map((c) => c.name)).toEqual(['shop', 'e']);
  });
});

describe('a namespace standing for its clients', () => {
  // The rule as first written: the input's Pods in order, skipping the excluded and the finished, the first
  // Pod of each label set, at most 50 label sets.
  function reference(pods: Pod[], exclude: ReadonlySet<string>): string[] {
    const distinct = new Map<string, string>();
    for (const p of pods) {
      if (distinct.size >= 50) break;
      if (exclude.has(p.metadata?.name ?? '') || p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed') continue;
      const key = JSON.stringify(Object.entries(p.metadata?.labels ?? {}).sort());
      if (!distinct.has(key)) distinct.set(key, p.metadata?.name ?? '');
    }
    return [...distinct.values()];
  }

  it('by the first Pod of each label set that is not excluded, in the input\'s order, on generated namespaces', () => {
    let seed = 11;
    const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const phases = ['Running', 'Running', 'Pending', 'Succeeded', 'Failed'];
    for (let round = 0; round < 200; round++) {
      const sets = 1 + rand(round % 10 === 0 ? 80 : 6);
      const pods = Array.from({ length: 1 + rand(120) }, (_, i) => pod({ metadata: { name: `p-${i}`, namespace: 'team', uid: `u-${round}-${i}`, labels: { app: `a${rand(sets)}`, ...(rand(3) === 0 ? { tier: 'x' } : {}) } }, status: { phase: phases[rand(phases.length)] } }) as Pod);
      const s = emptySnapshot();
      s.pods.push(...pods);
      const exclude = new Set(pods.filter(() => rand(4) === 0).map((p) => p.metadata?.name ?? ''));
      const client = defaultServiceClients(s, 'team', pods.filter((p) => exclude.has(p.metadata?.name ?? '')), []).find((c) => c.name === 'team')!;
      const want = reference(pods, exclude);
      expect(client.peers.map((p) => p.name), `round ${round}`).toEqual(want.length > 0 ? want : ['']);
      // The same namespace asked again with nothing excluded: the whole namespace's answer.
      const whole = defaultServiceClients(s, 'other', [], []).find((c) => c.name === 'team')!;
      const all = reference(pods, new Set());
      expect(whole.peers.map((p) => p.name)).toEqual(all.length > 0 ? all : ['']);
    }
  });
});
