// Answers no API server should give: endless or huge bodies, pages that never end, wrong shapes,
// optional kinds that are not served. Each ends with one line and exit 3, or a note, never a crash or a lie.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, closeAll, isList, json, kindOf, list, POD, serve } from './server.js';
import { expectOneLine, kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

/** An endless body: 64 KiB chunks as fast as the client reads them. */
function endless(res: http.ServerResponse): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.write('{"kind":"PodList","items":[');
  const pump = (): void => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

describe('bounded reads', () => {
  it('an endless body stops at --max-response-size with exit 3 naming it', async () => {
    const s = await serve((req, res) => (isList(req.url ?? '') && kindOf(req.url ?? '') === 'Pod' ? endless(res) : answer(req, res)));
    const r = await kdiagAsync(['scan', '--max-response-size', '8Mi'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, /sent more than 8 MiB for pods in namespace shop \(--max-response-size; /);
    expect(r.ms).toBeLessThan(5_000);
  });

  it('a Content-Length past the limit is refused before the body is read', async () => {
    const s = await serve((req, res) => {
      if (!req.url?.includes('/pods/web')) return answer(req, res);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(600 * 2 ** 20) });
      res.write('{');
    });
    const r = await kdiagAsync(['pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, 'sent more than 256 MiB for pod "web" (--max-response-size; 600 MiB so far)');
  });

  it('--max-response-size takes a quantity and refuses nonsense', async () => {
    const r = await kdiagAsync(['pod', 'web', '--max-response-size', 'lots'], { env: { KUBECONFIG: '/nonexistent' } });
    expectOneLine(r, 2, '--max-response-size: "lots" is not a size');
  });

  it('a heap too small for the answer is one line and exit 3, not a V8 abort', async () => {
    // 30 MiB of Pods for a 48 MiB old space: the parsed answer cannot fit.
    const items = Array.from({ length: 12_000 }, (_, i) => ({ ...POD, metadata: { ...POD.metadata, name: `p-${i}`, uid: `u-${i}`, labels: { a: 'x'.repeat(2400) } } }));
    const body = JSON.stringify(list('Pod', items));
    const s = await serve((req, res) => (isList(req.url ?? '') && kindOf(req.url ?? '') === 'Pod' ? json(res, 200, body) : answer(req, res)));
    const r = await kdiagAsync(['scan'], { env: { KUBECONFIG: s.kubeconfig, NODE_OPTIONS: '--max-old-space-size=48' }, timeoutMs: 30_000 });
    expectOneLine(r, 3, /does not fit in memory/);
    expect(r.stderr).toContain('hint: read less at once');
  });
});

describe('pagination guards', () => {
  it('a continue token that repeats ends the list (exit 3) after two pages, not thousands', async () => {
    const s = await serve((req, res) => (isList(req.url ?? '') ? json(res, 200, list(kindOf(req.url ?? ''), [], { continue: 'same' })) : answer(req, res)));
    const r = await kdiagAsync(['scan'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, 'repeats an earlier continue token');
    expect(s.requests()).toBeLessThan(30);
  });

  it('a continue token that is not a string: exit 3, not a forever loop', async () => {
    const s = await serve((req, res) => (isList(req.url ?? '') ? json(res, 200, list(kindOf(req.url ?? ''), [], { continue: { a: 1 } })) : answer(req, res)));
    const r = await kdiagAsync(['scan'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, 'metadata.continue is an object');
    expect(s.requests()).toBeLessThan(30);
  });
});

describe('shape checks', () => {
  const bodies: Array<[string, string, RegExp]> = [
    ['42', '42', /not a PodList for pods in namespace shop \(the body is a number\)/],
    ['[]', '[]', /not a PodList .*\(the body is an array\)/],
    ['null', 'null', /not a PodList .*\(the body is null\)/],
    ['{}', '{}', /not a PodList .*\(it has no items\)/],
    ['items: "x"', '{"kind":"PodList","items":"x"}', /not a PodList .*\(items is a string\)/],
    ['items: [1]', '{"kind":"PodList","items":[1]}', /not a PodList .*\(items\[0\] is a number\)/],
    ['a Status with 200', '{"kind":"Status","status":"Failure"}', /not a PodList .*\(its kind is "Status"\)/],
  ];
  for (const [name, body, message] of bodies) {
    it(`scan: a Pod list answered with ${name} is exit 3, never "No Pods found"`, async () => {
      const s = await serve((req, res) => (isList(req.url ?? '') && kindOf(req.url ?? '') === 'Pod' ? json(res, 200, body) : answer(req, res)));
      const r = await kdiagAsync(['scan'], { env: { KUBECONFIG: s.kubeconfig } });
      expectOneLine(r, 3, message);
      expect(r.stdout).toBe('');
    });
  }

  it('pod: the Pod answered with 42 or another kind is exit 3', async () => {
    for (const body of ['42', JSON.stringify({ ...POD, kind: 'Service' }), '{"kind":"Pod","metadata":{}}']) {
      const s = await serve((req, res) => (req.url?.includes('/pods/web') ? json(res, 200, body) : answer(req, res)));
      const r = await kdiagAsync(['pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
      expectOneLine(r, 3, /answered something that is not a Pod for pod "web"/);
      await s.close();
    }
  });

  it('an optional list that 404s (no EndpointSlice API) is a note, not an abort', async () => {
    const s = await serve((req, res) => (kindOf(req.url ?? '') === 'EndpointSlice' || kindOf(req.url ?? '') === 'Service' ? json(res, 404, { kind: 'Status', message: 'the server could not find the requested resource', reason: 'NotFound', code: 404 }) : answer(req, res)));
    const scan = await kdiagAsync(['scan'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(scan.code, scan.stderr).toBe(0);
    expect(scan.stdout).toContain('the API server does not serve services (404)');
    const pod = await kdiagAsync(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(pod.code, pod.stderr).toBe(0);
    expect(JSON.parse(pod.stdout).pod.name).toBe('web');
    expect(pod.stdout).toContain('Services not listed: the API server does not serve services (404)');
  });

  it('an optional list that 403s is a note; the diagnosis goes on', async () => {
    const s = await serve((req, res) => (kindOf(req.url ?? '') === 'Deployment' ? json(res, 403, { kind: 'Status', message: 'forbidden' }) : answer(req, res)));
    const r = await kdiagAsync(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).pod.name).toBe('web');
    const scan = await kdiagAsync(['scan'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(scan.code, scan.stderr).toBe(0);
    expect(scan.stdout).toContain('Deployments not visible: forbidden');
  });

  it('notes about kinds not visible come in one order, whichever 403 answers first', async () => {
    const forbidLater = (late: string) => (req: http.IncomingMessage, res: http.ServerResponse): void => {
      const kind = kindOf(req.url ?? '');
      if (kind !== 'Deployment' && kind !== 'Service') return answer(req, res);
      setTimeout(() => json(res, 403, { kind: 'Status', message: 'forbidden' }), kind === late ? 150 : 0);
    };
    const notes: string[][] = [];
    const unknown: string[] = [];
    for (const late of ['Deployment', 'Service']) {
      const s = await serve(forbidLater(late));
      const r = await kdiagAsync(['scan', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
      expect(r.code, r.stderr).toBe(0);
      notes.push((JSON.parse(r.stdout).notes as string[]).filter((n) => n.includes('not visible')));
      const text = await kdiagAsync(['scan'], { env: { KUBECONFIG: s.kubeconfig } });
      unknown.push(text.stdout.split('\n').find((l) => l.startsWith('Unknown (could not be read)')) ?? '');
    }
    expect(notes[0]).toHaveLength(2);
    expect(notes[1]).toEqual(notes[0]);
    // The line naming the kinds not checked too (the snapshot's order: Deployments before Services).
    expect(unknown[0]).toContain('Deployment, Service');
    expect(unknown[1]).toEqual(unknown[0]);
  });

  it('pod deploy/NAME when both the Deployment and the lists its Pods are found through are forbidden: the error names the Deployment, whichever 403 comes first', async () => {
    const forbid = (res: http.ServerResponse, what: string): void => json(res, 403, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Forbidden', code: 403, message: `${what} is forbidden: User "u" cannot do that` });
    // The Deployment's GET answers last, so a first-come choice would report the ReplicaSets.
    const s = await serve((req, res) => {
      const url = req.url ?? '';
      if (kindOf(url) === 'Deployment' && !isList(url)) setTimeout(() => forbid(res, 'deployments.apps "web"'), 300);
      else if (kindOf(url) === 'ReplicaSet' || kindOf(url) === 'Pod') forbid(res, kindOf(url) === 'Pod' ? 'pods' : 'replicasets.apps');
      else answer(req, res);
    });
    const r = await kdiagAsync(['pod', 'deploy/web', '-n', 'shop'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, /not allowed to get deployments in namespace "shop"/);
  });

  it('a 10 MB Status message becomes one clipped line', async () => {
    const s = await serve((_req, res) => json(res, 500, { kind: 'Status', message: `boom ${'x'.repeat(10 * 2 ** 20)}` }));
    const r = await kdiagAsync(['pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, /answered 500 for .*: boom x+… \[\d+ more characters\]/);
  });
});

describe('transport', () => {
  it('one keep-alive agent: one full TLS handshake per connection, connections reused across waves', async () => {
    // A Pod the scheduler refused: its Nodes are read in a second wave.
    const refused = { ...POD, status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/1 nodes are available: 1 Insufficient cpu.' }] } };
    const s = await serve((req, res) => (kindOf(req.url ?? '') === 'Pod' && !isList(req.url ?? '') ? json(res, 200, refused) : answer(req, res)), { tls: true });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json', '-v'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    // Wave 1 is four parallel reads: four sockets at most, reused by every later request.
    expect(r.stderr).toContain('[wave 2] /api/v1/nodes');
    expect(s.requests()).toBeGreaterThan(4);
    expect(s.connections()).toBeLessThanOrEqual(4);
  });
});
