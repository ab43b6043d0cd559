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
