import { describe, expect, it } from 'vitest';
import { podSkeleton, SubtreeCache } from '../../src/model/pod-skeleton.js';
import type { Pod } from '../../src/model/k8s.js';

const replica = (name: string, patch: { app?: string; cpu?: string; image?: string; ready?: string } = {}): Pod =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'shop',
      uid: `uid-${name}`,
      labels: { app: patch.app ?? 'web', tier: 'front' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d9f', uid: 'rs-uid', controller: true }],
      creationTimestamp: '2026-11-30T10:00:00Z',
    },
    spec: {
      nodeName: 'node-1',
      containers: [{ name: 'app', image: patch.image ?? 'web:1', resources: { requests: { cpu: patch.cpu ?? '100m', memory: '64Mi' } }, env: [{ name: 'A', value: 'secret-value' }] }],
    },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: patch.ready ?? 'True', lastTransitionTime: `2026-11-30T10:0${name.length % 10}:00Z` }],
      containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: { running: { startedAt: `2026-11-30T10:00:0${name.length % 10}Z` } } }],
    },
  }) as unknown as Pod;

describe('podSkeleton with a SubtreeCache', () => {
  it('keeps what other rules read, and drops env', () => {
    const s = podSkeleton(replica('web-a'), (x) => x, new SubtreeCache()) as any;
    expect(s.metadata).toEqual(replica('web-a').metadata);
    expect(s.spec.containers).toEqual([{ name: 'app', image: 'web:1', resources: { requests: { cpu: '100m', memory: '64Mi' } } }]);
    expect(s.status.conditions).toEqual([{ type: 'Ready', status: 'True' }]);
  });

  it('shares the parts equal between replicas (labels, owners, containers, conditions), at every depth', () => {
    const cache = new SubtreeCache();
    const a = podSkeleton(replica('web-a'), (x) => x, cache) as any;
    const b = podSkeleton(replica('web-b'), (x) => x, cache) as any;
    expect(b.metadata.labels).toBe(a.metadata.labels);
    expect(b.metadata.ownerReferences).toBe(a.metadata.ownerReferences);
    expect(b.spec.containers).toBe(a.spec.containers);
    expect(b.spec.containers[0].resources.requests).toBe(a.spec.containers[0].resources.requests);
    expect(b.status.conditions).toBe(a.status.conditions);
    // the Pod's own values are its own
    expect(b.metadata.uid).toBe('uid-web-b');
    expect(b.metadata).not.toBe(a.metadata);
    expect(b.status.containerStatuses).not.toBe(a.status.containerStatuses);
  });

  it('does not share parts that differ in one value, deep down or by type (near misses)', () => {
    const cache = new SubtreeCache();
    const a = podSkeleton(replica('web-a'), (x) => x, cache) as any;
    const cpu = podSkeleton(replica('web-b', { cpu: '200m' }), (x) => x, cache) as any;
    expect(cpu.spec.containers).not.toBe(a.spec.containers);
    expect(cpu.spec.containers[0].resources.requests).toEqual({ cpu: '200m', memory: '64Mi' });
    expect(cpu.metadata.labels).toBe(a.metadata.labels);
    const label = podSkeleton(replica('web-c', { app: 'api' }), (x) => x, cache) as any;
    expect(label.metadata.labels).toEqual({ app: 'api', tier: 'front' });
    expect(label.metadata.labels).not.toBe(a.metadata.labels);
    const ready = podSkeleton(replica('web-d', { ready: 'False' }), (x) => x, cache) as any;
    expect(ready.status.conditions).toEqual([{ type: 'Ready', status: 'False' }]);
    const typed = replica('web-e') as any;
    typed.spec.containers[0].resources.requests.cpu = 1;
    const t = podSkeleton(typed, (x) => x, cache) as any;
    expect(t.spec.containers[0].resources.requests).toEqual({ cpu: 1, memory: '64Mi' });
    expect(t.spec.containers).not.toBe(a.spec.containers);
    // a key moved from one map to another is not the same part
    const moved = replica('web-f') as any;
    moved.metadata.labels = { app: 'web', tierx: 'front' };
    expect((podSkeleton(moved, (x) => x, cache) as any).metadata.labels).not.toBe(a.metadata.labels);
  });

  it('when the cache is full, parts are still copied correctly, only not shared', () => {
    const cache = new SubtreeCache(0);
    const a = podSkeleton(replica('web-a'), (x) => x, cache) as any;
    const b = podSkeleton(replica('web-b'), (x) => x, cache) as any;
    expect(b.metadata.labels).toEqual(a.metadata.labels);
    expect(b.metadata.labels).not.toBe(a.metadata.labels);
  });
});
