// The HTTP/2 path: a loopback server that offers h2 and http/1.1 by ALPN, as kube-apiserver does. Every
// request of a command is a stream on one connection; the guarantees of the HTTP/1.1 path (deadlines and
// their phases, size limits while streaming, retries after a reset, a GOAWAY or a 429, error words, the
// process ending once the report is written) hold on it too.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/sources/cluster/api-client.js';
import type { Connection } from '../../src/sources/cluster/connect.js';
import { watchAll } from '../../src/sources/cluster/watch.js';
import { answer, closeAll, isList, json, kindOf, kubeconfigFor, list, POD, selfSigned, serve, tmp, trickle } from './server.js';
import { expectOneLine, kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

const streamOf = (req: http.IncomingMessage): http2.ServerHttp2Stream => (req as unknown as http2.Http2ServerRequest).stream;
const isPod = (req: http.IncomingMessage): boolean => kindOf(req.url ?? '') === 'Pod' && !isList(req.url ?? '');
const waveLines = (stderr: string, wave: number): string[] => stderr.split('\n').filter((l) => l.startsWith(`kdiag: GET [wave ${wave}]`));
// The Pod refused by the scheduler: its Nodes are read in wave 2.
const REFUSED = { ...POD, status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/1 nodes are available: 1 node(s) didn\'t match Pod\'s node affinity/selector.' }] } };

describe('HTTP/2: one connection, one TLS handshake', () => {
  it('pod NAME of a Pod the scheduler has not tried: describe\'s 3 requests and the NetworkPolicies, one wave, all streams on one connection (one full TLS handshake)', async () => {
    const s = await serve(answer, { h2: true });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json', '-v'], { env: { KUBECONFIG: s.kubeconfig }, timeoutMs: 8_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).pod.name).toBe('web');
    expect(waveLines(r.stderr, 1)).toHaveLength(4);
    expect(s.versions).toEqual(['2.0', '2.0', '2.0', '2.0']);
    expect(s.connections()).toBe(1);
    expect(s.fullHandshakes()).toBe(1);
  });

  it('a Pod the scheduler refused: wave 2 (the Nodes) is one more stream on the same connection', async () => {
    const s = await serve((req, res) => (isPod(req) ? json(res, 200, REFUSED) : answer(req, res)), { h2: true });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json', '-v'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(waveLines(r.stderr, 2)).toEqual(['kdiag: GET [wave 2] /api/v1/nodes?limit=2000']);
    expect(s.requests()).toBe(5);
    expect(s.connections()).toBe(1);
  });

  it('scan: every kind listed at once and every later page on one connection', async () => {
    const paged = (req: http.IncomingMessage, res: http.ServerResponse): void => {
      const url = req.url ?? '';
      if (kindOf(url) !== 'Pod' || !isList(url)) return answer(req, res);
      const page = Number(/[?&]continue=p(\d)/.exec(url)?.[1] ?? 0);
      json(res, 200, list('Pod', [{ ...POD, metadata: { ...POD.metadata, name: `web-${page}`, uid: `u-${page}` } }], { resourceVersion: '1', ...(page < 4 ? { continue: `p${page + 1}` } : {}) }));
    };
    const s = await serve(paged, { h2: true });
    const r = await kdiagAsync(['scan', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect([0, 1], r.stderr).toContain(r.code);
    expect(JSON.parse(r.stdout).items).toHaveLength(5);
    expect(s.requests()).toBeGreaterThan(10);
    expect(s.connections()).toBe(1);
    expect(s.fullHandshakes()).toBe(1);
  });

  it('scan of a small cluster: the Pods asked for once, in the first wave beside every other kind', async () => {
    const one = (req: http.IncomingMessage, res: http.ServerResponse): void => (kindOf(req.url ?? '') === 'Pod' && isList(req.url ?? '') ? json(res, 200, list('Pod', [POD], { resourceVersion: '1' })) : answer(req, res));
    const s = await serve(one, { h2: true });
    const r = await kdiagAsync(['scan', '-o', 'json', '-v'], { env: { KUBECONFIG: s.kubeconfig } });
    expect([0, 1], r.stderr).toContain(r.code);
    expect(JSON.parse(r.stdout).items.map((i: { pod: { name: string } }) => i.pod.name)).toEqual([POD.metadata.name]);
    expect(r.stderr.split('\n').filter((l) => /\/pods\?/.test(l))).toEqual(['kdiag: GET [wave 1] /api/v1/namespaces/shop/pods?limit=500']);
    expect(waveLines(r.stderr, 2)).toEqual([]);
  });

  it('…and a Pod list that does not fit in that page is read again in its turn, page by page (no continue token waits)', async () => {
    const paged = (req: http.IncomingMessage, res: http.ServerResponse): void => {
      const url = req.url ?? '';
      if (kindOf(url) !== 'Pod' || !isList(url)) return answer(req, res);
      const page = Number(/[?&]continue=p(\d)/.exec(url)?.[1] ?? 0);
      json(res, 200, list('Pod', [{ ...POD, metadata: { ...POD.metadata, name: `web-${page}`, uid: `u-${page}` } }], { resourceVersion: '1', ...(page < 2 ? { continue: `p${page + 1}` } : {}) }));
    };
    const s = await serve(paged, { h2: true });
    const r = await kdiagAsync(['scan', '-o', 'json', '-v'], { env: { KUBECONFIG: s.kubeconfig } });
    expect([0, 1], r.stderr).toContain(r.code);
    expect(JSON.parse(r.stdout).items.map((i: { pod: { name: string } }) => i.pod.name)).toEqual(['web-0', 'web-1', 'web-2']);
    expect(r.stderr.split('\n').filter((l) => /\/pods\?/.test(l))).toEqual([
      'kdiag: GET [wave 1] /api/v1/namespaces/shop/pods?limit=500',
      'kdiag: GET [wave 2] /api/v1/namespaces/shop/pods?limit=2000',
      'kdiag: GET [wave 3] /api/v1/namespaces/shop/pods?limit=2000&continue=p1',
      'kdiag: GET [wave 4] /api/v1/namespaces/shop/pods?limit=2000&continue=p2',
    ]);
  });

  it('the token and the impersonation headers go on every stream', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const s = await serve((req, res) => {
      seen.push({ auth: req.headers.authorization, user: req.headers['impersonate-user'], groups: req.headers['impersonate-group'], accept: req.headers.accept, agent: req.headers['user-agent'] });
      answer(req, res);
    }, { h2: true });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json', '--as', 'jane', '--as-group', 'dev', '--as-group', 'ops'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(seen).toHaveLength(4);
    for (const h of seen) {
      expect(h.auth).toBe('Bearer t');
      expect(h.user).toBe('jane');
      expect(String(h.groups)).toMatch(/^dev, ?ops$/);
      expect(h.agent).toBe('kdiag');
      expect(String(h.accept)).toMatch(/^application\/json/);
    }
  });

  it('a crashed container\'s log tail (text) is read as a stream too', async () => {
    const crashed = {
      ...POD,
      status: { phase: 'Running', containerStatuses: [{ name: 'app', ready: false, restartCount: 4, image: 'x', imageID: '', state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { exitCode: 1, reason: 'Error' } } }] },
    };
    const s = await serve((req, res) => {
      const url = req.url ?? '';
      if (url.includes('/log?')) {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return void res.end('panic: cannot open /etc/app.conf\n');
      }
      return isPod(req) ? json(res, 200, crashed) : answer(req, res);
    }, { h2: true });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.stderr).not.toMatch(/kdiag: /);
    expect(s.paths.some((p) => p.includes('/pods/web/log?') && p.includes('previous=true'))).toBe(true);
    expect(r.stdout).toContain('panic: cannot open /etc/app.conf');
    expect(s.connections()).toBe(1);
  });
});

describe('HTTP/2: credentials', () => {
  it('a 401 refreshes the exec plugin\'s credential once; the reads after it go on a new connection (its certificate may be new)', async () => {
    const counter = join(tmp, `h2-refresh-${Date.now()}`);
    const cmd = join(tmp, `h2-refresh-${Date.now()}.sh`);
    writeFileSync(cmd, `#!/bin/sh\necho x >> ${counter}\nn=$(wc -l < ${counter})\necho "{\\"apiVersion\\":\\"client.authentication.k8s.io/v1beta1\\",\\"kind\\":\\"ExecCredential\\",\\"status\\":{\\"token\\":\\"t$n\\"}}"\n`);
    chmodSync(cmd, 0o755);
    const s = await serve((req, res) => (req.headers.authorization === 'Bearer t2' ? answer(req, res) : json(res, 401, { kind: 'Status', message: 'Unauthorized' })), { h2: true, user: `exec:\n  apiVersion: client.authentication.k8s.io/v1beta1\n  command: ${cmd}\n  interactiveMode: Never` });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(s.connections()).toBe(2);
  });
});

describe('HTTP/2: deadlines, sizes, resets', () => {
  it('headers that never come end at --request-timeout, naming the phase', async () => {
    const s = await serve(() => {}, { h2: true });
    const r = await kdiagAsync(['pod', 'web', '--request-timeout', '1s'], { env: { KUBECONFIG: s.kubeconfig } });
    // Whichever of the wave's 4 reads gives up first is named (they share the deadline).
    expectOneLine(r, 3, /did not answer within 1s \(--request-timeout, while waiting for the response headers for (pod "web"|events in namespace shop|services in namespace shop|networkpolicies in namespace shop)\)/);
    expect(r.ms).toBeLessThan(4_000);
  });

  it('a server that picks h2 and then never speaks HTTP/2 (no SETTINGS, no answer) ends at --request-timeout', async () => {
    const server = tls.createServer({ ...selfSigned(), ALPNProtocols: ['h2'] }, (socket) => socket.on('error', () => {}));
    const sockets = new Set<tls.TLSSocket>();
    server.on('secureConnection', (c) => sockets.add(c));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const r = await kdiagAsync(['pod', 'web', '--request-timeout', '1s'], { env: { KUBECONFIG: kubeconfigFor(`https://127.0.0.1:${(server.address() as AddressInfo).port}`) } });
      expectOneLine(r, 3, /did not answer within 1s \(--request-timeout, while waiting for the response headers for (pod "web"|events in namespace shop|services in namespace shop|networkpolicies in namespace shop)\)/);
      expect(r.ms).toBeLessThan(4_000);
    } finally {
      for (const c of sockets) c.destroy();
      await new Promise((r) => server.close(r));
    }
  });

  it('a body trickled one byte at a time ends at --request-timeout, with the bytes read so far', async () => {
    const s = await serve((req, res) => (isPod(req) ? trickle(res, ' ', 100) : answer(req, res)), { h2: true });
    const r = await kdiagAsync(['pod', 'web', '--request-timeout', '1s'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, /did not answer within 1s \(--request-timeout, while reading the response body \(\d+ bytes so far\) for pod "web"\)/);
    expect(r.ms).toBeLessThan(4_000);
  });

  it('--max-response-size holds while the body streams in (no Content-Length) and against a declared one', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const streamed = await serve((req, res) => (isPod(req) ? trickle(res, chunk, 5) : answer(req, res)), { h2: true });
    const a = await kdiagAsync(['pod', 'web', '--max-response-size', '1Mi'], { env: { KUBECONFIG: streamed.kubeconfig } });
    expectOneLine(a, 3, /sent more than 1 MiB for pod "web" \(--max-response-size; [\d.]+ MiB so far\)/);
    const declared = await serve((req, res) => {
      if (!isPod(req)) return answer(req, res);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(600 * 2 ** 20) });
      res.write('{');
    }, { h2: true });
    const b = await kdiagAsync(['pod', 'web'], { env: { KUBECONFIG: declared.kubeconfig } });
    expectOneLine(b, 3, 'sent more than 256 MiB for pod "web" (--max-response-size; 600 MiB so far)');
    expect(a.ms + b.ms).toBeLessThan(8_000);
  });

  it('a stream reset before its answer is retried (a GET is idempotent); always reset, it is one line naming ECONNRESET', async () => {
    let resets = 0;
    const once = await serve((req, res) => {
      if (isPod(req) && resets++ === 0) return streamOf(req).close(http2.constants.NGHTTP2_INTERNAL_ERROR);
      answer(req, res);
    }, { h2: true });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: once.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(once.paths.filter((p) => p === '/api/v1/namespaces/shop/pods/web')).toHaveLength(2);
    expect(once.connections()).toBe(1);
    const always = await serve((req, res) => (isPod(req) ? streamOf(req).close(http2.constants.NGHTTP2_REFUSED_STREAM) : answer(req, res)), { h2: true });
    const a = await kdiagAsync(['pod', 'web'], { env: { KUBECONFIG: always.kubeconfig } });
    expectOneLine(a, 3, /cannot reach the API server at https:\/\/127\.0\.0\.1:\d+ \(ECONNRESET\)/);
    expect(always.paths.filter((p) => p === '/api/v1/namespaces/shop/pods/web')).toHaveLength(3);
  });

  it('a reset in the middle of the body is the same line as a connection closed mid-answer', async () => {
    const s = await serve((req, res) => {
      if (!isPod(req)) return answer(req, res);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"kind":"Pod",');
      setTimeout(() => streamOf(req).close(http2.constants.NGHTTP2_INTERNAL_ERROR), 50);
    }, { h2: true });
    const r = await kdiagAsync(['pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, /the API server at https:\/\/127\.0\.0\.1:\d+ closed the connection in the middle of the answer for pod "web"/);
  });

  it('GOAWAY: the requests after it go on a new connection', async () => {
    let answered = 0;
    const s = await serve((req, res) => {
      const session = streamOf(req).session;
      if (isPod(req)) json(res, 200, REFUSED);
      else answer(req, res);
      // The server ends its session (GOAWAY) once wave 1 is answered: the Nodes (wave 2) need a second connection.
      if (++answered === 3) session?.close();
    }, { h2: true });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json', '-v'], { env: { KUBECONFIG: s.kubeconfig }, timeoutMs: 8_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(s.paths).toContain('/api/v1/nodes?limit=2000');
    expect(s.connections()).toBe(2);
  });

  it('429 with Retry-After: 1 is waited and retried on the same connection; Retry-After: 30 is not waited out past --request-timeout', async () => {
    let throttled = 0;
    const s = await serve((req, res) => (isPod(req) && throttled++ === 0 ? json(res, 429, { kind: 'Status', message: 'slow down' }, { 'Retry-After': '1' }) : answer(req, res)), { h2: true });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.ms).toBeGreaterThan(1_000);
    expect(s.connections()).toBe(1);
    const slow = await serve((_req, res) => json(res, 429, { kind: 'Status', message: 'slow down' }, { 'Retry-After': '30' }), { h2: true });
    const t = await kdiagAsync(['pod', 'web', '--request-timeout', '2s'], { env: { KUBECONFIG: slow.kubeconfig } });
    expectOneLine(t, 3, 'throttling requests (429 Too Many Requests)');
    expect(t.ms).toBeLessThan(4_000);
  });

  it('a 403 Status body: an optional list is a note, the Pod itself is the one-line error', async () => {
    const forbid = (res: http.ServerResponse, what: string): void => json(res, 403, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Forbidden', code: 403, message: `${what} is forbidden: User "u" cannot list resource` });
    const s = await serve((req, res) => (kindOf(req.url ?? '') === 'Service' ? forbid(res, 'services') : answer(req, res)), { h2: true });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).notes).toContain('Services not visible: forbidden (needs list on services in namespace shop)');
    const p = await serve((req, res) => (isPod(req) ? forbid(res, 'pods "web"') : answer(req, res)), { h2: true });
    const e = await kdiagAsync(['pod', 'web'], { env: { KUBECONFIG: p.kubeconfig } });
    expectOneLine(e, 3, /forbidden/);
  });

  it('a watch is a stream on the same session: its status, its events, and it ends when the watch is stopped', async () => {
    let watches = 0;
    const s = await serve((req, res) => {
      const url = req.url ?? '';
      if (!url.includes('watch=1')) return json(res, 200, list('Pod', [], { resourceVersion: '10' }));
      watches++;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(`${JSON.stringify({ type: 'MODIFIED', object: { kind: 'Pod', metadata: { name: 'p', resourceVersion: '11' } } })}\n`);
    }, { h2: true });
    const client = new ApiClient({ cluster: { name: 'c', server: s.url, insecureSkipTlsVerify: true }, user: { name: 'u' }, contexts: ['x'], server: s.url, context: 'x', namespace: 'ns' } as unknown as Connection, { timeoutMs: 2_000, retries: 0 });
    const stop = new AbortController();
    const objects: string[] = [];
    const done = watchAll(client, [{ what: 'pods in ns', path: '/api/v1/namespaces/ns/pods', resourceVersion: '10' }], { onChange: () => {}, onObject: (_spec, type) => objects.push(type) }, stop.signal, { baseMs: 100, maxMs: 1_000, pollMs: 200 });
    const until = Date.now() + 3_000;
    while (objects.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    stop.abort();
    await done;
    client.close();
    expect(objects).toEqual(['MODIFIED']);
    expect(watches).toBe(1);
    expect(s.versions.every((v) => v === '2.0')).toBe(true);
    expect(s.connections()).toBe(1);
  });
});
