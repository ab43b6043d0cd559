// Real captures from the test cluster (test/cluster/scenarios/revision-*.yaml): a good revision applied and Ready, then the breaking one.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { findTarget } from '../../src/engine/targets.js';
import type { Snapshot } from '../../src/model/snapshot.js';
import { parseTime } from '../../src/model/time.js';
import { renderText } from '../../src/report/text.js';
import { readDumps } from '../../src/sources/dump.js';

function verdictOf(fixture: string, kind: 'Deployment' | 'StatefulSet' | 'DaemonSet', name: string, edit: (s: Snapshot) => Snapshot = (s) => s) {
  const snapshot = edit(readDumps([resolve(__dirname, '../../fixtures/real', fixture)]).snapshot);
  const engine = new Engine(snapshot, { now: parseTime(snapshot.meta.capturedAt)! });
  return diagnoseWorkloadTarget(engine, kind, findTarget(engine.snapshot, { kind, name }, undefined))[0]!;
}

const deploymentVerdict = (fixture: string, name: string, edit?: (s: Snapshot) => Snapshot) => verdictOf(fixture, 'Deployment', name, edit);

/** The "What changed" section of the text report, from its heading to the next blank line. */
function whatChanged(d: ReturnType<typeof verdictOf>): string {
  const text = renderText(d, { color: false });
  const start = text.indexOf('What changed');
  expect(start, text).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n\n', start);
  return text.slice(start, end < 0 ? undefined : end).trimEnd();
}

describe('real: revision-image-not-found', () => {
  it('revision 2 against revision 1 (its Pod Ready), the image tied to image/not-found, undo to revision 1', () => {
    const w = deploymentVerdict('revision-image-not-found.yaml', 'web');
    expect(w.findings[0]!.rule).toBe('image/not-found');
    expect(w.change).toMatchObject({ source: 'ReplicaSet', to: { revision: 2 }, from: { revision: 1, evidence: 'ready-pods', count: 1 }, noise: ['label pod-template-hash'] });
    expect(w.change!.fields).toEqual([{ field: 'containers[app].image', change: 'changed', area: 'image', container: 'app', from: '127.0.0.1:5000/busybox:1', to: '127.0.0.1:5000/busybox:does-not-exist' }]);
    expect(w.change!.cause).toEqual([{ field: 'containers[app].image', rule: 'image/not-found', reason: 'image-fails', confidence: 'high' }]);
    expect(w.change!.undo).toBe('kubectl rollout undo deploy/web --to-revision=1 -n kdiag-revision-image-not-found');
  });
});

describe('real: revision-env-removed (a removed env var, the crash log names it)', () => {
  it('the removed DATABASE_URL is the only change, tied to the crash loop with high confidence', () => {
    const w = deploymentVerdict('revision-env-removed.yaml', 'api');
    expect(w.findings[0]!.rule).toBe('container/crash-loop');
    expect(w.change).toMatchObject({ source: 'ReplicaSet', to: { revision: 2 }, from: { revision: 1, evidence: 'ready-pods', count: 1 } });
    expect(w.change!.fields).toEqual([{ field: 'containers[app].env[DATABASE_URL]', change: 'removed', area: 'env', container: 'app' }]);
    expect(w.change!.cause).toEqual([{ field: 'containers[app].env[DATABASE_URL]', rule: 'container/crash-loop', reason: 'named-in-failure', confidence: 'high' }]);
    expect(w.change!.undo).toBe('kubectl rollout undo deploy/api --to-revision=1 -n kdiag-revision-env-removed');
  });

  it('text: the removed name, the tie, and the way back; never the old value', () => {
    const w = deploymentVerdict('revision-env-removed.yaml', 'api');
    const section = whatChanged(w);
    expect(section).toMatch(/^What changed {2}revision 2 \(ReplicaSet api-\w+\) against revision 1 \(ReplicaSet api-\w+\), the last that worked: 1 of its Pods Ready/);
    expect(section).toContain('- containers[app].env[DATABASE_URL]\n      ↳ tied to the cause (high confidence, container/crash-loop): the failure names what changed here');
    expect(section).toContain('kubectl rollout undo deploy/api --to-revision=1 -n kdiag-revision-env-removed');
    expect(renderText(w, { color: false })).not.toContain('postgres://');
  });
});

describe('near miss: the same crash loop in a dump without the old ReplicaSet', () => {
  const withoutOld = (s: Snapshot): Snapshot => ({ ...s, replicaSets: s.replicaSets.filter((rs) => rs.metadata?.annotations?.['deployment.kubernetes.io/revision'] !== '1') });

  it('says there is no earlier revision in the input: no fields, no tie, no undo', () => {
    const w = deploymentVerdict('revision-env-removed.yaml', 'api', withoutOld);
    expect(w.findings[0]!.rule).toBe('container/crash-loop');
    expect(w.change).toMatchObject({ to: { revision: 2 }, from: null, missing: 'no-earlier-revision', fields: [], cause: [] });
    expect(w.change!.undo).toBeUndefined();
    expect(whatChanged(w)).toMatch(/^What changed {2}revision 2 \(ReplicaSet api-\w+\): no earlier revision in the input$/);
  });
});

describe('real: revision-memory-lowered (the memory limit lowered, then OOMKilled)', () => {
  it('the lowered limit is tied to the OOM kill with high confidence; the lowered request is listed, untied', () => {
    const w = deploymentVerdict('revision-memory-lowered.yaml', 'cache');
    expect(w.findings[0]!.rule).toBe('container/oom-killed');
    expect(w.change).toMatchObject({ to: { revision: 2 }, from: { revision: 1, evidence: 'ready-pods', count: 1 } });
    expect(w.change!.fields).toEqual([
      { field: 'containers[app].resources.limits.memory', change: 'changed', area: 'resources', container: 'app', from: '64Mi', to: '16Mi' },
      { field: 'containers[app].resources.requests.memory', change: 'changed', area: 'resources', container: 'app', from: '64Mi', to: '16Mi' },
    ]);
    expect(w.change!.cause).toEqual([{ field: 'containers[app].resources.limits.memory', rule: 'container/oom-killed', reason: 'memory-lowered', confidence: 'high' }]);
    const section = whatChanged(w);
    expect(section).toContain('~ containers[app].resources.limits.memory: 64Mi → 16Mi\n      ↳ tied to the cause (high confidence, container/oom-killed): the memory limit was lowered and the container is OOM-killed');
    expect(section).toContain('~ containers[app].resources.requests.memory: 64Mi → 16Mi\n  left out as noise');
  });
});

describe('real: revision-readiness-path (the readiness probe path changed, the server answers 404)', () => {
  it('the probe path change is tied to readiness/probe-failing', () => {
    const w = deploymentVerdict('revision-readiness-path.yaml', 'web');
    expect(w.findings[0]!.rule).toBe('readiness/probe-failing');
    expect(w.change).toMatchObject({ to: { revision: 2 }, from: { revision: 1, evidence: 'ready-pods', count: 1 } });
    expect(w.change!.fields).toEqual([{ field: 'containers[app].readinessProbe.httpGet.path', change: 'changed', area: 'probe', container: 'app', from: '/healthz', to: '/ready' }]);
    // The finding quotes the probe (path /ready): the new value is named in the failure.
    expect(w.change!.cause).toEqual([{ field: 'containers[app].readinessProbe.httpGet.path', rule: 'readiness/probe-failing', reason: 'probe-changed', confidence: 'high' }]);
    expect(whatChanged(w)).toContain('~ containers[app].readinessProbe.httpGet.path: /healthz → /ready\n      ↳ tied to the cause (high confidence, readiness/probe-failing): the probe that fails was changed');
  });
});

describe('real: revision-statefulset (broken through a ControllerRevision)', () => {
  it('revision 2 against revision 1, whose Pod db-0 is still Ready; undo names the StatefulSet', () => {
    const w = verdictOf('revision-statefulset.yaml', 'StatefulSet', 'db');
    expect(w.findings[0]!.rule).toBe('image/not-found');
    expect(w.change).toMatchObject({ source: 'ControllerRevision', to: { revision: 2, name: expect.stringMatching(/^db-\w+$/) }, from: { revision: 1, evidence: 'ready-pods', count: 1 } });
    expect(w.change!.fields).toEqual([{ field: 'containers[app].image', change: 'changed', area: 'image', container: 'app', from: '127.0.0.1:5000/busybox:1', to: '127.0.0.1:5000/busybox:does-not-exist' }]);
    expect(w.change!.cause).toEqual([{ field: 'containers[app].image', rule: 'image/not-found', reason: 'image-fails', confidence: 'high' }]);
    expect(w.change!.undo).toBe('kubectl rollout undo sts/db --to-revision=1 -n kdiag-revision-statefulset');
    expect(whatChanged(w)).toMatch(/^What changed {2}revision 2 \(ControllerRevision db-\w+\) against revision 1 \(ControllerRevision db-\w+\), the last that worked: 1 of its Pods Ready/);
  });

  it('near miss: the same dump without ControllerRevisions says the history is missing, names the failing revision from the status, claims no diff', () => {
    const w = verdictOf('revision-statefulset.yaml', 'StatefulSet', 'db', (s) => ({ ...s, controllerRevisions: [] }));
    expect(w.findings[0]!.rule).toBe('image/not-found');
    const update = readDumps([resolve(__dirname, '../../fixtures/real/revision-statefulset.yaml')]).snapshot.statefulSets[0]!.status?.updateRevision;
    expect(w.change).toEqual({ source: 'ControllerRevision', to: { name: update }, from: null, missing: 'no-history', fields: [], noise: [], cause: [] });
    expect(whatChanged(w)).toBe(`What changed  ControllerRevision ${update}: the revision history is missing (no ControllerRevisions in the input), so nothing shows what changed; include controllerrevisions in the dump`);
  });
});

describe('real: revision-daemonset (broken through a ControllerRevision)', () => {
  it('the added ConfigMap reference is tied to the kubelet naming the ConfigMap', () => {
    const w = verdictOf('revision-daemonset.yaml', 'DaemonSet', 'agent');
    expect(w.findings[0]!.rule).toBe('kubelet/create-container-config-error');
    expect(w.change).toMatchObject({ source: 'ControllerRevision', to: { revision: 2 }, from: { revision: 1, evidence: 'ready-pods', count: 1 } });
    expect(w.change!.fields).toEqual([{ field: 'containers[app].env[AGENT_TOKEN]', change: 'added', area: 'env', container: 'app', to: '{"configMapKeyRef":{"key":"token","name":"agent-settings"}}' }]);
    expect(w.change!.cause).toEqual([{ field: 'containers[app].env[AGENT_TOKEN]', rule: 'kubelet/create-container-config-error', reason: 'named-in-failure', confidence: 'high' }]);
    expect(w.change!.undo).toBe('kubectl rollout undo ds/agent --to-revision=1 -n kdiag-revision-daemonset');
  });

  it('near miss: without ControllerRevisions, the failing revision is named from its Pod (DaemonSet name and hash)', () => {
    const w = verdictOf('revision-daemonset.yaml', 'DaemonSet', 'agent', (s) => ({ ...s, controllerRevisions: [] }));
    const full = verdictOf('revision-daemonset.yaml', 'DaemonSet', 'agent');
    expect(w.change).toEqual({ source: 'ControllerRevision', to: { name: full.change!.to.name }, from: null, missing: 'no-history', fields: [], noise: [], cause: [] });
  });
});

describe('near miss: revision-restart-only (a restart, the ConfigMap lost its key)', () => {
  it('nothing in the Pod template changed: restartedAt is noise, nothing is tied to the cause', () => {
    const w = deploymentVerdict('revision-restart-only.yaml', 'api');
    expect(w.findings[0]!.rule).toBe('kubelet/create-container-config-error');
    expect(w.change).toMatchObject({ to: { revision: 2 }, from: { revision: 1, evidence: 'ready-pods' }, fields: [], cause: [] });
    expect(w.change!.noise).toEqual(['label pod-template-hash', 'annotation kubectl.kubernetes.io/restartedAt']);
    const section = whatChanged(w);
    expect(section).toContain('nothing in the Pod template changed but what is left out as noise');
    expect(section).not.toContain('tied to the cause');
  });
});

describe('near miss: revision-first-failing (the first revision fails)', () => {
  it('there is nothing to compare with: no fields, no tie, no undo', () => {
    const w = deploymentVerdict('revision-first-failing.yaml', 'web');
    expect(w.findings[0]!.rule).toBe('image/not-found');
    expect(w.change).toMatchObject({ to: { revision: 1 }, from: null, missing: 'first-revision', fields: [], cause: [] });
    expect(w.change!.undo).toBeUndefined();
    expect(whatChanged(w)).toMatch(/^What changed {2}revision 1 \(ReplicaSet web-\w+\) is the first: there is nothing to compare with$/);
  });
});
