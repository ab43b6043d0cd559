// node-versions: a streamed HTTP answer through node:http (chunking, closes, errors)
// The watch loop against a loopback HTTP server. A mock on purpose: the real API server cannot be made
// to answer 410 Gone, an ERROR event, 500 or an instant close on demand (the live tests cover the normal
// path and the request rate on the real cluster, test/live/gate-verdicts.test.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/sources/cluster/api-client.js';
import type { Connection } from '../../src/sources/cluster/connect.js';
import { Backoff, Changes, watchAll } from '../../src/sources/cluster/watch.js';

type Handler = (url: URL, res: http.ServerResponse, n: number) => void;
let server: http.Server | undefined;
afterEach(() => server?.close());

async function serve(handler: Handler): Promise<{ client: ApiClient; urls: URL[] }> {
  const urls: URL[] = [];
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    urls.push(url);
    handler(url, res, urls.length);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const connection = { cluster: { name: 'c', server: `http://127.0.0.1:${port}` }, user: { name: 'u' }, contexts: ['test'], server: `http://127.0.0.1:${port}`, context: 'test', namespace: 'ns' } as unknown as Connection;
  return { client: new ApiClient(connection, { timeoutMs: 2_000, retries: 0 }), urls };
}

const event = (type: string, rv: string, extra: Record<string, unknown> = {}) => `${JSON.stringify({ type, object: { kind: 'Pod', metadata: { name: 'p', resourceVersion: rv }, ...extra } })}\n`;
const spec = { what: 'pods in ns', path: '/api/v1/namespaces/ns/pods', resourceVersion: '10' };
const watches = (urls: URL[]) => urls.filter((u) => u.searchParams.get('watch') === '1');

async function run(client: ApiClient, ms: number, tuning = {}) {
  const stop = new AbortController();
  let changes = 0;
  const notes: string[] = [];
  const done = watchAll(client, [spec], { onChange: () => changes++, onNote: (t) => notes.push(t) }, stop.signal, { baseMs: 100, maxMs: 1_000, pollMs: 200, ...tuning });
  await new Promise((r) => setTimeout(r, ms));
  stop.abort();
  await done;
  return { changes: () => changes, notes };
}

describe('watchAll', () => {
  it('watches from the list\'s resourceVersion and resumes from the last event\'s after the server ends the stream', async () => {
    const { client, urls } = await serve((url, res, n) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (n === 1) {
        res.write(event('MODIFIED', '11'));
        setTimeout(() => res.end(event('BOOKMARK', '15')), 1_100);
      } // later watches stay open
    });
    const r = await run(client, 1_600);
    const w = watches(urls);
    expect(w[0]!.searchParams.get('resourceVersion')).toBe('10');
    expect(w[0]!.searchParams.get('allowWatchBookmarks')).toBe('true');
    expect(w[1]!.searchParams.get('resourceVersion')).toBe('15');
    expect(w).toHaveLength(2);
    expect(r.changes()).toBe(1); // the bookmark is not a change
  });

  it('reads events split across chunks and several in one chunk, and holds only the line not yet ended against the memory budget', async () => {
    const objects: string[] = [];
    let heldMidway = -1;
    let client!: ApiClient;
    ({ client } = await serve((_url, res, n) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (n > 1) return; // later watches stay open
      const text = event('ADDED', '11') + event('MODIFIED', '12') + event('DELETED', '13');
      // The first event in three pieces, then the second and half the third, then the rest.
      const cuts = [10, 30, event('ADDED', '11').length, event('ADDED', '11').length + event('MODIFIED', '12').length + 20, text.length];
      let at = 0;
      const next = (i: number): void => {
        if (i === cuts.length) return void setTimeout(() => res.end(), 1_100);
        // The rest of the third event only once the client has read the second (and measured what it holds).
        if (i === 4 && heldMidway < 0) return void setTimeout(() => next(i), 20);
        res.write(text.slice(at, cuts[i]));
        at = cuts[i]!;
        setTimeout(() => next(i + 1), 30);
      };
      next(0);
    }));
    const stop = new AbortController();
    const done = watchAll(client, [{ ...spec, kind: 'Pod' }], { onChange: () => {}, onObject: (_s, type, o) => {
      objects.push(`${type} ${(o.metadata as { resourceVersion: string }).resourceVersion}`);
      if (type === 'MODIFIED') setImmediate(() => (heldMidway = client.memory.held));
    } }, stop.signal, { baseMs: 100, maxMs: 1_000 });
    await new Promise((r) => setTimeout(r, 1_000));
    stop.abort();
    await done;
    expect(objects).toEqual(['ADDED 11', 'MODIFIED 12', 'DELETED 13']);
    // The third event's first 20 characters (fewer, should the network split them), nothing of the two before.
    expect(heldMidway).toBeGreaterThan(0);
    expect(heldMidway).toBeLessThanOrEqual(20);
    expect(client.memory.held).toBe(0);
  });

  for (const [name, answer] of [
    ['410 Gone', (res: http.ServerResponse) => { res.writeHead(410); res.end('{"kind":"Status","code":410}'); }],
    ['an ERROR event with code 410', (res: http.ServerResponse) => { res.writeHead(200); res.end(`${JSON.stringify({ type: 'ERROR', object: { kind: 'Status', code: 410 } })}\n`); }],
  ] as const) {
    it(`on ${name}, re-reads a fresh resourceVersion, reports a change (events were missed) and resumes from it`, async () => {
      const { client, urls } = await serve((url, res, n) => {
        if (url.searchParams.get('watch') !== '1') {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ kind: 'PodList', metadata: { resourceVersion: '50' }, items: [] }));
        }
        if (n === 1) return answer(res);
        res.writeHead(200); // stays open
      });
      // The 410 throttles the client (one request a second): the fresh list, then the watch from it.
      const r = await run(client, 2_500);
      const list = urls.find((u) => u.searchParams.get('watch') !== '1')!;
      expect(list.searchParams.get('limit')).toBe('1');
      expect(watches(urls).map((u) => u.searchParams.get('resourceVersion'))).toEqual(['10', '50']);
      expect(r.changes()).toBe(1);
    });
  }

  for (const [name, answer] of [
    ['closes at once', (res: http.ServerResponse) => { res.writeHead(200); res.end(); }],
    ['answers 500', (res: http.ServerResponse) => { res.writeHead(500); res.end('{}'); }],
    ['answers 502 with HTML', (res: http.ServerResponse) => { res.writeHead(502); res.end('<html>bad gateway</html>'); }],
    ['sends a non-JSON line', (res: http.ServerResponse) => { res.writeHead(200); res.end('garbage\n'); }],
  ] as const) {
    it(`backs off exponentially when the server ${name} (no request storm)`, async () => {
      const { client, urls } = await serve((_url, res) => answer(res));
      await run(client, 2_000);
      // 100 ms doubling (with jitter) to a 1 s cap: at most ~7 attempts in 2 s, not thousands.
      expect(urls.length).toBeGreaterThanOrEqual(3);
      expect(urls.length).toBeLessThanOrEqual(8);
    });
  }

  it('falls back to slow polling with a note when the role may not watch (403)', async () => {
    const { client, urls } = await serve((_url, res) => {
      res.writeHead(403);
      res.end('{"kind":"Status","message":"forbidden"}');
    });
    const r = await run(client, 1_100);
    expect(urls).toHaveLength(1); // no retry of a watch it may not make
    expect(r.notes.join('\n')).toMatch(/not allowed to watch pods in ns: re-reading every 0s instead/);
    expect(r.changes()).toBeGreaterThanOrEqual(4); // every 200 ms
  });
});

describe('Backoff', () => {
  it('doubles with jitter up to the cap and restarts after reset', () => {
    const b = new Backoff(100, 1_000, () => 1);
    expect([b.next(), b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    b.reset();
    expect(b.next()).toBe(100);
    expect(new Backoff(100, 1_000, () => 0).next()).toBe(50);
  });
});

describe('Changes', () => {
  it('batches a burst of notifications into one, and times out when nothing happens', async () => {
    const c = new Changes(50, 500);
    expect(await c.next(30)).toBe(false);
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) setTimeout(c.notify, i * 20);
    expect(await c.next(1_000)).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(120);
    expect(await c.next(30)).toBe(false); // the burst was handed out once
  });
});
