// The streamed scan (Pods diagnosed page by page, only skeletons and compact diagnoses kept) must give the
// same items, in the same order, as diagnoseAll over a snapshot that holds every whole object.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseAll } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { PodStream } from '../../src/engine/pod-stream.js';
import { EventIndex } from '../../src/model/events.js';
import type { Snapshot } from '../../src/model/snapshot.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../../fixtures');
const files = ['real', 'synthetic', 'examples'].flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(ROOT, d, f)));
const NOW = Date.parse('2026-12-01T12:00:00Z');

function streamed(snapshot: Snapshot, page: number, options = {}): { items: unknown[]; stream: PodStream } {
  const context: Snapshot = { ...snapshot, pods: [], events: [] };
  const stream = new PodStream(context, new EventIndex(snapshot.events), options);
  for (let i = 0; i < snapshot.pods.length; i += page) stream.add(snapshot.pods.slice(i, i + page));
  return { items: stream.finish().map((i) => i.diagnosis()), stream };
}

const plain = (snapshot: Snapshot, options = {}): unknown[] => JSON.parse(JSON.stringify(diagnoseAll(new Engine(snapshot, options))));

describe('streamed diagnosis equals the whole-snapshot diagnosis', () => {
  it.each(files.map((f) => [f.slice(ROOT.length + 1), f]))('%s', (_name, file) => {
    const expected = plain(readDumps([file]).snapshot);
    // A fresh read: the streamed path must not depend on what the plain path computed or cached.
    const { items } = streamed(readDumps([file]).snapshot, 2);
    expect(items).toEqual(expected);
  });

  it('over every fixture read as one snapshot (Pods that read the other Pods are diagnosed again at the end)', () => {
    const options = { now: NOW };
    const expected = plain(readDumps(files).snapshot, options);
    const { items, stream } = streamed(readDumps(files).snapshot, 7, options);
    expect(items).toEqual(expected);
    expect(items.length).toBeGreaterThan(files.length);
    // The re-diagnosis path is exercised: some Pods' rules read the other Pods (node capacity, Services' near misses).
    expect(stream.deferred).toBeGreaterThan(0);
    expect(stream.deferred).toBeLessThan(stream.size);
  });

  it('keeps each Pod once when it arrives twice (one dump, two files)', () => {
    const file = files.find((f) => f.endsWith('shop.yaml'))!;
    const snapshot = readDumps([file]).snapshot;
    const twice: Snapshot = { ...snapshot, pods: [...snapshot.pods, ...snapshot.pods.map((p) => structuredClone(p))] };
    expect(streamed(twice, 3).items).toEqual(plain(snapshot));
  });

  it('at scale: 3,000 generated Pods with their Deployments and ReplicaSets (many compressed batches, shared skeleton parts, workload rows)', async () => {
    const gen = (await import(pathToFileURL(resolve(import.meta.dirname, '../../bench/generate.mjs')).href)) as { generateObjects: (n: number) => Record<string, unknown[]> };
    const { pods, events, nodes, deployments, replicaSets } = gen.generateObjects(3000);
    const objects = [{ kind: 'List', items: [...pods!, ...events!, ...nodes!, ...deployments!, ...replicaSets!] }];
    const options = { now: Date.parse('2026-11-30T10:02:00Z') };
    const expected = plain(snapshotFromObjects(objects), options);
    const { items, stream } = streamed(snapshotFromObjects(objects), 500, options);
    expect(items).toEqual(expected);
    // Workload rows lead the list; some Pods waited for the whole list (node capacity).
    expect((expected[0] as { workload?: unknown }).workload).toBeDefined();
    expect(stream.deferred).toBeGreaterThan(0);
  }, 120_000);
});
