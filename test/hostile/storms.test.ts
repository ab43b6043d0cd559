// Request storms: watches that deliver one event and close, 410 Gone and ERROR events, pages that never
// end. After the first sign of trouble a command makes at most one request a second, whatever the server
// does next (the budget is the client's; no answer resets it).
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, closeAll, isList, json, kindOf, list, POD, serve, type Served } from './server.js';
import { expectOneLine, kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

const DEPLOY = {
  apiVersion: 'apps/v1', kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop', uid: 'd-1', generation: 1, resourceVersion: '1', creationTimestamp: new Date().toISOString() },
  spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'x' }] } } },
  status: { observedGeneration: 1, replicas: 1, updatedReplicas: 1, availableReplicas: 0 },
};

const isWatch = (url: string): boolean => /[?&]watch=1/.test(url);
/** The watches opened together from the first lists' resourceVersion. */
const firstWatch = (url: string): boolean => isWatch(url) && url.includes('resourceVersion=1&');

/** An object of the kind a watch asks for, at a new resourceVersion. */
function objectFor(url: string, rv: number): Record<string, unknown> {
  const kind = kindOf(url);
  if (kind === 'Deployment') return { ...DEPLOY, metadata: { ...DEPLOY.metadata, resourceVersion: String(rv) } };
  return { kind, apiVersion: 'v1', metadata: { name: `x-${rv}`, namespace: 'shop', uid: `x-${rv}`, resourceVersion: String(rv) } };
}

/** Lists answer at once (the Deployment in its list); watches are left to `watch`. */
function cluster(watch: (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void) {
  return (req: http.IncomingMessage, res: http.ServerResponse, n: number): void => {
    const url = req.url ?? '';
    if (isWatch(url)) return watch(req, res, n);
    if (url.includes('/pods/web')) return json(res, 200, POD);
    if (!isList(url)) return answer(req, res);
    json(res, 200, list(kindOf(url), kindOf(url) === 'Deployment' ? [DEPLOY] : []));
  };
}

/** When the server first answered with trouble (an early close, a 410, a page that does not end the list). */
let troubleAt: number | undefined;
const trouble = (): void => {
  troubleAt ??= performance.now();
};
afterEach(() => {
  troubleAt = undefined;
});

/**
 * Requests the server saw after its first trouble, against the seconds from it to the end of the run: at
 * most one a second, plus the one that may be on its way when the second turns. `sentBefore` tells the
 * requests of the first plan (sent together, before any answer) that may arrive just after it.
 */
function expectOnePerSecondAfterTrouble(s: Served, endedAt: number, sentBefore: (path: string) => boolean): void {
  expect(troubleAt, 'the trouble never began').toBeDefined();
  const after = s.times.filter((t, i) => t > troubleAt! && !sentBefore(s.paths[i]!)).length;
  const seconds = (endedAt - troubleAt!) / 1000;
  if (process.env.DEBUG_STORM) console.log(s.paths.map((p, i) => `${(s.times[i]! - troubleAt!).toFixed(0)} ${p}`).join("\n"));
  expect(after, `${after} requests in ${seconds.toFixed(1)} s after the first trouble`).toBeLessThanOrEqual(Math.floor(seconds) + 1);
}

describe('watch storms', () => {
  it('gate: a watch that delivers one event and closes is re-opened at most once a second, all watches together', async () => {
    let rv = 10;
    const s = await serve(cluster((req, res) => {
      trouble();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`${JSON.stringify({ type: 'MODIFIED', object: objectFor(req.url ?? '', rv++) })}\n`);
    }));
    const r = await kdiagAsync(['gate', 'deploy/web', '--timeout', '6s'], { env: { KUBECONFIG: s.kubeconfig }, timeoutMs: 20_000 });
    const ended = performance.now();
    expect(r.code, r.stderr).toBe(5);
    // The deadline holds too: --timeout + the 2 s, + 1 s for the process's own start on a loaded machine.
    expect(r.ms).toBeLessThan(6_000 + 2_000 + 1_000);
    expectOnePerSecondAfterTrouble(s, ended, firstWatch);
  });

  it('gate: a 410 Gone ERROR event on every watch does not re-list the namespace more than once a second', async () => {
    const s = await serve(cluster((_req, res) => {
      trouble();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`${JSON.stringify({ type: 'ERROR', object: { kind: 'Status', status: 'Failure', reason: 'Expired', code: 410, message: 'too old resource version' } })}\n`);
    }));
    const r = await kdiagAsync(['gate', 'deploy/web', '--timeout', '6s'], { env: { KUBECONFIG: s.kubeconfig }, timeoutMs: 20_000 });
    const ended = performance.now();
    expect(r.code, r.stderr).toBe(5);
    // The deadline holds too: --timeout + the 2 s, + 1 s for the process's own start on a loaded machine.
    expect(r.ms).toBeLessThan(6_000 + 2_000 + 1_000);
    expectOnePerSecondAfterTrouble(s, ended, firstWatch);
  });

  it('gate: watches answered 410 Gone (the status, not an event) likewise', async () => {
    const s = await serve(cluster((_req, res) => {
      trouble();
      json(res, 410, { kind: 'Status', status: 'Failure', reason: 'Expired', code: 410 });
    }));
    const r = await kdiagAsync(['gate', 'deploy/web', '--timeout', '6s'], { env: { KUBECONFIG: s.kubeconfig }, timeoutMs: 20_000 });
    const ended = performance.now();
    expect(r.code, r.stderr).toBe(5);
    // The deadline holds too: --timeout + the 2 s, + 1 s for the process's own start on a loaded machine.
    expect(r.ms).toBeLessThan(6_000 + 2_000 + 1_000);
    expectOnePerSecondAfterTrouble(s, ended, firstWatch);
  });

  it('pod --watch: a watch that delivers one event and closes does not storm', async () => {
    let rv = 10;
    const s = await serve(cluster((req, res) => {
      trouble();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`${JSON.stringify({ type: 'ADDED', object: objectFor(req.url ?? '', rv++) })}\n`);
    }));
    const r = await kdiagAsync(['pod', 'web', '--watch', '--timeout', '5s'], { env: { KUBECONFIG: s.kubeconfig }, timeoutMs: 20_000 });
    const ended = performance.now();
    expect(r.code, r.stderr).toBe(5);
    expect(r.ms).toBeLessThan(5_000 + 2_000 + 1_000);
    expectOnePerSecondAfterTrouble(s, ended, firstWatch);
  });
});

describe('endless pagination', () => {
  it('scan: empty pages with a new continue token each time are read at most once a second, and end at the time limit', async () => {
    let page = 0;
    const s = await serve((req, res) => {
      if (!isList(req.url ?? '')) return answer(req, res);
      trouble();
      json(res, 200, list(kindOf(req.url ?? ''), [], { continue: `t${page++}` }));
    });
    const r = await kdiagAsync(['scan', '--request-timeout', '300ms'], { env: { KUBECONFIG: s.kubeconfig }, timeoutMs: 20_000 });
    const ended = performance.now();
    expectOneLine(r, 3, /time limit|not finished|continue/);
    // The first pages of each kind go out together; after them, one a second.
    expectOnePerSecondAfterTrouble(s, ended, (p) => !p.includes('continue='));
  });
});
