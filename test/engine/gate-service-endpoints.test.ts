// The gate fails a rollout the controller calls done when a Service serving the workload ends with no ready endpoints.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { evaluateGate } from '../../src/engine/gate.js';
import { applyWatchEvent } from '../../src/sources/cluster/apply-watch-event.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, IMAGE, node, obj, pod, T0 } from '../harness/builders.js';

const deployment = obj('Deployment', 'api', { apiVersion: 'apps/v1', metadata: { generation: 2, labels: { app: 'api' } }, spec: { replicas: 1, selector: { matchLabels: { app: 'api' } }, template: { metadata: { labels: { app: 'api' } } } }, status: { observedGeneration: 2, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1 } }, 'apps/v1');
const replicaSet = obj('ReplicaSet', 'api-new', { metadata: { annotations: { 'deployment.kubernetes.io/revision': '2' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api', controller: true }] } }, 'apps/v1');
const ready = pod({
  metadata: { name: 'api-new-1', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-new', controller: true }] },
  spec: { containers: [{ name: 'app', image: IMAGE, ports: [{ name: 'http', containerPort: 8080 }] }] },
  status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-100) }, ready: true })] },
});
const service = (selector: Record<string, string>, targetPort: string | number = 'http') => obj('Service', 'api', { spec: { selector, ports: [{ port: 80, targetPort }] } });

const gate = (...extra: unknown[]) => evaluateGate(new Engine(snapshotFromObjects([deployment, replicaSet, ready, node(), ...extra]), { now: T0 }), [{ kind: 'Deployment', name: 'api' }], 'shop', { maxRestarts: 3 })[0]!;

describe('gate: a Service that ends with no ready endpoints', () => {
  it('fails when the Service selects a label the new Pods no longer carry', () => {
    const r = gate(service({ app: 'api', version: 'v1' }));
    expect(r.state).toBe('failed');
    expect(r.reason).toMatch(/^Service api has no ready endpoints: /);
    expect(r.diagnoses[0]!.workload).toEqual({ kind: 'Service', namespace: 'shop', name: 'api' });
  });
  it('fails when its named targetPort is on no container port of the new Pods', () => {
    const r = gate(service({ app: 'api' }, 'web'));
    expect(r.state).toBe('failed');
    expect(r.reason).toContain('targets port "web", which no container of Pod api-new-1 declares');
  });
  it('near miss: the Service selects the Ready Pods on a port they declare', () => {
    expect(gate(service({ app: 'api' })).state).toBe('passed');
  });
  it('near miss: a Service of another app that selects nothing is not this rollout\'s', () => {
    expect(gate(obj('Service', 'billing', { spec: { selector: { app: 'billing' }, ports: [{ port: 80 }] } })).state).toBe('passed');
  });
});

describe('gate: a suppressed traffic finding of the Service', () => {
  const suppressed = (entries: Array<{ rules: string[]; source: string; namespace?: string }>, ...extra: unknown[]) =>
    evaluateGate(new Engine(snapshotFromObjects([deployment, replicaSet, ready, node(), ...extra]), { now: T0, suppressions: { entries } }), [{ kind: 'Deployment', name: 'api' }], 'shop', { maxRestarts: 3 })[0]!;
  it("does not fail the gate, and the Service's verdict carries it under suppressed[]", () => {
    const r = suppressed([{ rules: ['traffic/target-port-undeclared'], source: '--ignore' }], service({ app: 'api' }, 'web'));
    expect(r.state).toBe('passed');
    const svc = r.diagnoses.find((d) => d.workload?.kind === 'Service')!;
    expect(svc.suppressed?.map((f) => [f.rule, f.suppressedBy.source])).toEqual([['traffic/target-port-undeclared', '--ignore']]);
  });
  it('near miss: an entry for another namespace does not apply, nor one for another rule', () => {
    expect(suppressed([{ rules: ['traffic/target-port-undeclared'], source: '.kdiag.yaml:2', namespace: 'payments' }], service({ app: 'api' }, 'web')).state).toBe('failed');
    expect(suppressed([{ rules: ['traffic/no-ready-endpoints'], source: '--ignore' }], service({ app: 'api' }, 'web')).state).toBe('failed');
  });
  it('the annotation on the Service suppresses it too', () => {
    const annotated = obj('Service', 'api', { metadata: { annotations: { 'kdiag.io/ignore': 'traffic/target-port-undeclared' } }, spec: { selector: { app: 'api' }, ports: [{ port: 80, targetPort: 'web' }] } });
    const r = suppressed([], annotated);
    expect(r.state).toBe('passed');
    expect(r.diagnoses[0]!.suppressed?.[0]?.suppressedBy.source).toBe('annotation on svc/api');
  });
});

describe('gate: the same snapshot evaluated again after watch events (as the gate waits)', () => {
  const relabelled = (labels: Record<string, string>) => ({ ...ready, metadata: { ...ready.metadata, labels } });
  const evaluate = (snapshot: ReturnType<typeof snapshotFromObjects>) => evaluateGate(new Engine(snapshot, { now: T0 }), [{ kind: 'Deployment', name: 'api' }], 'shop', { maxRestarts: 3 })[0]!;
  it('a Pod relabelled onto the Service after a first failing evaluation: the next one passes', () => {
    const snapshot = snapshotFromObjects([deployment, replicaSet, relabelled({ app: 'api' }), node(), service({ app: 'api', version: 'v2' })]);
    expect(evaluate(snapshot).state).toBe('failed');
    applyWatchEvent(snapshot, 'Pod', 'MODIFIED', relabelled({ app: 'api', version: 'v2' }));
    expect(evaluate(snapshot).state).toBe('passed');
  });
  it('and back: relabelled away after a passing evaluation, the next one fails', () => {
    const snapshot = snapshotFromObjects([deployment, replicaSet, relabelled({ app: 'api', version: 'v2' }), node(), service({ app: 'api', version: 'v2' })]);
    expect(evaluate(snapshot).state).toBe('passed');
    applyWatchEvent(snapshot, 'Pod', 'MODIFIED', relabelled({ app: 'api' }));
    expect(evaluate(snapshot).state).toBe('failed');
  });
});
