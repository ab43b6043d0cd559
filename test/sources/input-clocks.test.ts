// Which input's clock an object is judged by: the input it was read from, the first one for the same kind,
// namespace and name. One input needs no entry per object (the Snapshot names its clock once); a second
// input gives the first one's objects their entries, so neither input's objects take the other's clock.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { SnapshotBuilder } from '../../src/sources/build-snapshot.js';
import { pod, T0 } from '../harness/builders.js';

const HOUR = 3_600_000;
const named = (name: string) => pod({ metadata: { name, uid: `uid-${name}` } });

/** The time each named Pod is judged at. */
function judgedAt(build: (b: SnapshotBuilder) => void): Record<string, number> {
  const b = new SnapshotBuilder();
  build(b);
  const s = b.finish();
  const e = new Engine(s);
  return Object.fromEntries(s.pods.map((p) => [p.metadata?.name, e.nowFor(p)]));
}

describe('input clocks', () => {
  it('one input: every object is judged by its clock, and no entry per object is kept', () => {
    const b = new SnapshotBuilder();
    b.beginInput('a.yaml', { at: T0 + HOUR, basis: 'mtime' });
    b.add(named('p1'));
    b.add(named('p2'));
    const s = b.finish();
    expect(s.meta.objectClock).toBeUndefined();
    expect(s.meta.clocks?.[s.meta.defaultClock!]?.source).toBe('a.yaml');
    const e = new Engine(s);
    expect(s.pods.map((p) => e.nowFor(p))).toEqual([T0 + HOUR, T0 + HOUR]);
  });

  it('two inputs: each object keeps its own input clock; the same object in both keeps the first one', () => {
    const at = judgedAt((b) => {
      b.beginInput('old.yaml', { at: T0 + 21 * HOUR, basis: 'mtime' });
      b.add(named('p1'));
      b.add(named('both'));
      b.beginInput('young.yaml', { at: T0 + HOUR, basis: 'mtime' });
      b.add(named('p2'));
      b.add(pod({ metadata: { name: 'both', uid: 'uid-other' } }));
    });
    expect(at).toEqual({ p1: T0 + 21 * HOUR, both: T0 + 21 * HOUR, p2: T0 + HOUR });
  });

  it('near miss: a second input that holds nothing still leaves the first one its clock', () => {
    const at = judgedAt((b) => {
      b.beginInput('a.yaml', { at: T0 + 2 * HOUR, basis: 'mtime' });
      b.add(named('p1'));
      b.beginInput('empty.yaml', { at: T0 + 5 * HOUR, basis: 'mtime' });
    });
    expect(at).toEqual({ p1: T0 + 2 * HOUR });
  });

  it('an object added before any input has no input clock; one added after has its input\'s', () => {
    const b = new SnapshotBuilder();
    b.add(named('early'));
    b.beginInput('a.yaml', { at: T0 + 3 * HOUR, basis: 'mtime' });
    b.add(named('late'));
    const s = b.finish();
    const e = new Engine(s);
    const byName = (name: string) => s.pods.find((p) => p.metadata?.name === name)!;
    expect(e.clockNote(byName('late'))).toMatch(/the modification time of a\.yaml/);
    expect(e.clockNote(byName('early')) ?? '').not.toMatch(/a\.yaml/);
    expect(e.clockTrusted(byName('early'))).toBe(true);
    expect(e.clockTrusted(byName('late'))).toBe(false);
  });

  it('an input without a clock (no file time, nothing timed in it) gives its objects none', () => {
    const b = new SnapshotBuilder();
    b.beginInput('memory');
    b.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' } });
    const s = b.finish();
    expect(s.meta.clocks).toEqual([]);
    expect(s.meta.defaultClock).toBeUndefined();
  });
});
