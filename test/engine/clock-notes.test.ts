// Every report says which clock it measured ages from, and why (#10): Pod and workload diagnoses, the
// list reports of scan/analyze, and live reads (this machine's clock when the cluster was read).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import type { Snapshot } from '../../src/model/snapshot.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import { node, T0 } from '../harness/builders.js';
import { runningPod } from '../rules/container/crashing.js';

const REAL = resolve(import.meta.dirname, '../../fixtures/real');
const LIVE = /^ages measured from 2026-11-30T10:00:00Z, this machine's clock when kdiag read the cluster/;

/** What the cluster source hands the engine: objects read live (`cluster:<context>`), no per-input clocks. */
function liveSnapshot(): Snapshot {
  const s = snapshotFromObjects([runningPod(), node()], 'cluster:kind-test');
  delete s.meta.clocks;
  delete s.meta.objectClock;
  s.meta.capturedAt = new Date(T0 + 123).toISOString(); // a wall clock has milliseconds
  return s;
}

/** Any diagnosis: a list report with one item measures ages. */
function d0() {
  const s = snapshotFromObjects([runningPod(), node()]);
  return new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!);
}

describe('clock notes', () => {
  it('a live Pod diagnosis names this machine\'s clock, to the second', () => {
    const s = liveSnapshot();
    const d = new Engine(s).diagnosePod(s.pods[0]!);
    expect(d.notes.join('\n')).toMatch(LIVE);
    expect(d.observedAt).toBe('2026-11-30T10:00:00Z');
  });

  it('a live re-diagnosis at a given time (gate, --watch) names this machine\'s clock too', () => {
    const s = liveSnapshot();
    expect(new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!).notes.join('\n')).toMatch(LIVE);
  });

  it('live list reports (scan) carry the note once', () => {
    expect(new Engine(liveSnapshot()).listMeta([d0()]).notes.filter((n) => LIVE.test(n))).toHaveLength(1);
  });

  it('a workload diagnosis from a dump names that dump\'s recorded capture time', () => {
    const { snapshot } = readDumps([resolve(REAL, 'readiness-service-no-endpoints.yaml')]);
    const engine = new Engine(snapshot);
    const items = engine.workloads().flatMap((w) => engine.diagnoseWorkload(w) ?? []);
    expect(items.length).toBeGreaterThan(0);
    for (const d of items) expect(d.notes.join('\n')).toMatch(/^ages measured from \S+Z, the capture time recorded in .*readiness-service-no-endpoints\.yaml$/m);
  });

  it('a list report over two dumps names each dump\'s clock once; --now names itself once', () => {
    const files = ['healthy-ready.yaml', 'image-tls-untrusted.yaml'].map((f) => resolve(REAL, f));
    const { snapshot } = readDumps(files);
    const notes = new Engine(snapshot).listMeta([d0()]).notes.filter((n) => n.startsWith('ages measured from'));
    expect(notes).toEqual([
      `ages measured from 2026-11-30T01:45:22Z, the capture time recorded in ${files[0]}`,
      `ages measured from 2026-12-01T13:31:50Z, the capture time recorded in ${files[1]}`,
    ]);
    expect(new Engine(snapshot, { now: T0, nowReason: 'given with --now' }).listMeta([d0()]).notes.filter((n) => n.startsWith('ages measured from'))).toEqual(['ages measured from 2026-11-30T10:00:00Z, given with --now']);
  });

  it('an empty list report claims no clock (nothing was aged)', () => {
    expect(new Engine(liveSnapshot()).listMeta([]).notes).toEqual([]);
  });

  it('builder snapshots judged at a fixed time with no reason (tests) claim no clock', () => {
    const s = snapshotFromObjects([runningPod(), node()]);
    expect(new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!).notes.join('\n')).not.toMatch(/this machine's clock/);
  });
});
