// Workload views keep the Pods' real cause: it leads; the missed rollout deadline, the Services and the
// Pods' warnings follow as secondary findings.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseAll, diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { findTarget } from '../../src/engine/targets.js';
import { renderWorkloadText } from '../../src/report/workload.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, node, obj, pod, T0 } from '../harness/builders.js';
import { deployment, replicaSet } from '../rules/admission/workloads.js';

const timedOut = { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: 'ReplicaSet "api-7d9f" has timed out progressing.', lastUpdateTime: at(-60), lastTransitionTime: at(-60) };
const owned = (name: string) => ({ metadata: { name, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-7d9f', controller: true, uid: 'rs' }] } });
const crashing = (name: string) =>
  pod({ ...owned(name), status: { phase: 'Running', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container=app' }, lastTerminated: { exitCode: 1, reason: 'Error', startedAt: at(-100), finishedAt: at(-99) }, restartCount: 7 })] } });
const healthy = (name: string, nodeName = 'node-1') =>
  pod({ ...owned(name), spec: { nodeName }, status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-500) }, ready: true })] } });
const service = (selector: Record<string, string>) => obj('Service', 'api', { spec: { selector, ports: [{ port: 80, targetPort: 8080 }] }, metadata: { creationTimestamp: at(-600) } });

function target(objects: unknown[]) {
  const engine = new Engine(snapshotFromObjects(objects, 'test'), { now: T0 });
  const object = findTarget(engine.snapshot, { kind: 'Deployment', name: 'api' }, 'shop');
  return { engine, items: diagnoseWorkloadTarget(engine, 'Deployment', object) };
}

describe('a Deployment past its progress deadline with crash-looping Pods', () => {
  const objects = [deployment({ status: { replicas: 2, updatedReplicas: 2, readyReplicas: 0, conditions: [timedOut] } }), replicaSet('api-7d9f', { status: { replicas: 2 } }), crashing('api-7d9f-a'), crashing('api-7d9f-b'), node()];

  it('leads with the Pods\' cause; the deadline is secondary and is not "admission"', () => {
    const { items } = target(objects);
    const w = items[0]!;
    expect(w.pod).toBeNull();
    expect(w.workload).toEqual({ kind: 'Deployment', namespace: 'shop', name: 'api' });
    expect(w.status).toBe('failing');
    expect(w.stage).toBe('container');
    expect(w.findings[0]!.rule).toBe('container/crash-loop');
    expect(w.summary).toMatch(/^2\/2 Pods: Container "app" is crash-looping/);
    expect(w.findings.map((f) => f.rule)).toContain('readiness/progress-deadline-exceeded');
    expect(w.stages.find((s) => s.stage === 'admission')!.state).toBe('passed');
    expect(items.slice(1).map((d) => d.pod?.name)).toEqual(['api-7d9f-a', 'api-7d9f-b']);
  });

  it('the scan row leads with the same cause', () => {
    const { engine } = target(objects);
    const row = diagnoseAll(engine).find((d) => d.workload?.kind === 'Deployment')!;
    expect(row.stage).toBe('container');
    expect(row.findings[0]!.rule).toBe('container/crash-loop');
  });

  it('text: the cause with the Pod\'s evidence, the deadline under "Also found", whose Pods share it', () => {
    const { items } = target(objects);
    const text = renderWorkloadText('Deployment shop/api', items, { color: false });
    expect(text).toMatch(/FAILING at container: 2\/2 Pods: Container "app"/);
    expect(text).not.toMatch(/2\/2 Pods failing at container/); // the stage is said once, in the verdict
    expect(text).toMatch(/Also found[\s\S]*exceeded its progress deadline[\s\S]*\[readiness\/progress-deadline-exceeded\]/);
    expect(text).toContain('(seen on Pod api-7d9f-a; the same for 1 more: api-7d9f-b)');
    expect(text).not.toContain('at admission');
  });
});

describe('a Deployment whose Pods are healthy', () => {
  it('its Service selects nothing: failing at readiness (not "1/1 healthy", exit 0)', () => {
    const { items } = target([deployment({ spec: { replicas: 1, template: { metadata: { labels: { app: 'api' } } } } }), replicaSet(), healthy('api-7d9f-a'), service({ app: 'apii' }), node()]);
    expect(items[0]!.status).toBe('failing');
    expect(items[0]!.stage).toBe('readiness');
    expect(items[0]!.findings[0]!.rule).toBe('readiness/service-selects-nothing');
  });

  it('Pod warnings are kept in the workload verdict', () => {
    const noLimits = healthy('api-7d9f-a');
    noLimits.status.containerStatuses[0].restartCount = 9;
    noLimits.status.containerStatuses[0].lastState = { terminated: { exitCode: 1, reason: 'Error', startedAt: at(-700), finishedAt: at(-501) } };
    const { items } = target([deployment({ spec: { replicas: 1 } }), replicaSet(), noLimits, node()]);
    const pod = items[1]!;
    const podWarnings = pod.findings.filter((f) => f.severity === 'warning').map((f) => f.rule);
    expect(podWarnings.length).toBeGreaterThan(0);
    expect(items[0]!.findings.map((f) => f.rule)).toEqual(expect.arrayContaining(podWarnings));
    expect(items[0]!.summary).toMatch(/1\/1 Pod healthy \(\d+ warnings?\)\./);
  });

  it('a one-node cluster: two replicas on that node is not a warning', () => {
    const { items } = target([deployment({ spec: { replicas: 2 } }), replicaSet(), healthy('api-7d9f-a'), healthy('api-7d9f-b'), node()]);
    expect(items[0]!.status).toBe('healthy');
    expect(items[0]!.summary).toBe('2/2 Pods healthy.');
    expect(items[0]!.findings.map((f) => f.rule)).not.toContain('readiness/single-node-replicas');
  });
});

describe("a StatefulSet's serviceName in its own view (real capture: serviceName names no Service)", () => {
  const view = (ignore: string[]) => {
    const snapshot = readDumps([resolve(import.meta.dirname, '../../fixtures/real/traffic-sts-service-name.yaml')]).snapshot;
    const engine = new Engine(snapshot, { suppressions: { entries: ignore.length > 0 ? [{ rules: ignore, source: '--ignore' }] : [] } });
    const name = (n: string) => findTarget(engine.snapshot, { kind: 'StatefulSet', name: n }, 'kdiag-traffic-sts-service-name');
    return { db: diagnoseWorkloadTarget(engine, 'StatefulSet', name('db'))[0]!, cache: diagnoseWorkloadTarget(engine, 'StatefulSet', name('cache'))[0]! };
  };
  it('pod sts/NAME says what scan and its Pods say: healthy, with the warning', () => {
    const { db } = view([]);
    expect(db.status).toBe('healthy');
    expect(db.findings.map((f) => `${f.rule}:${f.severity}`)).toEqual(['traffic/statefulset-service-name:warning']);
  });
  it('--ignore lists it as suppressed', () => {
    const { db } = view(['traffic']);
    expect(db.findings).toEqual([]);
    expect(db.suppressed?.map((f) => f.rule)).toEqual(['traffic/statefulset-service-name']);
  });
  it('near miss: a StatefulSet whose serviceName is an existing headless Service has nothing to say', () => {
    expect(view([]).cache.findings).toEqual([]);
  });
});
