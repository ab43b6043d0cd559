// One judgement of a Service that serves a workload: a named targetPort that no container of its Pods declares
// leaves it with no endpoint on that port, and `pod svc/NAME`, `pod deploy/NAME`, scan and the gate all say so.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseAll, diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { evaluateGate } from '../../src/engine/gate.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, IMAGE, node, obj, pod, T0 } from '../harness/builders.js';

const deployment = obj('Deployment', 'catalog', { metadata: { generation: 1, labels: { app: 'catalog' } }, spec: { replicas: 1, selector: { matchLabels: { app: 'catalog' } }, template: { metadata: { labels: { app: 'catalog' } } } }, status: { observedGeneration: 1, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1 } }, 'apps/v1');
const replicaSet = obj('ReplicaSet', 'catalog-7f9c', { metadata: { labels: { app: 'catalog' }, annotations: { 'deployment.kubernetes.io/revision': '1' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'catalog', controller: true }] } }, 'apps/v1');
const ready = pod({
  metadata: { name: 'catalog-7f9c-x2k4p', labels: { app: 'catalog' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'catalog-7f9c', controller: true }] },
  spec: { containers: [{ name: 'app', image: IMAGE, ports: [{ name: 'web', containerPort: 8080 }] }] },
  status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-100) }, ready: true, started: true, imageID: `${IMAGE}@sha256:1` })] },
});
const service = (targetPort: string | number) => obj('Service', 'catalog', { spec: { selector: { app: 'catalog' }, ports: [{ name: 'http', port: 80, targetPort, protocol: 'TCP' }] } });

function views(targetPort: string | number, ignore: string[] = []) {
  const engine = new Engine(snapshotFromObjects([deployment, replicaSet, ready, node(), service(targetPort)]), { now: T0, suppressions: { entries: ignore.length > 0 ? [{ rules: ignore, source: '--ignore' }] : [] } });
  const verdict = (d: { status: string; stage: string | null; findings: Array<{ rule: string; severity: string }> } | undefined) => d && { status: d.status, stage: d.stage, rule: d.status === 'healthy' ? 'none' : d.findings[0]?.rule };
  const scan = diagnoseAll(engine);
  return {
    deploy: verdict(diagnoseWorkloadTarget(engine, 'Deployment', engine.snapshot.deployments[0]!)[0]),
    svc: verdict(diagnoseWorkloadTarget(engine, 'Service', engine.snapshot.services[0]!)[0]),
    scanFailing: scan.filter((d) => d.status === 'failing').map((d) => `${d.workload?.kind ?? 'Pod'}/${d.workload?.name ?? d.pod?.name} ${d.findings[0]?.rule}`),
    gate: evaluateGate(engine, [{ kind: 'Deployment', name: 'catalog' }], 'shop', { maxRestarts: 3 })[0]!.state,
  };
}

describe('a Ready Deployment behind a Service whose named targetPort no container declares', () => {
  const failing = { status: 'failing', stage: 'readiness', rule: 'readiness/service-no-endpoints' };

  it('pod svc/X, pod deploy/X, scan and the gate: failing at readiness, the same rule', () => {
    expect(views('http')).toEqual({ deploy: failing, svc: failing, scanFailing: ['Service/catalog readiness/service-no-endpoints'], gate: 'failed' });
  });

  it("pod deploy/X names the Service's port and the Pod's ports", () => {
    const engine = new Engine(snapshotFromObjects([deployment, replicaSet, ready, node(), service('http')]), { now: T0 });
    const [d] = diagnoseWorkloadTarget(engine, 'Deployment', engine.snapshot.deployments[0]!);
    expect(d!.summary).toBe('Service "catalog" selects this Pod, but its port 80 (http) targets port name "http", which no container of this Pod declares (declared: 8080 (web)): the Pod gets no endpoint for that port.');
    // Said once: the path's copy of the same port (traffic/target-port-undeclared) is not repeated under it.
    expect(d!.findings.filter((f) => f.severity !== 'info').map((f) => f.rule)).toEqual(['readiness/service-no-endpoints']);
  });

  it('near miss: the targetPort names the declared port: healthy everywhere, the gate passes', () => {
    const healthy = { status: 'healthy', stage: null, rule: 'none' };
    expect(views('web')).toEqual({ deploy: healthy, svc: healthy, scanFailing: [], gate: 'passed' });
  });

  it('with traffic/target-port-undeclared suppressed (--ignore), pod deploy/X is not failed by it, as the gate passes', () => {
    const v = views('http', ['traffic/target-port-undeclared']);
    expect([v.deploy?.status, v.gate]).toEqual(['healthy', 'passed']);
  });

  it('near miss: a numeric targetPort no container declares may still be listened on: not failing', () => {
    const v = views(9090);
    expect([v.deploy?.status, v.svc?.status, v.scanFailing, v.gate]).toEqual(['healthy', 'healthy', [], 'passed']);
  });
});

describe('real captures: the workload view and the gate judge a serving Service alike', () => {
  const judged = (fixture: string, kind: 'Deployment', name: string) => {
    const { snapshot } = readDumps([resolve(import.meta.dirname, `../../fixtures/real/${fixture}.yaml`)]);
    const engine = new Engine(snapshot);
    const w = engine.workloads().find((x) => x.kind === kind && x.name === name)!;
    const [view] = diagnoseWorkloadTarget(engine, kind, w.object);
    const [gate] = evaluateGate(engine, [{ kind, name }], w.namespace, { maxRestarts: 3 });
    return { view: `${view!.status} ${view!.status === 'healthy' ? '' : view!.findings[0]?.rule}`, gate: `${gate!.state} ${gate!.state === 'passed' ? '' : gate!.diagnoses[0]?.findings[0]?.rule}` };
  };

  it('traffic-missing-refs: a Service whose named targetPort no container declares fails pod deploy/web and the gate, with one rule', () => {
    expect(judged('traffic-missing-refs', 'Deployment', 'web')).toEqual({ view: 'failing readiness/service-no-endpoints', gate: 'failed readiness/service-no-endpoints' });
  });

  it('readiness-service-target-port-deploy: the gate says why the Service has no endpoint, the port, not "none is Ready" (its Pod is Ready)', () => {
    const { snapshot } = readDumps([resolve(import.meta.dirname, '../../fixtures/real/readiness-service-target-port-deploy.yaml')]);
    const [r] = evaluateGate(new Engine(snapshot), [{ kind: 'Deployment', name: 'catalog' }], 'kdiag-readiness-service-target-port-deploy', { maxRestarts: 3 });
    expect(r!.state).toBe('failed');
    expect(r!.reason).toMatch(/^Service catalog has no ready endpoints: Service catalog targets port "http", which no container of Pod catalog-\S+ declares/);
    expect(judged('readiness-service-target-port-deploy', 'Deployment', 'catalog')).toEqual({ view: 'failing readiness/service-no-endpoints', gate: 'failed readiness/service-no-endpoints' });
  });

  it('readiness-service-target-port-deploy: pod deploy/X says its cause once (the Pod\'s own copy of it is not "also found")', () => {
    const { snapshot } = readDumps([resolve(import.meta.dirname, '../../fixtures/real/readiness-service-target-port-deploy.yaml')]);
    const engine = new Engine(snapshot);
    const w = engine.workloads().find((x) => x.kind === 'Deployment' && x.name === 'catalog')!;
    const [view] = diagnoseWorkloadTarget(engine, 'Deployment', w.object);
    const lead = view!.findings[0]!;
    expect(lead.rule).toBe('readiness/service-no-endpoints');
    expect(view!.findings.filter((f) => f.rule === lead.rule && f.message === lead.message)).toHaveLength(1);
  });

  it('near miss, traffic-protocol: a protocol mismatch is the Service\'s own finding: pod deploy/dns is healthy and the gate passes', () => {
    expect(judged('traffic-protocol', 'Deployment', 'dns')).toEqual({ view: 'healthy ', gate: 'passed ' });
  });
});
