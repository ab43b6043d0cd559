import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { evaluateGate } from '../../src/engine/gate.js';
import { renderGithubAnnotations } from '../../src/report/github.js';
import { renderJunit } from '../../src/report/junit.js';
import { junitProblems } from '../support/junit-schema.js';
import { renderGateText } from '../../src/report/gate.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, IMAGE, node, obj, pod, T0 } from '../harness/builders.js';

const NOT_FOUND = `rpc error: code = NotFound desc = failed to pull and unpack image "${IMAGE}": failed to resolve reference "${IMAGE}": ${IMAGE}: not found`;

function deployment(status: Record<string, unknown>, generation = 2) {
  return obj('Deployment', 'api', { apiVersion: 'apps/v1', metadata: { generation, labels: { app: 'api' } }, spec: { replicas: 2, selector: { matchLabels: { app: 'api' } } }, status: { observedGeneration: generation, ...status } }, 'apps/v1');
}
function replicaSet(name: string, revision: string) {
  return obj('ReplicaSet', name, { metadata: { annotations: { 'deployment.kubernetes.io/revision': revision }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api', controller: true }] } }, 'apps/v1');
}
function rsPod(name: string, rs: string, status: Record<string, unknown>) {
  return pod({ metadata: { name, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rs, controller: true }] }, status });
}
const running = { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-100) }, ready: true })] };
const badImage = { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'ErrImagePull', message: NOT_FOUND } })] };

function gate(objects: unknown[]) {
  const engine = new Engine(snapshotFromObjects(objects), { now: T0 });
  return evaluateGate(engine, [{ kind: 'Deployment', name: 'api' }], 'shop', { maxRestarts: 3 });
}

describe('gate verdict', () => {
  it('passes when the controller reports the new revision fully available', () => {
    const [r] = gate([deployment({ replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2 }), replicaSet('api-new', '2'), rsPod('api-new-1', 'api-new', running), rsPod('api-new-2', 'api-new', running), node()]);
    expect(r!.state).toBe('passed');
  });

  it('waits while the controller has not observed the new generation, even if pods run', () => {
    const [r] = gate([deployment({ observedGeneration: 1, replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2 }), replicaSet('api-new', '2'), rsPod('api-new-1', 'api-new', running), node()]);
    expect(r!.state).toBe('waiting');
  });

  it('fails fast on an image that does not exist, naming the cause', () => {
    const [r] = gate([deployment({ replicas: 3, updatedReplicas: 1, readyReplicas: 2, availableReplicas: 2 }), replicaSet('api-old', '1'), replicaSet('api-new', '2'), rsPod('api-old-1', 'api-old', running), rsPod('api-new-1', 'api-new', badImage), node()]);
    expect(r!.state).toBe('failed');
    expect(r!.reason).toContain('api-new-1');
    expect(r!.diagnoses.some((d) => d.findings[0]?.rule === 'image/not-found')).toBe(true);
  });

  it('ignores failing pods of the old revision', () => {
    const [r] = gate([deployment({ replicas: 3, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1 }), replicaSet('api-old', '1'), replicaSet('api-new', '2'), rsPod('api-old-1', 'api-old', badImage), rsPod('api-new-1', 'api-new', running), node()]);
    expect(r!.state).toBe('waiting');
  });

  it('waits until the new Pods have stayed Ready for the settle time (a crashing container is Ready for a moment)', () => {
    const justReady = { ...running, conditions: conditions({ sandbox: true, ready: true, since: at(-1) }) };
    const objects = [deployment({ replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2 }), replicaSet('api-new', '2'), rsPod('api-new-1', 'api-new', justReady), rsPod('api-new-2', 'api-new', justReady), node()];
    const engine = new Engine(snapshotFromObjects(objects), { now: T0 });
    expect(evaluateGate(engine, [{ kind: 'Deployment', name: 'api' }], 'shop', { maxRestarts: 3, settleMs: 5000 })[0]!.state).toBe('waiting');
    const later = new Engine(snapshotFromObjects(objects), { now: T0 + 10_000 });
    expect(evaluateGate(later, [{ kind: 'Deployment', name: 'api' }], 'shop', { maxRestarts: 3, settleMs: 5000 })[0]!.state).toBe('passed');
  });

  it('a missing workload is reported as missing', () => {
    expect(gate([node()])[0]!.state).toBe('missing');
  });

  it('JUnit output is valid XML that a JUnit reader parses: one test case per workload, failures with the diagnosis', () => {
    const results = gate([deployment({ replicas: 2, updatedReplicas: 1 }), replicaSet('api-new', '2'), rsPod('api-new-1', 'api-new', badImage), node()]);
    const xml = renderJunit([...results, { target: 'job/ok', kind: 'Job', namespace: 'shop', name: 'ok', state: 'passed', progress: '1/1 succeeded', diagnoses: [] }], 'failed', 12_345, new Date(T0).toISOString());
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(junitProblems(xml)).toEqual([]);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suite = doc.testsuites.testsuite;
    expect(suite.tests).toBe('2');
    expect(suite.failures).toBe('1');
    const [failedCase, okCase] = suite.testcase;
    expect(failedCase.name).toBe('deploy/api');
    expect(failedCase.failure.type).toBe('failing');
    expect(failedCase.failure['#text']).toContain('image/not-found');
    expect(okCase.failure).toBeUndefined();
  });

  it('JUnit escapes hostile text', () => {
    const xml = renderJunit([{ target: 'deploy/x', kind: 'Deployment', namespace: 'a"<b>&', name: 'x', state: 'failed', progress: 'p', reason: 'bad \u001b[31m <tag> & "quotes"', diagnoses: [] }], 'failed', 1, '2026-11-30T10:00:00.000Z');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(junitProblems(xml)).toEqual([]);
  });

  it('GitHub annotations escape newlines and name the rule', () => {
    const results = gate([deployment({ replicas: 2, updatedReplicas: 1 }), replicaSet('api-new', '2'), rsPod('api-new-1', 'api-new', badImage), node()]);
    const out = renderGithubAnnotations(results, 'failed');
    expect(out).toMatch(/^::error title=kdiag gate%3A shop\/deploy\/api failed::.*\[image\/not-found\]%0AFix: /);
    expect(out.trim().split('\n')).toHaveLength(1);
  });

  it('the text summary rolls up replicas that share a cause', () => {
    const results = gate([deployment({ replicas: 2, updatedReplicas: 2 }), replicaSet('api-new', '2'), rsPod('api-new-1', 'api-new', badImage), rsPod('api-new-2', 'api-new', badImage), node()]);
    const text = renderGateText(results, 'failed', 3000, { color: false });
    expect(text).toContain('GATE FAILED after 3.0s');
    expect(text).toContain('2/2 pods failing at image: Image not found in the registry (image/not-found)');
    expect(text.match(/FAILING at image/g)).toHaveLength(1);
  });

  it('at a terminal\'s width the summary\'s lines wrap under their own indentation; piped (no width) each stays one line', () => {
    const results = gate([deployment({ replicas: 2, updatedReplicas: 2 }), replicaSet('api-new', '2'), rsPod('api-new-1', 'api-new', badImage), rsPod('api-new-2', 'api-new', badImage), node()]);
    const summary = (width?: number) => renderGateText(results, 'failed', 3000, { color: false, ...(width ? { width } : {}) }).split('\n\n')[0]!.split('\n');
    const narrow = summary(50);
    expect(narrow.every((l) => l.length <= 50), narrow.join('\n')).toBe(true);
    const at = narrow.findIndex((l) => l.startsWith('      2/2 pods failing'));
    expect(narrow[at + 1]).toMatch(/^ {8}\S/);
    expect(narrow.slice(at, at + 3).map((l) => l.trim()).join(' ')).toContain('2/2 pods failing at image: Image not found in the registry (image/not-found)');
    // Near miss: piped, the same line is whole.
    expect(summary()).toContain('      2/2 pods failing at image: Image not found in the registry (image/not-found)');
  });

  it('in zh-TW the target line and the rolled-up cause use full-width brackets around Chinese text', async () => {
    const { loadLanguage } = await import('../../src/i18n/load.js');
    await loadLanguage('zh-TW');
    const results = gate([deployment({ replicas: 2, updatedReplicas: 2 }), replicaSet('api-new', '2'), rsPod('api-new-1', 'api-new', badImage), rsPod('api-new-2', 'api-new', badImage), node()]);
    const text = renderGateText(results, 'failed', 3000, { color: false, lang: 'zh-TW' });
    const [target, group] = text.split('\n').slice(1, 3);
    expect(target).toMatch(/^ {2}✘ shop\/deploy\/api：失敗（.+）$/);
    // (The diagnoses were made in English here: the title is the engine's; the frame is the report's.)
    expect(group).toMatch(/^ {6}2\/2 個 Pod 失敗（映像檔階段）：.+（image\/not-found）$/);
    // Near miss: no ASCII bracket or colon-space is left between the Chinese words.
    expect(`${target}\n${group}`).not.toMatch(/ \(|\): /);
  });
});
