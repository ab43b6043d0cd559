// gate --timeout is absolute through everything after the reads too: an evaluation, a render and writes to
// a stdout nobody reads. A Pod of 50,000 crashed containers makes that work long (before: the verdict came,
// then tens of thousands of log reads, two evaluations and an 9 MB report, minutes past the deadline).
// Bound checked: the run ends within --timeout + the 2 s slack, plus 1 s for the process's own start
// on a loaded machine (the gate's clock starts after it).
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { kdiagAsync, spawnKdiag } from '../support/cli.js';
import { closeAll, json, kindOf, list, serve } from './server.js';

afterEach(closeAll);

const CONTAINERS = 50_000;

function crashedPod(): Record<string, unknown> {
  const now = new Date().toISOString();
  const containers = [];
  const statuses = [];
  for (let i = 0; i < CONTAINERS; i++) {
    containers.push({ name: `c${i}`, image: `img${i}` });
    statuses.push({ name: `c${i}`, image: `img${i}`, ready: false, restartCount: 5, state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container' } }, lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: now, finishedAt: now } } });
  }
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'web', namespace: 'shop', uid: 'u-1', creationTimestamp: '2026-11-30T10:00:00Z', resourceVersion: '5' },
    spec: { nodeName: 'n1', containers },
    status: { phase: 'Running', conditions: [{ type: 'PodScheduled', status: 'True' }], containerStatuses: statuses },
  };
}

/** Lists (after `delayMs` from the first request) with the big Pod; watches hang; every log is one line. */
async function bigPodServer(delayMs: number) {
  const pods = JSON.stringify(list('Pod', [crashedPod()], { resourceVersion: '5' }));
  let first = 0;
  return serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '';
    first ||= Date.now();
    if (url.includes('watch=1')) return;
    const answer = (): void => {
      if (res.destroyed) return;
      if (url.includes('/log')) return void res.end('boom\n');
      if (kindOf(url) === 'Pod') return void (res.writeHead(200, { 'Content-Type': 'application/json' }), res.end(pods));
      json(res, 200, list(kindOf(url), [], { resourceVersion: '5' }));
    };
    setTimeout(answer, Math.max(0, first + delayMs - Date.now()));
  });
}

describe('capture: Events paged without end', () => {
  it('full pages of 2,000 Events, each with a new continue token: exit 3 at the command\'s time limit (6 × --request-timeout)', async () => {
    const events = Array.from({ length: 2000 }, (_, i) => ({ apiVersion: 'v1', kind: 'Event', metadata: { name: `e${i}`, namespace: 'shop' }, involvedObject: { kind: 'Pod', name: 'web', namespace: 'shop' }, reason: 'BackOff', type: 'Warning', message: `Back-off restarting failed container app ${i}`, lastTimestamp: '2026-11-30T10:05:00Z', count: 7 }));
    let page = 0;
    const s = await serve((req, res) => {
      const url = req.url ?? '';
      if (url.includes('watch=1')) return;
      if (url.startsWith('/api/v1/namespaces/shop/pods/web') && !url.includes('/log')) return json(res, 200, { ...crashedPodSmall() });
      if (kindOf(url) === 'Event') return json(res, 200, list('Event', events, { resourceVersion: '5', continue: `p${++page}` }));
      json(res, 200, list(kindOf(url), [], { resourceVersion: '5' }));
    });
    const r = await kdiagAsync(['capture', 'pod', 'web', '--request-timeout', '1s'], { env: { KUBECONFIG: s.kubeconfig }, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain("the command's time limit (6 × --request-timeout 1s) ran out");
    expect(r.ms).toBeLessThan(6_000 + 2_000 + 1_000);
  }, 60_000);
});

function crashedPodSmall(): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'shop', uid: 'u-1', creationTimestamp: '2026-11-30T10:00:00Z' }, spec: { containers: [{ name: 'app', image: 'x' }] }, status: { phase: 'Pending' } };
}

describe('gate --timeout after the reads', () => {
  it('reads that end near the deadline: no evaluation is started that would end past it; exit 5 at the deadline', async () => {
    const s = await bigPodServer(4_500);
    const r = await kdiagAsync(['gate', 'pod/web', '--timeout', '6s'], { env: { KUBECONFIG: s.kubeconfig }, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('gate --timeout 6s ran out before kdiag could judge what it read');
    expect(r.ms).toBeLessThan(6_000 + 2_000 + 1_000);
    // No log was read for the 50,000 crashed containers.
    expect(s.paths.filter((p) => p.includes('/log')).length).toBeLessThanOrEqual(3);
  }, 60_000);

  it('a verdict early, then a stdout nobody reads: the gate ends by its deadline with the verdict\'s code', async () => {
    const s = await bigPodServer(0);
    const started = performance.now();
    // 10 s: the verdict on 50,000 containers comes after 2-4 s on a loaded 2-core machine, and a render must
    // still fit before the deadline for the report to meet the unread stdout (with less left, the gate rightly
    // skips the render and says so instead).
    const child = spawnKdiag(['gate', 'pod/web', '--timeout', '10s'], { env: { KUBECONFIG: s.kubeconfig } });
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    // stdout is never read: the pipe fills after its first 64 KiB and the report stays queued in kdiag.
    child.stdout!.pause();
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? -1)));
    clearTimeout(timer);
    const ms = performance.now() - started;
    child.stdout!.destroy();
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/gate: failed after/);
    expect(stderr).toContain("gate --timeout 10s: stdout's reader did not take the whole report in time; the rest is dropped");
    expect(ms).toBeLessThan(10_000 + 2_000 + 1_000);
    expect(s.paths.filter((p) => p.includes('/log')).length).toBeLessThanOrEqual(3);
  }, 60_000);
});
