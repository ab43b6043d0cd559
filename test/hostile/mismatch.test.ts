// Answers that are well-formed but do not match the request: `items: null`, objects of another namespace,
// owner references that loop. None may become "no Pods" (exit 0 or 4): they are exit 3 naming the mismatch,
// or (a loop in the owners) read through.
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, closeAll, isList, json, kindOf, list, POD, serve } from './server.js';
import { expectOneLine, kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

const OLD = '2026-01-01T00:00:00Z';
const DEPLOY = {
  apiVersion: 'apps/v1', kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop', uid: 'd-1', generation: 1, resourceVersion: '1', creationTimestamp: OLD },
  spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'x' }] } } },
  status: { observedGeneration: 1, replicas: 1, updatedReplicas: 1, availableReplicas: 0 },
};

/** A cluster whose lists of `kind` are answered with `body`; the rest well-behaved, the Deployment served. */
function lists(kind: string, body: unknown) {
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const url = req.url ?? '';
    if (url.includes('/deployments/web')) return json(res, 200, DEPLOY);
    if (isList(url) && kindOf(url) === kind) return json(res, 200, body);
    if (isList(url) && kindOf(url) === 'Deployment') return json(res, 200, list('Deployment', [DEPLOY]));
    answer(req, res);
  };
}

describe('answers that do not match the request', () => {
  it('scan: items: null is exit 3 saying so, never "No Pods found."', async () => {
    const s = await serve(lists('Pod', { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: null }));
    const r = await kdiagAsync(['scan'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, /for pods in namespace shop \(items is null\)/);
    expect(r.stdout).toBe('');
  });

  it('pod deploy/NAME: ReplicaSets answered with items: null is exit 3, not a Deployment with no Pods', async () => {
    const s = await serve(lists('ReplicaSet', { kind: 'ReplicaSetList', apiVersion: 'apps/v1', metadata: { resourceVersion: '1' }, items: null }));
    const r = await kdiagAsync(['pod', 'deploy/web'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, /items is null/);
  });

  it('scan -n shop answered with Pods of another namespace: exit 3, the answer did not match the request', async () => {
    const other = { ...POD, metadata: { ...POD.metadata, namespace: 'default' } };
    const s = await serve(lists('Pod', list('Pod', [other])));
    const r = await kdiagAsync(['scan', '-n', 'shop'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, /does not match the request .*items\[0\] is in namespace "default", not "shop"/);
  });

  it('pod NAME answered with a Pod of another name or namespace: exit 3, not a diagnosis of the wrong Pod', async () => {
    for (const metadata of [{ ...POD.metadata, namespace: 'default' }, { ...POD.metadata, name: 'api' }]) {
      const s = await serve((req, res) => (req.url?.includes('/pods/web') ? json(res, 200, { ...POD, metadata }) : answer(req, res)));
      const r = await kdiagAsync(['pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
      expectOneLine(r, 3, /does not match the request/);
      await s.close();
    }
  });
});

describe('owner references that loop', () => {
  it('pod deploy/NAME: a ReplicaSet and its Deployment that own each other still show the Deployment\'s Pod', async () => {
    const rs = {
      apiVersion: 'apps/v1', kind: 'ReplicaSet',
      metadata: { name: 'web-1', namespace: 'shop', uid: 'rs-1', creationTimestamp: OLD, labels: { app: 'web' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-1', controller: true }] },
      spec: { replicas: 1, selector: { matchLabels: { app: 'web' } } },
      status: { replicas: 1 },
    };
    const looped = { ...DEPLOY, metadata: { ...DEPLOY.metadata, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'rs-1', controller: true }] } };
    const pod = {
      ...POD,
      metadata: { ...POD.metadata, name: 'web-1-a', uid: 'p-1', creationTimestamp: OLD, labels: { app: 'web' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'rs-1', controller: true }] },
      status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/1 nodes are available: 1 Insufficient cpu.' }] },
    };
    const s = await serve((req, res) => {
      const url = req.url ?? '';
      if (url.includes('/deployments/web')) return json(res, 200, looped);
      if (!isList(url)) return answer(req, res);
      const items: Record<string, unknown[]> = { Deployment: [looped], ReplicaSet: [rs], Pod: [pod] };
      json(res, 200, list(kindOf(url), items[kindOf(url)] ?? []));
    });
    const r = await kdiagAsync(['pod', 'deploy/web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('web-1-a');
  });
});
