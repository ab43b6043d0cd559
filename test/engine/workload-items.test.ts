// Pod-less failures are items of their own: a ReplicaSet whose Pods are all rejected shows up in analyze/scan
// whether or not its Deployment is in the input (`kubectl get rs,events -o yaml` saves no Deployment).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseAll } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import type { KObject } from '../../src/model/k8s.js';

const FIXTURE = resolve(import.meta.dirname, '../../fixtures/synthetic/admission-quota-exceeded.yaml');

function objectsOf(kinds: string[]): KObject[] {
  const s = readDumps([FIXTURE]).snapshot;
  const all: KObject[] = [...s.replicaSets, ...s.deployments, ...s.events, ...s.pods, ...s.resourceQuotas, ...s.nodes];
  return all.filter((o) => kinds.includes(o.kind ?? '') && (o.kind !== 'Event' || (o as any).involvedObject?.kind === 'ReplicaSet'));
}

describe('a ReplicaSet rejected by quota, with no Pods and no Deployment in the input', () => {
  const engine = new Engine(snapshotFromObjects(objectsOf(['ReplicaSet', 'Event']), 'test'));
  const items = diagnoseAll(engine);

  it('is an item of its own at admission, pod null, workload set, with the quota numbers', () => {
    expect(items).toHaveLength(1);
    const d = items[0]!;
    expect(d.pod).toBeNull();
    expect(d.workload?.kind).toBe('ReplicaSet');
    expect(d.status).toBe('failing');
    expect(d.stage).toBe('admission');
    expect(d.findings[0]!.rule).toBe('admission/quota-exceeded');
    expect(d.summary).toMatch(/requests\.cpu/);
  });

  it('with its Deployment in the input, the Deployment carries it (no duplicate ReplicaSet item)', () => {
    const withDeploy = diagnoseAll(new Engine(snapshotFromObjects(objectsOf(['ReplicaSet', 'Event', 'Deployment']), 'test')));
    const workloads = withDeploy.filter((d) => d.workload);
    expect(workloads.map((d) => d.workload!.kind)).toEqual(['Deployment']);
    expect(workloads[0]!.findings[0]!.rule).toBe('admission/quota-exceeded');
    expect(workloads[0]!.stage).toBe('admission');
  });
});
