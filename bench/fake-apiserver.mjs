// A paginating fake API server on loopback, for the scale figure only: the real test cluster cannot hold
// 150,000 Pods on this machine. It answers list requests the way kube-apiserver does (limit/continue,
// resourceVersion) with the generated objects of bench/generate.mjs: Pods, their Events, Nodes, and the
// Pods' owners (a Deployment and its ReplicaSet per app and namespace), so a scan's workload pass is part
// of the figure. Every other kind is an empty list.
import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { node, pod, replicasOf, setClock, workloads } from './generate.mjs';

const nsOf = (i) => `ns-${Math.floor(i / 1000)}`;

/** One page of a list as JSON text, the way kube-apiserver answers `?limit=&continue=`. */
function pageText(kind, total, make, from, limit) {
  const items = [];
  let next = from;
  while (next < total && items.length < limit) for (const o of make(next++)) items.push(o);
  return JSON.stringify({ kind: `${kind}List`, apiVersion: kind === 'Deployment' || kind === 'ReplicaSet' ? 'apps/v1' : 'v1', metadata: { resourceVersion: '42', ...(next < total ? { continue: String(next) } : {}) }, items });
}

/**
 * Starts the server; resolves to its kubeconfig, the requests seen and close(). Pages of `pageSize` items
 * (kdiag's page size) are made before it listens, so serving them is I/O only and the figure is kdiag's.
 */
export async function startFakeApiServer({ pods, nodes, pageSize = 2000 }) {
  const seen = [];
  // Timestamps as a live cluster's: relative to now, or every heartbeat would read as stale.
  setClock(Date.now());
  const owners = Math.ceil(pods / 1000) * 50;
  const owner = (j, which) => {
    const replicas = replicasOf(pods, Math.floor(j / 50), j % 50);
    return replicas > 0 ? [workloads(nsOf(j * 20), j % 50, replicas)[which]] : [];
  };
  const kinds = {
    '/api/v1/pods': ['Pod', pods, (i) => [pod(nsOf(i), i).pod]],
    '/api/v1/events': ['Event', pods, (i) => pod(nsOf(i), i).events],
    '/api/v1/nodes': ['Node', nodes, (i) => [node(i)]],
    // Workload j is app-(j % 50) of namespace ns-(j / 50); a namespace past the last Pod has none.
    '/apis/apps/v1/deployments': ['Deployment', owners, (j) => owner(j, 'deployment')],
    '/apis/apps/v1/replicasets': ['ReplicaSet', owners, (j) => owner(j, 'replicaSet')],
  };
  const ready = new Map();
  for (const [path, [kind, total, make]] of Object.entries(kinds)) {
    for (let from = 0; from < total; ) {
      const text = pageText(kind, total, make, from, pageSize);
      ready.set(`${path}?${from}`, text);
      const next = /"continue":"(\d+)"/.exec(text.slice(0, 200));
      from = next ? Number(next[1]) : total;
    }
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(url.pathname + url.search);
    const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 500));
    const from = Number(url.searchParams.get('continue') ?? 0);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const list = kinds[url.pathname];
    if (list) res.end((limit === pageSize && ready.get(`${url.pathname}?${from}`)) || pageText(...list, from, limit));
    else if (url.pathname === '/version') res.end(JSON.stringify({ major: '1', minor: '34', gitVersion: 'v1.34.0-fake' }));
    else res.end(JSON.stringify({ kind: 'List', apiVersion: 'v1', metadata: { resourceVersion: '42' }, items: [] }));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  const dir = mkdtempSync(join(tmpdir(), 'kdiag-fake-'));
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, `apiVersion: v1\nkind: Config\nclusters:\n- name: fake\n  cluster:\n    server: http://127.0.0.1:${port}\n    insecure-skip-tls-verify: true\nusers:\n- name: u\n  user:\n    token: t\ncontexts:\n- name: fake\n  context: {cluster: fake, user: u}\ncurrent-context: fake\n`);
  return { kubeconfig, requests: seen, close: () => new Promise((r) => server.close(r)) };
}

// Run alone: node bench/fake-apiserver.mjs PODS NODES — prints the kubeconfig path and serves until killed.
if (import.meta.url === `file://${process.argv[1]}`) {
  const s = await startFakeApiServer({ pods: Number(process.argv[2] ?? 150000), nodes: Number(process.argv[3] ?? 5000) });
  console.log(s.kubeconfig);
}
