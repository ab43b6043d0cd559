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
    const s = snapshotWith([ns('shop'), ns('extra')]);
    expect(() => defaultServiceClients(s, 'shop', [backend], [odd])).not.toThrow();
  });
});
