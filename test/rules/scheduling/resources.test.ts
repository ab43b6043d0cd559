// The resource arithmetic behind the scheduling messages (helpers/resources.ts), including the path
// where the cluster view exposes the other Pods and free capacity per node can be computed.
import { describe, expect, it } from 'vitest';
import { SnapshotIndex } from '../../../src/model/facts.js';
import type { Node, Pod } from '../../../src/model/k8s.js';
import { clusterPods, nodeResources, podRequests } from '../../../src/rules/helpers/resources.js';
import rule from '../../../src/rules/scheduling/insufficient-resources.js';
import { DEFAULT_RULE_OPTIONS } from '../../../src/rules/types.js';
import { snapshotFromObjects } from '../../../src/sources/dump.js';
import { node, pod, T0 } from '../../harness/builders.js';
import { tail, unschedulable } from './pending.js';

const c = (name: string, requests: Record<string, string>, extra: Record<string, unknown> = {}) => ({ name, image: 'x', resources: { requests }, ...extra });

describe('podRequests', () => {
  it('sums app containers and takes limits for missing requests', () => {
    const p = { spec: { containers: [c('a', { cpu: '250m' }), { name: 'b', image: 'x', resources: { limits: { cpu: '1', memory: '1Gi' } } }] } } as Pod;
    expect(podRequests(p)).toEqual({ cpu: 1.25, memory: 2 ** 30 });
  });
  it('takes the larger of init containers and app + sidecars, sidecars counted before later init containers', () => {
    const p = {
      spec: {
        initContainers: [c('setup', { cpu: '2' }), c('proxy', { cpu: '500m' }, { restartPolicy: 'Always' }), c('migrate', { cpu: '3' })],
        containers: [c('app', { cpu: '1' })],
      },
    } as Pod;
    // setup alone 2; proxy 0.5; migrate 3 + proxy 0.5 = 3.5; app 1 + proxy 0.5 = 1.5 → 3.5
    expect(podRequests(p).cpu).toBeCloseTo(3.5);
  });
  it('adds overhead and honours pod-level requests', () => {
    const p = { spec: { resources: { requests: { cpu: '2' } }, overhead: { cpu: '100m' }, containers: [c('app', { cpu: '1', memory: '1Gi' })] } } as unknown as Pod;
    expect(podRequests(p).cpu).toBeCloseTo(2.1);
    expect(podRequests(p).memory).toBe(2 ** 30);
  });
});

describe('nodeResources', () => {
  const nodes = [node({ metadata: { name: 'node-1' } }), node({ metadata: { name: 'node-2' }, spec: { unschedulable: true } })] as Node[];
  it('is allocatable only when the other Pods are not known', () => {
    const r = nodeResources(nodes);
    expect(r[0]!.free.cpu).toBe(4);
    expect(r[0]!.requested).toBeUndefined();
    expect(r[1]!.unschedulable).toBe(true);
  });
  it('subtracts the requests of non-terminal Pods bound to the node', () => {
    const running = pod({ spec: { containers: [c('app', { cpu: '3' })] }, status: { phase: 'Running' } }) as Pod;
    const done = pod({ spec: { containers: [c('app', { cpu: '2' })] }, status: { phase: 'Succeeded' } }) as Pod;
    const r = nodeResources(nodes, [running, done]);
    expect(r[0]!.free.cpu).toBeCloseTo(1);
    expect(r[0]!.free.pods).toBe(109);
    expect(r[0]!.podCount).toBe(1);
  });
});

describe('insufficient-resources with the other Pods visible', () => {
  it('names the node with the most free capacity', () => {
    const pending = unschedulable(`0/2 nodes are available: 2 Insufficient cpu.${tail(2, 0, 2)}`, { spec: { containers: [c('app', { cpu: '2' })] } });
    const busy = pod({ metadata: { name: 'other-1' }, spec: { nodeName: 'node-1', containers: [c('app', { cpu: '3500m' })] }, status: { phase: 'Running' } });
    const busier = pod({ metadata: { name: 'other-2' }, spec: { nodeName: 'node-2', containers: [c('app', { cpu: '3800m' })] }, status: { phase: 'Running' } });
    const snapshot = snapshotFromObjects([pending, busy, busier, node({ metadata: { name: 'node-1' } }), node({ metadata: { name: 'node-2' } })]);
    const index = new SnapshotIndex(snapshot);
    const cluster = { nodes: snapshot.nodes, pods: snapshot.pods, get: index.get.bind(index), list: index.list.bind(index), saw: index.saw.bind(index) };
    expect(clusterPods(cluster, 'shop')).toHaveLength(3);
    const [f] = rule.match({ pod: index.podFacts(snapshot.pods[0]!), cluster, now: T0, options: DEFAULT_RULE_OPTIONS });
    expect(f?.message).toMatch(/the node with the most free cpu is node-1 with 500m cpu free of 4 cpu allocatable/);
    expect(f?.remediation.join('\n')).not.toMatch(/were not in the input/);
  });
});
