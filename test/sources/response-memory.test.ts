// node-versions: streamed HTTP answers through node:http
// The command's one memory budget for answers in flight (src/sources/cluster/response-memory.ts), through
// the real client against a loopback server: parallel reads share --max-response-size, and every read hands
// its bytes back however it ends, so reads one after another each get the whole of it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, type ApiClientOptions } from '../../src/sources/cluster/api-client.js';
import type { Connection } from '../../src/sources/cluster/connect.js';
import { ResponseMemory } from '../../src/sources/cluster/response-memory.js';

let server: http.Server | undefined;
afterEach(() => server?.close());

/** Every answer: a list padded to 600 KiB, sent in 64 KiB pieces a few ms apart (so parallel reads overlap). */
async function client(limit: number, options: Partial<ApiClientOptions> = {}): Promise<ApiClient> {
  server = http.createServer((_req, res) => {
    const body = Buffer.from(`{"kind":"PodList","apiVersion":"v1","metadata":{},"items":[]${' '.repeat(600 * 1024)}}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    let at = 0;
    const next = (): void => {
      if (res.destroyed) return;
      if (at >= body.length) return void res.end();
      res.write(body.subarray(at, (at += 64 * 1024)));
      setTimeout(next, 5);
    };
    next();
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const connection = { cluster: { name: 'c', server: `http://127.0.0.1:${port}` }, user: { name: 'u' }, contexts: ['test'], server: `http://127.0.0.1:${port}`, context: 'test', namespace: 'ns' } as unknown as Connection;
  return new ApiClient(connection, { timeoutMs: 10_000, retries: 0, maxResponseBytes: limit, ...options });
}

describe('one memory budget for the answers in flight', () => {
  it('two parallel reads of 600 KiB under a 1 MiB limit: one fails naming the reads together; the budget is handed back', async () => {
    const c = await client(2 ** 20);
    const results = await Promise.allSettled([c.get('/api/v1/pods', { what: 'pods' }), c.get('/api/v1/events', { what: 'events' })]);
    const failed = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason.message));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/sent more than 1 MiB for the answers kdiag was reading at once \(--max-response-size counts them together; [\d.]+ MiB of it for (pods|events)\)/);
    expect(c.memory.held).toBe(0);
    expect(c.memory.peak).toBeLessThanOrEqual(2 ** 20);
    // One after another, each read has the whole limit.
    await expect(c.get('/api/v1/pods', { what: 'pods' })).resolves.toMatchObject({ kind: 'PodList' });
    await expect(c.get('/api/v1/events', { what: 'events' })).resolves.toMatchObject({ kind: 'PodList' });
    expect(c.memory.held).toBe(0);
    c.close();
  });

  it('tells onBody the size of each JSON answer that arrived whole (what a scan\'s tiering counts), not of one refused', async () => {
    const sizes: number[] = [];
    const c = await client(2 ** 20, { onBody: (bytes) => sizes.push(bytes) });
    const whole = Buffer.byteLength(`{"kind":"PodList","apiVersion":"v1","metadata":{},"items":[]${' '.repeat(600 * 1024)}}`);
    await expect(c.get('/api/v1/pods', { what: 'pods' })).resolves.toMatchObject({ kind: 'PodList' });
    expect(sizes).toEqual([whole]);
    // Two at once pass the 1 MiB budget: the refused one is not counted.
    await Promise.allSettled([c.get('/api/v1/pods', { what: 'pods' }), c.get('/api/v1/events', { what: 'events' })]);
    expect(sizes).toEqual([whole, whole]);
    c.close();
  });

  it('takes nothing past its limit and gives back what was taken', () => {
    const m = new ResponseMemory(100);
    expect(m.take(60)).toBe(true);
    expect(m.take(41)).toBe(false);
    expect(m.held).toBe(60);
    expect(m.take(40)).toBe(true);
    m.give(100);
    expect(m.held).toBe(0);
    expect(m.peak).toBe(100);
  });

  it('a refused read hands its bytes back at once: a read beside it is not refused for them', async () => {
    const m = new ResponseMemory(100);
    expect(m.take(70)).toBe(true);
    expect(m.take(20)).toBe(true);
    m.giveRefused(70);
    expect(m.held).toBe(20);
    expect(m.take(80)).toBe(true);
    await new Promise((r) => setImmediate(r)); // the full collection it asked for runs here; the budget stays as it is
    expect(m.held).toBe(100);
  });
});
