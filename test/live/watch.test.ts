// kdiag pod --watch follows a Pod through its stages (a watch, not polling) until it is Ready or failing.
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, liveAsync, freshNamespace } from './env.js';

const NS = 'kdiag-live-watch';
const pod = (name: string, image: string) => stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image, command: ['sleep', '3600'], readinessProbe: { exec: { command: ['true'] }, periodSeconds: 1 } }] } });

beforeAll(() => {
  freshNamespace(NS);
});
afterAll(() => kubectl(['delete', 'namespace', NS, '--wait=false']));

describe('kdiag pod --watch', () => {
  it('follows a good Pod to Ready: exit 0, the stages it passed on stderr, the report on stdout', async () => {
    kubectl(['apply', '-n', NS, '-f', '-'], pod('good', '127.0.0.1:5000/busybox:1'));
    const r = await liveAsync(['pod', 'good', '-n', NS, '--watch', '--timeout', '120s']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('HEALTHY');
    expect(r.stderr).toMatch(/^\[\d\d:\d\d:\d\d\] .*healthy/m);
  });

  it('stops as soon as a Pod is failing: exit 1 with the diagnosis', async () => {
    kubectl(['apply', '-n', NS, '-f', '-'], pod('bad', '127.0.0.1:5000/busybox:no-such-tag'));
    const t0 = Date.now();
    const r = await liveAsync(['pod', 'bad', '-n', NS, '--watch', '--timeout', '120s', '-o', 'json']);
    expect(r.code, r.stderr).toBe(1);
    expect(JSON.parse(r.stdout).findings[0].rule).toBe('image/not-found');
    expect(Date.now() - t0).toBeLessThan(60_000);
  });
});
