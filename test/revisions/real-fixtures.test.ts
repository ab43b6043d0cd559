// Real captures from the test cluster (test/cluster/scenarios/revision-*.yaml): a good revision applied and Ready, then the breaking one.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { findTarget, type TargetKind } from '../../src/engine/targets.js';
import type { Snapshot } from '../../src/model/snapshot.js';
import { parseTime } from '../../src/model/time.js';
import { renderText } from '../../src/report/text.js';
import { readDumps } from '../../src/sources/dump.js';

function verdictOf(fixture: string, kind: TargetKind, name: string, edit: (s: Snapshot) => Snapshot = (s) => s) {
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
