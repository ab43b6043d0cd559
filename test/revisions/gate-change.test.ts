// A failed rollout's gate output says what changed, in text, JUnit and GitHub annotations, and the way back names the revision.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { evaluateGate } from '../../src/engine/gate.js';
import { loadLanguage } from '../../src/i18n/load.js';
import { renderGateText } from '../../src/report/gate.js';
import { renderGithubAnnotations } from '../../src/report/github.js';
import { renderJunit } from '../../src/report/junit.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { node, T0 } from '../harness/builders.js';
import { deployment, NEW, OLD, pullingPod, readyPod, replicaSet, template } from './rollout-objects.js';

function gate() {
  const good = replicaSet('web-5d8b', 6, -86400, template('5d8b'), { replicas: 2, availableReplicas: 2, readyReplicas: 2 });
  const bad = replicaSet('web-6f7c', 7, -600, template('6f7c', { image: NEW }));
  const objects = [deployment(7, { image: NEW }), good, bad, readyPod('web-5d8b', 'web-5d8b-a'), pullingPod('web-6f7c', 'web-6f7c-x'), node()];
  return evaluateGate(new Engine(snapshotFromObjects(objects, 'test'), { now: T0 }), [{ kind: 'Deployment', name: 'web' }], 'shop', { maxRestarts: 3 });
}

describe('gate: a rollout failed by a new image tag that does not exist', () => {
  it('fails with the change and the undo to the revision that worked', () => {
    const [r] = gate();
    expect(r!.state).toBe('failed');
    expect(r!.rollback?.command).toBe('kubectl rollout undo deploy/web --to-revision=6 -n shop');
    expect(r!.change?.cause).toMatchObject([{ field: 'containers[app].image', confidence: 'high' }]);
  });

  it('text: the workload verdict with the diff, once', () => {
    const text = renderGateText(gate(), 'failed', 12_000, { color: false });
    expect(text).toContain(`~ containers[app].image: ${OLD} → ${NEW}`);
    expect(text.match(/What changed/g)).toHaveLength(1);
    expect(text).toContain('way back: kubectl rollout undo deploy/web --to-revision=6 -n shop');
  });

  it('text: the summary names the changed field tied to the cause, before the way back', () => {
    const text = renderGateText(gate(), 'failed', 12_000, { color: false });
    const summary = text.slice(0, text.indexOf('\n\n'));
    expect(summary).toContain('      what changed since revision 6: ~ containers[app].image (tied to the cause, high confidence)\n      way back: kubectl rollout undo');
  });

  it('JUnit: the failure body carries the diff and the tie', () => {
    const xml = renderJunit(gate(), 'failed', 12_000, '2026-11-30T10:00:00Z');
    expect(xml).toContain(`What changed: revision 7 (ReplicaSet web-6f7c) against revision 6 (ReplicaSet web-5d8b)`);
    expect(xml).toContain(`~ containers[app].image: ${OLD} → ${NEW}`);
    expect(xml).toContain('tied to the cause (high confidence, image/not-found)');
  });

  it('GitHub: the annotation carries the diff on escaped lines', () => {
    const out = renderGithubAnnotations(gate(), 'failed');
    expect(out).toMatch(/^::error title=/);
    expect(out).toContain(`%0A  ~ containers[app].image: ${OLD} → ${NEW}%0A`);
    expect(out.trimEnd().split('\n')).toHaveLength(1);
  });

  it('zh-TW: the section in Traditional Chinese', async () => {
    await loadLanguage('zh-TW');
    const text = renderGateText(gate(), 'failed', 12_000, { color: false, lang: 'zh-TW' });
    expect(text).toContain('變更內容');
    expect(text).toContain('修訂版本 7（ReplicaSet web-6f7c） 對照 修訂版本 6（ReplicaSet web-5d8b），最後一個正常運作的版本');
    expect(text).toContain('復原至 修訂版本 6（ReplicaSet web-5d8b）：');
    expect(text).toContain('自 修訂版本 6 以來的變更：~ containers[app].image（與原因相關，信心：');
  });
});
