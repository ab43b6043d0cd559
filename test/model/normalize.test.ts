import { describe, expect, it } from 'vitest';
import { normalizeObject } from '../../src/model/normalize.js';
import { nestedDeeperThan } from '../../src/sources/build-snapshot.js';

const pod = (spec: unknown, metadata: unknown = { name: 'p' }): any => ({ apiVersion: 'v1', kind: 'Pod', metadata, spec });

describe('normalizeObject: lists', () => {
  it('keeps a list whose elements all have the right type as it is', () => {
    const containers = [{ name: 'a', image: 'x', command: ['sh', '-c', 'true'], ports: [{ containerPort: 80 }] }];
    const o = normalizeObject(pod({ containers }));
    expect(o.spec!.containers).toBe(containers);
    expect(o.spec!.containers![0]!.command).toBe(containers[0]!.command);
    expect(o.spec!.containers).toEqual([{ name: 'a', image: 'x', command: ['sh', '-c', 'true'], ports: [{ containerPort: 80 }] }]);
  });

  it('drops elements of the wrong type wherever they are in the list (near misses: first, middle, last)', () => {
    for (const [input, kept] of [
      [['x', { name: 'a' }], [{ name: 'a' }]],
      [[{ name: 'a' }, 7, { name: 'b' }], [{ name: 'a' }, { name: 'b' }]],
      [[{ name: 'a' }, null], [{ name: 'a' }]],
      [[{ name: 'a' }, undefined, { name: 5 }], [{ name: 'a' }, { name: '5' }]],
    ] as const) {
      const o = normalizeObject(pod({ containers: input }));
      expect(o.spec!.containers).toEqual(kept);
    }
  });

  it('drops the holes of a sparse list, as map and filter did', () => {
    // eslint-disable-next-line no-sparse-arrays
    const o = normalizeObject(pod({ containers: [{ name: 'a' }, , { name: 'b' }] }));
    expect(o.spec!.containers).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(Object.keys(o.spec!.containers!)).toEqual(['0', '1']);
  });

  it('turns numbers and booleans of a string list into strings and drops the rest; an all-string list is kept', () => {
    const finalizers = ['a', 'b'];
    expect(normalizeObject(pod({}, { name: 'p', finalizers })).metadata!.finalizers).toBe(finalizers);
    expect(normalizeObject(pod({}, { name: 'p', finalizers: ['a', 1, true, null, {}, 'b'] })).metadata!.finalizers).toEqual(['a', '1', 'true', 'b']);
    expect(normalizeObject(pod({}, { name: 'p', finalizers: [1] })).metadata!.finalizers).toEqual(['1']);
    expect(normalizeObject(pod({}, { name: 'p', finalizers: 'a' })).metadata).toEqual({ name: 'p' });
  });

  it('does not change a list it replaces (a YAML alias may share it with another field)', () => {
    const shared: unknown[] = ['a', 2];
    normalizeObject(pod({}, { name: 'p', finalizers: shared }));
    expect(shared).toEqual(['a', 2]);
  });
});

describe('normalizeObject: fields dropped', () => {
  it('a nested object loses a field of the wrong type (a condition\'s lastProbeTime: null, as kubectl prints it) and keeps the rest in order', () => {
    const condition = { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-11-30T10:00:00Z' };
    const o = normalizeObject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, status: { conditions: [condition] } } as any);
    const kept = o.status!.conditions![0]!;
    expect(Object.keys(kept)).toEqual(['type', 'status', 'lastTransitionTime']);
    expect(Object.hasOwn(kept, 'lastProbeTime')).toBe(false);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    // The object read is not changed: a YAML alias may share it.
    expect(condition.lastProbeTime).toBeNull();
  });

  it('a field named __proto__ in a nested object that loses another field stays a field, never the prototype', () => {
    const spec = JSON.parse('{"nodeName": 7.5e400, "__proto__": {"polluted": true}, "restartPolicy": "Never"}');
    const o = normalizeObject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec } as any);
    expect(Object.keys(o.spec!)).toEqual(['__proto__', 'restartPolicy']);
    expect(Object.getPrototypeOf(o.spec)).toBe(Object.prototype);
    expect((o.spec as any).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(o.spec, '__proto__')?.value).toEqual({ polluted: true });
  });

  it('a top-level field of the wrong type (every kubelet Event\'s eventTime: null): the object returned lacks it, the object read still has it', () => {
    const event = { apiVersion: 'v1', kind: 'Event', eventTime: null, metadata: { name: 'e' }, reason: 'Pulled' } as any;
    const kept = normalizeObject(event);
    expect(Object.keys(kept)).toEqual(['apiVersion', 'kind', 'metadata', 'reason']);
    expect(event.eventTime).toBeNull();
    const clean = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, reason: 'Pulled' };
    expect(normalizeObject(clean as any)).toBe(clean);
  });
});

describe('normalizeObject: Ingresses and IngressClasses', () => {
  const ingress = (spec: unknown): any => ({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'web', namespace: 'shop' }, spec });
  /** An object whose own keys are the prototype's names, each holding a number (String() of it throws). */
  const protoKeys = (): unknown => JSON.parse('{"__proto__": 80, "constructor": 80, "toString": 80, "valueOf": 80}');
  const backend = (port: unknown): unknown => ({ service: { name: 'web', port } });

  it('keeps an Ingress as the API server writes it: the same object, every backend and TLS entry', () => {
    const spec = {
      ingressClassName: 'nginx',
      defaultBackend: backend({ name: 'http' }),
      rules: [{ host: 'shop.example', http: { paths: [{ path: '/', pathType: 'Prefix', backend: backend({ number: 80 }) }] } }],
      tls: [{ hosts: ['shop.example'], secretName: 'shop-tls' }],
    };
    const o = ingress(spec);
    expect(normalizeObject(o)).toBe(o);
    expect(o.spec).toEqual(JSON.parse(JSON.stringify(spec)));
  });

  it.each([
    ['a backend port number that is an object with toString and valueOf keys', { rules: [{ http: { paths: [{ path: '/', backend: backend({ number: protoKeys() }) }] } }] }, { rules: [{ http: { paths: [{ path: '/', backend: { service: { name: 'web', port: {} } } }] } }] }],
    ['a backend port number written as a string (a name is a string, a number is not)', { defaultBackend: backend({ number: '80' }) }, { defaultBackend: { service: { name: 'web', port: {} } } }],
    ['a backend port name that is a list', { defaultBackend: backend({ name: ['http'] }) }, { defaultBackend: { service: { name: 'web', port: {} } } }],
    ['a backend Service name that is an object', { defaultBackend: { service: { name: protoKeys(), port: { number: 80 } } } }, { defaultBackend: { service: { port: { number: 80 } } } }],
    ['a TLS secretName that is an object, and a host that is a number (kept as its text)', { tls: [{ hosts: [7, 'a'], secretName: protoKeys() }] }, { tls: [{ hosts: ['7', 'a'] }] }],
    ['an ingressClassName that is an object', { ingressClassName: protoKeys(), rules: [] }, { rules: [] }],
    ['a path that is not an object, beside one that is', { rules: [{ http: { paths: ['/', { path: '/', backend: backend({ number: 80 }) }] } }] }, { rules: [{ http: { paths: [{ path: '/', backend: { service: { name: 'web', port: { number: 80 } } } }] } }] }],
  ])('drops %s, as if the field were absent', (_what, spec, kept) => {
    expect(normalizeObject(ingress(spec)).spec).toEqual(kept);
  });

  it('an IngressClass keeps a string controller and drops one of another type', () => {
    const cls = (controller: unknown): any => ({ apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name: 'nginx' }, spec: { controller } });
    expect(normalizeObject(cls('k8s.io/ingress-nginx')).spec).toEqual({ controller: 'k8s.io/ingress-nginx' });
    expect(normalizeObject(cls(protoKeys())).spec).toEqual({});
  });
});

describe('nestedDeeperThan', () => {
  const nest = (levels: number, inArrays = false): unknown => {
    let v: unknown = {};
    for (let i = 0; i < levels; i++) v = inArrays ? [v] : { a: v };
    return v;
  };
  it('counts levels of objects and arrays alike, exactly at the limit', () => {
    for (const inArrays of [false, true]) {
      expect(nestedDeeperThan(nest(10, inArrays), 10)).toBe(true);
      expect(nestedDeeperThan(nest(9, inArrays), 10)).toBe(false);
    }
    expect(nestedDeeperThan([1, 'x', null, { a: [{}] }], 3)).toBe(true);
    expect(nestedDeeperThan([1, 'x', null, { a: [{}] }], 4)).toBe(false);
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
  });
  it('measures input far deeper than the limit without overflowing the stack', () => {
    expect(nestedDeeperThan(nest(200_000), 256)).toBe(true);
    expect(nestedDeeperThan(nest(200_000, true), 256)).toBe(true);
  });
});
