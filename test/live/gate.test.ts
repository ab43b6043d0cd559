// kdiag gate on the real cluster: a good rollout passes within seconds of becoming available; doomed ones
// fail well before the timeout with the right diagnosis; a slow one times out with exit 5.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, liveAsync, freshNamespace } from './env.js';

const NS = 'kdiag-live-gate';
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-gate-'));
const IMAGE = '127.0.0.1:5000/busybox:1';

function deployment(name: string, container: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return stringify({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name },
    spec: { replicas: 2, progressDeadlineSeconds: 600, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: IMAGE, command: ['sleep', '3600'], ...container }], ...extra } } },
  });
}

async function gate(args: string[]) {
  const t0 = Date.now();
  const r = await liveAsync(['gate', ...args, '-n', NS]);
  return { ...r, seconds: (Date.now() - t0) / 1000 };
}

beforeAll(() => {
  freshNamespace(NS);
  kubectl(['apply', '-n', NS, '-f', '-'], stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'creds' }, stringData: { user: 'app' } }));
});
afterAll(() => kubectl(['delete', 'namespace', NS, '--wait=false']));

describe('kdiag gate', () => {
  it('passes a good Deployment within seconds of it becoming available', async () => {
    kubectl(['apply', '-n', NS, '-f', '-'], deployment('good', { readinessProbe: { exec: { command: ['true'] }, periodSeconds: 1 } }));
    const junit = join(tmp, 'good.xml');
    const r = await gate(['deploy/good', '--timeout', '180s', '--junit', junit]);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toContain('GATE PASSED');
    const available = kubectl(['get', 'deploy', 'good', '-n', NS, '-o', 'jsonpath={.status.availableReplicas}']).stdout;
    expect(available).toBe('2');
    const xml = readFileSync(junit, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml).testsuites.failures).toBe('0');
  });

  const doomed: Array<[string, () => void, string, string]> = [
    ['a bad image', () => kubectl(['apply', '-n', NS, '-f', '-'], deployment('bad-image', { image: '127.0.0.1:5000/busybox:does-not-exist' })), 'deploy/bad-image', 'image/not-found'],
    ['a crash loop', () => kubectl(['apply', '-n', NS, '-f', '-'], deployment('crash', { command: ['sh', '-c', 'exit 1'] })), 'deploy/crash', 'container/crash-loop'],
    ['a missing Secret key', () => kubectl(['apply', '-n', NS, '-f', '-'], deployment('missing-key', { env: [{ name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'creds', key: 'password' } } }] })), 'deploy/missing-key', 'kubelet/create-container-config-error'],
    ['an unschedulable Pod', () => kubectl(['apply', '-n', NS, '-f', '-'], deployment('unschedulable', {}, { nodeSelector: { 'kdiag.io/no-such-label': 'x' } })), 'deploy/unschedulable', 'scheduling/node-selector-mismatch'],
    ['a failing Job', () => kubectl(['apply', '-n', NS, '-f', '-'], stringify({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'fails' }, spec: { backoffLimit: 1, template: { spec: { restartPolicy: 'Never', terminationGracePeriodSeconds: 1, containers: [{ name: 'job', image: IMAGE, command: ['sh', '-c', 'echo failing; exit 2'] }] } } } })), 'job/fails', ''],
  ];
  for (const [name, apply, target, rule] of doomed) {
    it(`fails fast on ${name}, with the diagnosis, well before the timeout`, async () => {
      apply();
      const junit = join(tmp, `${target.replace('/', '-')}.xml`);
      const r = await gate([target, '--timeout', '240s', '--grace', '20s', '--max-restarts', '2', '--junit', junit, '-o', 'json']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.seconds).toBeLessThan(150);
      const list = JSON.parse(r.stdout);
      const failing = list.items.filter((d: { status: string }) => d.status === 'failing');
      expect(failing.length).toBeGreaterThan(0);
      if (rule) expect(failing.map((d: { findings: Array<{ rule: string }> }) => d.findings[0]?.rule)).toContain(rule);
      const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(junit, 'utf8'));
      expect(doc.testsuites.testsuite.testcase.failure.type).toBe('failing');
    });
  }

  it('a rollout that is merely slow times out with exit 5 and names the stage', async () => {
    kubectl(['apply', '-n', NS, '-f', '-'], deployment('slow', { readinessProbe: { exec: { command: ['true'] }, initialDelaySeconds: 120, periodSeconds: 5 } }));
    const r = await gate(['deploy/slow', '--timeout', '25s']);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stdout).toContain('GATE TIMED OUT');
    expect(r.stdout).toMatch(/not finished.*\n.*pods? progressing at (readiness|container|image|cni)/);
  });

  it('emits GitHub annotations when GITHUB_ACTIONS=true', async () => {
    const r = await liveAsync(['gate', 'deploy/bad-image', '-n', NS, '--timeout', '60s'], undefined, { GITHUB_ACTIONS: 'true' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error title=kdiag gate%3A kdiag-live-gate\/deploy\/bad-image failed::/m);
  });
});
