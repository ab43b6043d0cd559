// With only get/list/watch on pods and events in one namespace, kdiag still diagnoses, says what it could
// not see, and claims nothing is missing that it could not check. Capture bundles hold no planted secret.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, LIMITED, live, waitFor, freshNamespace } from './env.js';

const LIMITED_NS = 'kdiag-limited';
const NS = 'kdiag-live-capture';
const PLANTED = 'kdiag-planted-Secret-Value-7f3a9c';
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-capture-'));

const pod = (name: string, spec: object, labels: Record<string, string> = {}) => stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: name, ...labels } }, spec: { terminationGracePeriodSeconds: 1, ...spec } });

beforeAll(async () => {
  freshNamespace(NS);
  // Limited namespace: one Pod that mounts a missing ConfigMap, one healthy Pod using an existing one.
  kubectl(['apply', '-n', LIMITED_NS, '-f', '-'], stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'present' }, data: { a: '1' } }));
  kubectl(['apply', '-n', LIMITED_NS, '-f', '-'], pod('lp-missing-cm', { containers: [{ name: 'app', image: '127.0.0.1:5000/busybox:1', command: ['sleep', '3600'], volumeMounts: [{ name: 'c', mountPath: '/c' }] }], volumes: [{ name: 'c', configMap: { name: 'does-not-exist' } }] }));
  kubectl(['apply', '-n', LIMITED_NS, '-f', '-'], pod('lp-ok', { containers: [{ name: 'app', image: '127.0.0.1:5000/busybox:1', command: ['sleep', '3600'], envFrom: [{ configMapRef: { name: 'present' } }] }] }));
  // Capture namespace: a crash-looping Pod whose env and logs carry a planted secret.
  kubectl(['apply', '-n', NS, '-f', '-'], stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, stringData: { password: PLANTED } }));
  kubectl(['apply', '-n', NS, '-f', '-'], pod('leaky', { containers: [{ name: 'app', image: '127.0.0.1:5000/busybox:1', command: ['sh', '-c', `echo "connecting with password=$DB_PASSWORD"; echo "token=$LITERAL"; exit 1`], env: [{ name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }, { name: 'LITERAL', value: PLANTED }] }] }));
  await Promise.all([
    waitFor('a FailedMount event of lp-missing-cm', () => kubectl(['get', 'events', '-n', LIMITED_NS, '--field-selector', 'involvedObject.name=lp-missing-cm,reason=FailedMount', '-o', 'name']).stdout.trim() !== '', 120_000),
    waitFor('pod lp-ok Ready', () => kubectl(['get', 'pod', 'lp-ok', '-n', LIMITED_NS, '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].status}']).stdout === 'True', 120_000),
    waitFor('pod leaky restarted twice', () => Number(kubectl(['get', 'pod', 'leaky', '-n', NS, '-o', 'jsonpath={.status.containerStatuses[0].restartCount}']).stdout || 0) >= 2, 120_000),
  ]);
});
afterAll(() => {
  kubectl(['delete', 'namespace', NS, '--wait=false']);
  kubectl(['delete', 'pod', 'lp-missing-cm', 'lp-ok', '-n', LIMITED_NS, '--wait=false']);
});

describe('least privilege (get/list/watch on pods and events in one namespace)', () => {
  it('still diagnoses the missing ConfigMap from the kubelet event, with notes on what it could not see', () => {
    const r = live(['pod', 'lp-missing-cm', '-n', LIMITED_NS, '-o', 'json'], LIMITED);
    expect(r.code, r.stderr).toBe(1);
    const d = JSON.parse(r.stdout);
    expect(d.stage).toBe('volume');
    expect(d.findings[0].rule).toBe('volume/missing-configmap-or-secret');
    expect(d.notes.join('\n')).toMatch(/node state not visible: forbidden \(needs get on nodes\)/);
    expect(d.notes.join('\n')).not.toMatch(/no Node objects in the input/);
  });

  it('makes no false "missing" claim about objects it was not allowed to read', () => {
    const r = live(['pod', 'lp-ok', '-n', LIMITED_NS, '-o', 'json'], LIMITED);
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(r.stdout);
    expect(d.status).toBe('healthy');
    expect(d.findings.filter((f: { severity: string }) => f.severity !== 'info')).toEqual([]);
    expect(d.notes.join('\n')).toMatch(/ConfigMaps not visible: forbidden/);
  });

  it('a namespace it may not read is a one-line exit 3, not a crash', () => {
    const r = live(['pod', 'leaky', '-n', NS], LIMITED);
    expect([3, 4]).toContain(r.code);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('capture → analyze', () => {
  it('writes a redacted bundle that reads back to the live diagnosis; no planted secret anywhere', () => {
    // The bundle and the live read must see the same state of the Pod: a crash loop changes it every few
    // seconds (back-off, a moment running, back-off). The pair is taken again while the Pod's
    // resourceVersion moved between them (a CI run caught the bundle in the running moment, the live
    // read in back-off).
    const version = () => kubectl(['get', 'pod', 'leaky', '-n', NS, '-o', 'jsonpath={.metadata.resourceVersion}']).stdout;
    let file = '';
    let c: ReturnType<typeof live> | undefined;
    let fromLive: any;
    for (let attempt = 0; attempt < 5; attempt++) {
      file = join(tmp, attempt === 0 ? 'leaky.yaml' : `leaky-${attempt}.yaml`);
      const before = version();
      c = live(['capture', 'pod', 'leaky', '-n', NS, '--output-file', file]);
      expect(c.code, c.stderr).toBe(0);
      fromLive = JSON.parse(live(['pod', 'leaky', '-n', NS, '-o', 'json']).stdout);
      if (version() === before) break;
    }
    const bundle = readFileSync(file, 'utf8');
    expect(bundle).toContain('kind: ContainerLog');
    expect(bundle).not.toContain(PLANTED);
    const fromBundle = JSON.parse(live(['pod', 'leaky', '-f', file, '-o', 'json']).stdout);
    const analyzed = JSON.parse(live(['analyze', file, '-o', 'json']).stdout);
    const v = (d: any) => ({ status: d.status, stage: d.stage, rule: d.findings[0]?.rule });
    expect(v(fromBundle)).toEqual(v(fromLive));
    expect(v(analyzed.items.find((d: any) => d.pod?.name === 'leaky'))).toEqual(v(fromLive));
    for (const out of [JSON.stringify(fromLive), JSON.stringify(fromBundle), c!.stderr]) expect(out).not.toContain(PLANTED);
  });

  it('refuses to overwrite an existing file', () => {
    const file = join(tmp, 'leaky.yaml');
    const r = live(['capture', 'pod', 'leaky', '-n', NS, '--output-file', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('already exists');
  });
});
