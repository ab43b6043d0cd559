// Real captures from the test cluster (test/cluster/scenarios/revision-*.yaml): a good revision applied and Ready, then the breaking one.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { findTarget } from '../../src/engine/targets.js';
import { parseTime } from '../../src/model/time.js';
import { readDumps } from '../../src/sources/dump.js';

function deploymentVerdict(fixture: string, name: string) {
  const { snapshot } = readDumps([resolve(__dirname, '../../fixtures/real', fixture)]);
  const engine = new Engine(snapshot, { now: parseTime(snapshot.meta.capturedAt)! });
  return diagnoseWorkloadTarget(engine, 'Deployment', findTarget(engine.snapshot, { kind: 'Deployment', name }, undefined))[0]!;
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
