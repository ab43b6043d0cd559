// Connection reuse over TLS, counted on a loopback HTTPS server: connections opened, full (not resumed) TLS
// handshakes, requests. This server speaks only HTTP/1.1, so kdiag falls back to one keep-alive agent per
// command: parallel reads need one socket each (the first is the one that offered h2), and every later request
// reuses one of them. Against a server that speaks h2 everything is one connection: h2.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type http from 'node:http';
import { answer, closeAll, isList, json, kindOf, list, POD, serve } from './server.js';
import { kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

describe('connections per command (TLS)', () => {
  it('pod NAME: at most 4 connections (wave 1 reads 4 things at once) for all its requests, reused by later waves', async () => {
    // The Pod refused by the scheduler (PodScheduled=False, Unschedulable): the Nodes are read in wave 2.
    const refused = { ...POD, status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/1 nodes are available: 1 node(s) didn\'t match Pod\'s node affinity/selector.' }] } };
    const s = await serve((req, res) => (kindOf(req.url ?? '') === 'Pod' && !isList(req.url ?? '') ? json(res, 200, refused) : answer(req, res)), { tls: true });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    console.log(`pod NAME over TLS: ${s.requests()} requests, ${s.connections()} connections, ${s.fullHandshakes()} full TLS handshakes`);
    // The plan for an unscheduled Pod with no volumes, config or owner: the Pod, its Events by field selector
    // and the Services (wave 1), every Node (wave 2: taints, labels, room — the scheduling rules read them once
    // the scheduler has refused the Pod). kubectl describe makes 3 (it reads no Services and no Nodes); the
    // Services are what the readiness near-miss rule reads, the NetworkPolicies what the Pod's traffic part reads. Any other request here (a log, a second Events list) is a regression.
    expect([...s.paths].sort()).toEqual([
      '/api/v1/namespaces/shop/events?limit=2000&fieldSelector=involvedObject.name%3Dweb',
      '/api/v1/namespaces/shop/pods/web',
      '/api/v1/namespaces/shop/services?limit=2000',
      '/api/v1/nodes?limit=2000',
      '/apis/networking.k8s.io/v1/namespaces/shop/networkpolicies?limit=2000',
    ]);
    expect(s.requests()).toBeGreaterThan(s.connections());
    expect(s.connections()).toBeLessThanOrEqual(4);
    expect(s.fullHandshakes()).toBeLessThanOrEqual(s.connections());
  });

  it('pod NAME of a Pod the scheduler has not tried (no PodScheduled condition, no FailedScheduling): describe\'s 3 requests and the NetworkPolicies, one wave, no Nodes', async () => {
    const s = await serve(answer, { tls: true });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json', '-v'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect([...s.paths].sort()).toEqual([
      '/api/v1/namespaces/shop/events?limit=2000&fieldSelector=involvedObject.name%3Dweb',
      '/api/v1/namespaces/shop/pods/web',
      '/api/v1/namespaces/shop/services?limit=2000',
      '/apis/networking.k8s.io/v1/namespaces/shop/networkpolicies?limit=2000',
    ]);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('kdiag: GET [wave 1]'))).toHaveLength(4);
    expect(s.connections()).toBeLessThanOrEqual(4);
  });

  it('scan: one connection per kind listed at once, at most; the Pods\' later pages reuse them', async () => {
    // Pods in 5 pages of 1: pages 2-5 come after the first wave, on sockets already open.
    const paged = (req: http.IncomingMessage, res: http.ServerResponse): void => {
      const url = req.url ?? '';
      if (kindOf(url) !== 'Pod' || !isList(url)) return answer(req, res);
      const page = Number(/[?&]continue=p(\d)/.exec(url)?.[1] ?? 0);
      const pod = { ...POD, metadata: { ...POD.metadata, name: `web-${page}`, uid: `u-${page}` } };
      json(res, 200, list('Pod', [pod], { resourceVersion: '1', ...(page < 4 ? { continue: `p${page + 1}` } : {}) }));
    };
    const s = await serve(paged, { tls: true });
    const r = await kdiagAsync(['scan', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect([0, 1], r.stderr).toContain(r.code);
    expect(JSON.parse(r.stdout).items).toHaveLength(5);
    const podPaths = s.paths.filter((p) => kindOf(p) === 'Pod');
    // Asked for once in the first wave (a list that fits in one page would be taken as it is); paged, so read
    // again in its turn, page by page.
    expect(podPaths.filter((p) => /[?&]limit=500(&|$)/.test(p))).toHaveLength(1);
    const pages = podPaths.length - 1;
    const kinds = s.requests() - pages;
    console.log(`scan over TLS: ${s.requests()} requests (${kinds} kinds, ${pages} pages of Pods), ${s.connections()} connections, ${s.fullHandshakes()} full TLS handshakes`);
    expect(pages).toBe(5);
    expect(s.connections()).toBeLessThanOrEqual(kinds);
  });
});
