// Deadlines, not idle timeouts: a server that trickles, stalls a TLS handshake, throttles with a long
// Retry-After, or works and then trickles must not keep a command alive past its bound.
import { afterEach, describe, expect, it } from 'vitest';
import { answer, closeAll, isList, json, kindOf, kubeconfigFor, list, serve, silent, trickle } from './server.js';
import { expectOneLine, kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

describe('deadlines', () => {
  it('a body trickled one byte at a time ends at --request-timeout, naming it and the phase', async () => {
    const s = await serve((req, res) => (req.url?.includes('/pods/web') ? trickle(res, ' ', 100) : answer(req, res)));
    const r = await kdiagAsync(['pod', 'web', '--request-timeout', '1s'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, /did not answer within 1s \(--request-timeout, while reading the response body \(\d+ bytes so far\) for pod "web"\)/);
    expect(r.ms).toBeLessThan(4_000);
  });

  it('headers that never come end at --request-timeout', async () => {
    const s = await serve(() => {});
    const r = await kdiagAsync(['scan', '--request-timeout', '1s'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, 'while waiting for the response headers');
    expect(r.ms).toBeLessThan(4_000);
  });

  it('a stalled TLS handshake ends at --request-timeout (not twice it)', async () => {
    const { port } = await silent();
    const r = await kdiagAsync(['pod', 'web', '--request-timeout', '1500ms'], { env: { KUBECONFIG: kubeconfigFor(`https://127.0.0.1:${port}`) } });
    expectOneLine(r, 3, 'in the TLS handshake');
    expect(r.ms).toBeLessThan(4_000);
  });

  it('429 with Retry-After: 30 is not waited out past --request-timeout', async () => {
    const s = await serve((_req, res) => json(res, 429, { kind: 'Status', message: 'slow down' }, { 'Retry-After': '30' }));
    const r = await kdiagAsync(['pod', 'web', '--request-timeout', '2s'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, 'throttling requests (429 Too Many Requests)');
    expect(r.ms).toBeLessThan(4_000);
  });

  it('retries and their waits stay inside one request deadline', async () => {
    // Each answer takes 600 ms and is a 503: three tries would take 1.8 s plus 0.6 s of backoff; the deadline is 1 s.
    const s = await serve((_req, res) => setTimeout(() => json(res, 503, { kind: 'Status', message: 'unavailable' }), 600));
    const r = await kdiagAsync(['pod', 'web', '--request-timeout', '1s'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(3);
    // Counted, not timed (a loaded machine stretches a process's start): a second try of a request cannot
    // end inside the deadline, a third must never be sent.
    const tries = new Map<string, number>();
    for (const p of s.paths) tries.set(p, (tries.get(p) ?? 0) + 1);
    expect(tries.get('/api/v1/namespaces/shop/pods/web'), s.paths.join('\n')).toBeGreaterThanOrEqual(1);
    expect(Math.max(...tries.values()), s.paths.join('\n')).toBeLessThanOrEqual(2);
  });

  it('gate --timeout is absolute: a server that answers, then trickles, ends the gate at its timeout (exit 5)', async () => {
    const deploy = {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: 'web', namespace: 'shop', uid: 'd-1', generation: 1, creationTimestamp: '2026-11-30T10:00:00Z' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'x' }] } } },
      status: { observedGeneration: 1, replicas: 1, updatedReplicas: 1, availableReplicas: 0 },
    };
    let lists = 0;
    const s = await serve((req, res) => {
      const url = req.url ?? '';
      if (url.includes('watch=1')) return; // watches hang: the gate's tick re-lists
      if (lists++ < 11) return json(res, 200, list(kindOf(url), kindOf(url) === 'Deployment' ? [deploy] : []));
      trickle(res, ' ', 200);
    });
    const r = await kdiagAsync(['gate', 'deploy/web', '--timeout', '3s', '--request-timeout', '60s'], { env: { KUBECONFIG: s.kubeconfig }, timeoutMs: 20_000 });
    expect(r.code, r.stderr).toBe(5);
    expect(r.ms).toBeLessThan(3_000 + 2_000 + 1_000);
  });

  it('pod, scan and capture end within their multiple of --request-timeout against a server that pages slowly forever', async () => {
    let page = 0;
    const s = await serve((req, res) => {
      if (!isList(req.url ?? '')) return answer(req, res);
      // Each page arrives just inside the request timeout, with a new continue token: never done.
      setTimeout(() => json(res, 200, list(kindOf(req.url ?? ''), [], { continue: `t${page++}` })), 50);
    });
    // 400 ms: each page (50 ms) stays well inside it even when this process is starved for a moment (the
    // suite runs a worker per core); 250 ms failed here once under load, a page's answer stalled past it.
    const r = await kdiagAsync(['scan', '--request-timeout', '400ms'], { env: { KUBECONFIG: s.kubeconfig }, timeoutMs: 25_000 });
    // scan's bound: 30 × --request-timeout = 12 s.
    expectOneLine(r, 3, "the command's time limit (30 × --request-timeout 400ms) ran out");
    expect(r.ms).toBeGreaterThan(11_500);
    // The bound: its deadline + 2 s, + 1 s for the process's own start on a loaded machine.
    expect(r.ms).toBeLessThan(12_000 + 2_000 + 1_000);
  }, 40_000);

  it('--request-timeout 30d works without a TimeoutOverflowWarning', async () => {
    const s = await serve(answer);
    const r = await kdiagAsync(['pod', 'web', '--request-timeout', '30d', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('TimeoutOverflowWarning');
  });
});
