// Failing API servers, played by loopback HTTP servers this test starts (a real kube-apiserver cannot be
// made to throttle, fail or stall on demand; the live suite covers the real one). Each case must end within
// the request timeout with one clear line and exit 3; safe reads are retried with backoff.
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { kdiagAsync as kdiag } from '../support/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'kdiag-servers-'));
// Created as the test runs: a young Pending Pod is progressing (exit 0) whenever the suite runs.
const POD = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'shop', uid: 'u-1', creationTimestamp: new Date().toISOString() }, spec: { containers: [{ name: 'app', image: 'x' }] }, status: { phase: 'Pending' } };
const EMPTY_LIST = { kind: 'List', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: [] };

let server: http.Server | undefined;
afterEach(() => server?.close());

/** Starts a loopback API server; `handle` answers each request (its index counts requests). */
async function serve(handle: (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void): Promise<{ kubeconfig: string; requests: () => number }> {
  let n = 0;
  server = http.createServer((req, res) => handle(req, res, n++));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const kubeconfig = join(tmp, `kc-${port}.yaml`);
  writeFileSync(kubeconfig, `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: http://127.0.0.1:${port}\n    insecure-skip-tls-verify: true\nusers:\n- name: u\n  user:\n    token: t\ncontexts:\n- name: x\n  context: {cluster: c, user: u, namespace: shop}\ncurrent-context: x\n`);
  return { kubeconfig, requests: () => n };
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Audit-Id': 'secret-header-value', ...headers });
  res.end(JSON.stringify(body));
}

function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.url?.startsWith('/api/v1/namespaces/shop/pods/web')) json(res, 200, POD);
  else json(res, 200, EMPTY_LIST);
}

const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at |secret-header-value/);

describe('failing API servers', () => {
  it('429 with Retry-After: retried, then the diagnosis', async () => {
    const s = await serve((req, res, n) => (n < 2 ? json(res, 429, { kind: 'Status', message: 'too many requests' }, { 'Retry-After': '1' }) : answer(req, res)));
    const r = await kdiag(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).pod.name).toBe('web');
    expect(s.requests()).toBeGreaterThan(3);
  });

  it('429 that never ends: exit 3, one line', async () => {
    const s = await serve((_req, res) => json(res, 429, { kind: 'Status', message: 'too many requests' }, { 'Retry-After': '0' }));
    const r = await kdiag(['pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('throttling requests (429 Too Many Requests)');
    noStack(r.stderr);
  });

  it('500s: retried with backoff, then exit 3 with the server\'s Status message only', async () => {
    const s = await serve((_req, res) => json(res, 500, { kind: 'Status', message: 'etcdserver: request timed out' }));
    const t0 = Date.now();
    const r = await kdiag(['pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/answered 500 .*etcdserver: request timed out/);
    expect(s.requests()).toBeGreaterThanOrEqual(3 * 3); // 3 first-wave reads, each tried 3 times
    expect(Date.now() - t0).toBeLessThan(10_000);
    noStack(r.stderr);
  });

  it('a transient 503 is retried and the diagnosis succeeds', async () => {
    let failed = false;
    const s = await serve((req, res) => {
      if (!failed && req.url?.includes('/pods/web')) {
        failed = true;
        return json(res, 503, { kind: 'Status', message: 'unavailable' });
      }
      answer(req, res);
    });
    const r = await kdiag(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
  });

  it('a slow server: exit 3 within the request timeout', async () => {
    const s = await serve((req, res) => setTimeout(() => answer(req, res), 5_000).unref());
    const t0 = Date.now();
    const r = await kdiag(['pod', 'web', '--request-timeout', '1s'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('did not answer within 1s');
    expect(Date.now() - t0).toBeLessThan(4_500);
    noStack(r.stderr);
  });

  it('the server goes away mid-run: exit 3, one line', async () => {
    const s = await serve((req, res) => {
      if (req.url?.includes('/pods/web')) {
        answer(req, res);
        server!.close();
        server!.closeAllConnections();
      } else req.socket.destroy();
    });
    const r = await kdiag(['pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    noStack(r.stderr);
  });

  it('a response that is not JSON: exit 3, one line', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html>proxy login</html>');
    });
    const r = await kdiag(['pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('not JSON');
    noStack(r.stderr);
  });

  it('403 on the Pod itself: exit 3 naming the permission', async () => {
    const s = await serve((_req, res) => json(res, 403, { kind: 'Status', message: 'pods "web" is forbidden: User "u" cannot get resource "pods"' }));
    const r = await kdiag(['pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('not allowed to get pods in namespace "shop"');
    expect(r.stderr).toContain('hint: kdiag needs get on pods');
  });
});
