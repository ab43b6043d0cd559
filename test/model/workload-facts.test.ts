import { describe, expect, it } from 'vitest';
import { SnapshotIndex } from '../../src/model/facts.js';
import { emptySnapshot } from '../../src/model/snapshot.js';
import type { KObject } from '../../src/model/k8s.js';

const rs = (name: string, namespace: string, owner: { kind: string; name: string; controller?: boolean } | undefined, revision: number, extraOwner?: { kind: string; name: string }): KObject =>
  ({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace,
      annotations: { 'deployment.kubernetes.io/revision': String(revision) },
      ownerReferences: [...(extraOwner ? [{ apiVersion: 'apps/v1', ...extraOwner }] : []), ...(owner ? [{ apiVersion: 'apps/v1', controller: true, ...owner }] : [])],
    },
  }) as KObject;

describe("a Deployment's ReplicaSets", () => {
  it('are the ReplicaSets it controls in its namespace, newest revision first; near misses are left out', () => {
    const snapshot = emptySnapshot();
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' } } as KObject;
    snapshot.deployments.push(deployment);
    snapshot.replicaSets.push(
      rs('web-1', 'shop', { kind: 'Deployment', name: 'web' }, 1),
      rs('web-other-ns', 'other', { kind: 'Deployment', name: 'web' }, 5),
      rs('web-3', 'shop', { kind: 'Deployment', name: 'web' }, 3),
      rs('webx', 'shop', { kind: 'Deployment', name: 'webx' }, 9),
      rs('web-sts', 'shop', { kind: 'StatefulSet', name: 'web' }, 9),
      rs('web-orphan', 'shop', undefined, 9),
      // the controller reference counts, not the first one
      rs('web-2', 'shop', { kind: 'Deployment', name: 'web' }, 2, { kind: 'Deployment', name: 'api' }),
      rs('api-1', 'shop', { kind: 'Deployment', name: 'api' }, 4, { kind: 'Deployment', name: 'web' }),
    );
    const index = new SnapshotIndex(snapshot);
    const names = (d: KObject) => index.workloadFacts('Deployment', d, []).replicaSets.map((r) => r.object.metadata?.name);
    expect(names(deployment)).toEqual(['web-3', 'web-2', 'web-1']);
    // asked twice (the index is built once), the same answer
    expect(names(deployment)).toEqual(['web-3', 'web-2', 'web-1']);
    expect(names({ ...deployment, metadata: { name: 'api', namespace: 'shop' } } as KObject)).toEqual(['api-1']);
    expect(names({ ...deployment, metadata: { name: 'web', namespace: 'other' } } as KObject)).toEqual(['web-other-ns']);
    expect(names({ ...deployment, metadata: { name: 'none', namespace: 'shop' } } as KObject)).toEqual([]);
    expect(index.workloadFacts('StatefulSet', deployment, []).replicaSets).toEqual([]);
  });
});

describe('which Pods are a workload\'s', () => {
  it('are the Pods a Service selects or a workload in the snapshot controls; the rest are left out (and need no facts)', () => {
    const snapshot = emptySnapshot();
    const pod = (name: string, labels: Record<string, string>, owner?: { kind: string; name: string }): KObject =>
      ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'shop', uid: `${name}-uid`, labels, ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', controller: true, ...owner }] } : {}) }, spec: {}, status: { phase: 'Running' } }) as KObject;
    snapshot.deployments.push({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' } } as KObject);
    snapshot.replicaSets.push(rs('web-1', 'shop', { kind: 'Deployment', name: 'web' }, 1));
    snapshot.services.push({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'api', namespace: 'shop' }, spec: { selector: { app: 'api' } } } as KObject);
    snapshot.pods.push(
      pod('web-1-a', { app: 'web' }, { kind: 'ReplicaSet', name: 'web-1' }), // the Deployment's
      pod('api-a', { app: 'api' }), // the Service's
      pod('gone-a', { app: 'gone' }, { kind: 'ReplicaSet', name: 'gone-1' }), // near miss: its ReplicaSet is not in the snapshot
      pod('apix-a', { app: 'apix' }), // near miss: a label the Service does not select
    );
    const index = new SnapshotIndex(snapshot);
    expect(snapshot.pods.filter((p) => index.belongsToWorkload(p)).map((p) => p.metadata?.name)).toEqual(['web-1-a', 'api-a']);
  });
});
