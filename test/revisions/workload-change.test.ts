// A failing workload's verdict carries what changed against the last revision that worked (builder-made
// objects in the shapes the API server returns; the real captures are in fixtures/real).
import { describe, expect, it } from 'vitest';
import { diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { findTarget, type TargetKind } from '../../src/engine/targets.js';
import { renderWorkloadText } from '../../src/report/workload.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, merge, node, obj, pod, T0 } from '../harness/builders.js';
import { container, crashingPod, deployment, NEW, NOT_FOUND, OLD, pullingPod, readyPod, replicaSet, template, type Obj } from './rollout-objects.js';

function verdict(objects: unknown[], kind: Exclude<TargetKind, 'Pod'> = 'Deployment', name = 'web', logs: Record<string, string> = {}) {
  const snapshot = snapshotFromObjects(objects, 'test');
  Object.assign(snapshot.logs, logs);
  const engine = new Engine(snapshot, { now: T0 });
  const items = diagnoseWorkloadTarget(engine, kind, findTarget(engine.snapshot, { kind, name }, 'shop'));
  return { w: items[0]!, items };
}

describe('Deployment: the failing revision against the last that worked', () => {
  const good = replicaSet('web-5d8b', 6, -3 * 86400, template('5d8b'), { replicas: 2, availableReplicas: 2, readyReplicas: 2 });
  const bad = replicaSet('web-6f7c', 7, -600, template('6f7c', { image: NEW }));
  const imageObjects = [deployment(7, { image: NEW }), good, bad, readyPod('web-5d8b', 'web-5d8b-a'), pullingPod('web-6f7c', 'web-6f7c-x'), node()];

  it('image tag that does not exist: revision 7 against 6 (Pods Ready), the image tied to image/not-found with high confidence', () => {
    const { w } = verdict(imageObjects);
    expect(w.status).toBe('failing');
    expect(w.findings[0]!.rule).toBe('image/not-found');
    const change = w.change!;
    expect(change.to).toMatchObject({ revision: 7, name: 'web-6f7c' });
    expect(change.from).toMatchObject({ revision: 6, name: 'web-5d8b', evidence: 'ready-pods', count: 1, ranForSeconds: 3 * 86400 - 600 });
    expect(change.fields).toEqual([{ field: 'containers[app].image', change: 'changed', area: 'image', container: 'app', from: OLD, to: NEW }]);
    expect(change.noise).toEqual(['label pod-template-hash']);
    expect(change.cause).toEqual([{ field: 'containers[app].image', rule: 'image/not-found', reason: 'image-fails', confidence: 'high' }]);
    expect(change.undo).toBe('kubectl rollout undo deploy/web --to-revision=6 -n shop');
  });

  it('text: the section with the diff, the tie, the noise and the way back', () => {
    const { items } = verdict(imageObjects);
    const text = renderWorkloadText('Deployment shop/web', items, { color: false });
    expect(text).toContain('What changed  revision 7 (ReplicaSet web-6f7c) against revision 6 (ReplicaSet web-5d8b), the last that worked: 1 of its Pods Ready in the input; it ran 2d23h before revision 7');
    expect(text).toContain(`~ containers[app].image: ${OLD} → ${NEW}`);
    expect(text).toContain('↳ tied to the cause (high confidence, image/not-found): the new image is the one that cannot be pulled');
    expect(text).toContain('left out as noise: label pod-template-hash');
    expect(text).toMatch(/Way back to revision 6 \(ReplicaSet web-5d8b\):\n {4}kubectl rollout undo deploy\/web --to-revision=6 -n shop/);
  });

  it('an old ReplicaSet scaled to 0 with no Pods left: compared with, never called good', () => {
    const scaledDown = replicaSet('web-5d8b', 6, -3 * 86400, template('5d8b'), { replicas: 0 });
    const { w } = verdict([deployment(7, { image: NEW }), scaledDown, bad, pullingPod('web-6f7c', 'web-6f7c-x'), node()]);
    expect(w.change!.from).toMatchObject({ revision: 6, evidence: 'previous' });
    const text = renderWorkloadText('Deployment shop/web', verdict([deployment(7, { image: NEW }), scaledDown, bad, pullingPod('web-6f7c', 'web-6f7c-x'), node()]).items, { color: false });
    expect(text).toContain('the one before (nothing in the input shows whether it worked)');
  });

  it('a rollback-reused ReplicaSet: how long it ran is unknown', () => {
    const reused = merge(good, { metadata: { annotations: { 'deployment.kubernetes.io/revision-history': '2,4' } } });
    const { w } = verdict([deployment(7, { image: NEW }), reused, bad, readyPod('web-5d8b', 'web-5d8b-a'), pullingPod('web-6f7c', 'web-6f7c-x'), node()]);
    expect(w.change!.from).not.toHaveProperty('ranForSeconds');
  });

  it('removed env var named in the crash log: tied with high confidence; its value never shown', () => {
    const env = [{ name: 'MODE', value: 'blue-green-mode' }];
    const badEnv = replicaSet('web-6f7c', 7, -600, template('6f7c', { env }));
    const { w, items } = verdict(
      [deployment(7, { env }), good, badEnv, readyPod('web-5d8b', 'web-5d8b-a'), crashingPod('web-6f7c', 'web-6f7c-x', { env }, { exitCode: 1, reason: 'Error' }), node()],
      'Deployment',
      'web',
      { 'shop/web-6f7c-x/app': 'starting web\nfatal: DATABASE_URL is not set\n' },
    );
    expect(w.findings[0]!.rule).toBe('container/crash-loop');
    expect(w.change!.fields).toMatchObject([{ field: 'containers[app].env[DATABASE_URL]', change: 'removed' }]);
    expect(w.change!.cause).toMatchObject([{ field: 'containers[app].env[DATABASE_URL]', reason: 'named-in-failure', confidence: 'high' }]);
    expect(JSON.stringify(items)).not.toContain('blue-green-mode');
  });

  it('an env value changed: "value changed", neither value', () => {
    const env = [{ name: 'MODE', value: 'red-mode-value' }, container().env[1]];
    const changed = replicaSet('web-6f7c', 7, -600, template('6f7c', { env }));
    const { w, items } = verdict([deployment(7, { env }), good, changed, readyPod('web-5d8b', 'web-5d8b-a'), crashingPod('web-6f7c', 'web-6f7c-x', { env }, { exitCode: 1, reason: 'Error' }), node()]);
    expect(w.change!.fields).toEqual([{ field: 'containers[app].env[MODE].value', change: 'changed', area: 'env', container: 'app', withheld: true }]);
    const text = renderWorkloadText('Deployment shop/web', items, { color: false });
    expect(text).toContain('~ containers[app].env[MODE].value: value changed (values not shown)');
    for (const v of ['red-mode-value', 'blue-green-mode']) expect(text).not.toContain(v);
  });

  it('memory limit lowered before an OOM kill: tied with high confidence', () => {
    const low = { resources: { limits: { memory: '16Mi' } } };
    const lowered = replicaSet('web-6f7c', 7, -600, template('6f7c', low));
    const { w } = verdict([deployment(7, low), good, lowered, readyPod('web-5d8b', 'web-5d8b-a'), crashingPod('web-6f7c', 'web-6f7c-x', low, { exitCode: 137, reason: 'OOMKilled' }), node()]);
    expect(w.findings[0]!.rule).toBe('container/oom-killed');
    expect(w.change!.cause).toEqual([{ field: 'containers[app].resources.limits.memory', rule: 'container/oom-killed', reason: 'memory-lowered', confidence: 'high' }]);
  });

  it('near miss: a restartedAt-only rollout has no field worth naming, and nothing is tied', () => {
    const restarted = { 'kubectl.kubernetes.io/restartedAt': at(-700) };
    const again = replicaSet('web-6f7c', 7, -600, template('6f7c', {}, { annotations: restarted }));
    const { w, items } = verdict([deployment(7, {}, { annotations: restarted }), good, again, readyPod('web-5d8b', 'web-5d8b-a'), crashingPod('web-6f7c', 'web-6f7c-x', {}, { exitCode: 1, reason: 'Error' }), node()]);
    expect(w.change!.fields).toEqual([]);
    expect(w.change!.cause).toEqual([]);
    expect(w.change!.noise).toEqual(['label pod-template-hash', 'annotation kubectl.kubernetes.io/restartedAt']);
    expect(renderWorkloadText('Deployment shop/web', items, { color: false })).toContain('nothing in the Pod template changed but what is left out as noise');
  });

  it('near miss: a failing first revision has nothing to compare with', () => {
    const first = replicaSet('web-6f7c', 1, -600, template('6f7c', { image: NEW }));
    const { w, items } = verdict([deployment(1, { image: NEW }), first, pullingPod('web-6f7c', 'web-6f7c-x'), node()]);
    expect(w.change).toMatchObject({ to: { revision: 1 }, from: null, missing: 'first-revision', fields: [], cause: [] });
    expect(w.change).not.toHaveProperty('undo');
    expect(renderWorkloadText('Deployment shop/web', items, { color: false })).toContain('revision 1 (ReplicaSet web-6f7c) is the first: there is nothing to compare with');
  });

  it('near miss: a dump without the old ReplicaSet says so, never guesses', () => {
    const { w, items } = verdict([deployment(7, { image: NEW }), bad, pullingPod('web-6f7c', 'web-6f7c-x'), node()]);
    expect(w.change).toMatchObject({ from: null, missing: 'no-earlier-revision' });
    expect(renderWorkloadText('Deployment shop/web', items, { color: false })).toContain('revision 7 (ReplicaSet web-6f7c): no earlier revision in the input');
  });

  it('a healthy Deployment carries no change', () => {
    const { w } = verdict([deployment(6), replicaSet('web-5d8b', 6, -3 * 86400, template('5d8b'), { replicas: 1, availableReplicas: 1 }), readyPod('web-5d8b', 'web-5d8b-a'), node()]);
    expect(w.status).toBe('healthy');
    expect(w).not.toHaveProperty('change');
  });
});

describe('StatefulSet: ControllerRevisions', () => {
  const sts = obj('StatefulSet', 'db', { metadata: { uid: 'db-uid', generation: 3 }, spec: { replicas: 1, template: template('x', { image: NEW }) }, status: { observedGeneration: 3, currentRevision: 'db-5f6d', updateRevision: 'db-7c8b', replicas: 1 } }, 'apps/v1');
  const revision = (name: string, n: number, created: number, c: Obj) =>
    obj('ControllerRevision', name, { metadata: { creationTimestamp: at(created), labels: { 'controller-revision-hash': name.slice(3) }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: 'db-uid', controller: true }] }, revision: n, data: { spec: { template: { ...template('x', c), $patch: 'replace' } } } }, 'apps/v1');
  const stsPod = pod({ metadata: { name: 'db-0', labels: { app: 'web', 'controller-revision-hash': 'db-7c8b' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: 'db-uid', controller: true }] }, spec: { containers: [container({ image: NEW })] }, status: { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ image: NEW, waiting: { reason: 'ErrImagePull', message: NOT_FOUND } })] } });

  it('the update revision against the one before it; the undo names its number', () => {
    const { w } = verdict([sts, revision('db-5f6d', 2, -7200, {}), revision('db-7c8b', 3, -600, { image: NEW }), stsPod, node()], 'StatefulSet', 'db');
    expect(w.change).toMatchObject({ source: 'ControllerRevision', to: { revision: 3, name: 'db-7c8b' }, from: { revision: 2, name: 'db-5f6d', evidence: 'previous', ranForSeconds: 6600 }, undo: 'kubectl rollout undo sts/db --to-revision=2 -n shop' });
    expect(w.change!.fields.map((f) => f.field)).toEqual(['containers[app].image']);
    expect(w.change!.cause[0]).toMatchObject({ reason: 'image-fails', confidence: 'high' });
  });

  it('no ControllerRevision in the input: the history is missing, the failing revision named from the status, no diff claimed', () => {
    const { w } = verdict([sts, stsPod, node()], 'StatefulSet', 'db');
    expect(w.change).toEqual({ source: 'ControllerRevision', to: { name: 'db-7c8b' }, from: null, missing: 'no-history', fields: [], noise: [], cause: [] });
  });
});
