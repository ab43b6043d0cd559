// node-versions: node:zlib's deflate and inflate of the stored diagnoses
// The streamed scan keeps each Pod's diagnosis as compact JSON in deflated batches: every text must come
// back exactly, in any order of reads (workload rows read their Pods' out of order), including the batch
// not yet compressed.
import { describe, expect, it } from 'vitest';
import { DiagnosisStore } from '../../src/engine/diagnosis-store.js';

describe('DiagnosisStore', () => {
  it('gives back every text, read in order, backwards and at random, across more batches than it caches', () => {
    const store = new DiagnosisStore();
    const texts = Array.from({ length: 256 * 12 + 100 }, (_, i) => JSON.stringify({ i, name: `app-${i}`, message: 'line one\nline two \u2028 ✓ 容器', n: i % 7 }));
    const ids = texts.map((t) => store.add(t));
    expect(new Set(ids).size).toBe(texts.length);
    for (let i = 0; i < texts.length; i++) expect(store.get(ids[i]!)).toBe(texts[i]);
    for (let i = texts.length - 1; i >= 0; i--) expect(store.get(ids[i]!)).toBe(texts[i]);
    let seed = 7;
    for (let k = 0; k < 5000; k++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const i = seed % texts.length;
      expect(store.get(ids[i]!)).toBe(texts[i]);
    }
  });

  it('holds repetitive diagnoses in a fraction of their size', () => {
    const store = new DiagnosisStore();
    let size = 0;
    for (let i = 0; i < 256 * 8; i++) {
      const text = JSON.stringify({ pod: { namespace: `ns-${i >> 10}`, name: `app-${i}-7d9f5c6b8` }, status: 'healthy', summary: 'All containers are running and ready', stages: ['scheduling', 'kubelet', 'volume', 'cni', 'image', 'container', 'readiness'].map((stage) => ({ stage, state: 'passed' })) });
      size += text.length;
      store.add(text);
    }
    expect(store.bytes).toBeLessThan(size / 8);
  });
});
