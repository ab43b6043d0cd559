// Live benchmark figures against the real local test cluster (test/cluster). Objects are created
// through the API with the admin identity; the Pods carry a scheduling gate so they stay Pending
// without loading the scheduler or the kubelet (the figure is about reading them, not running them).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import https from 'node:https';
import { parse } from 'yaml';

const DEFAULT_KUBECONFIG = '/var/lib/kdiag-cluster/kubeconfig/admin.kubeconfig';

function loadAdmin(path) {
  const kc = parse(readFileSync(path, 'utf8'));
  const ctx = kc.contexts.find((c) => c.name === kc['current-context'])?.context;
  const cluster = kc.clusters.find((c) => c.name === ctx.cluster).cluster;
  const user = kc.users.find((u) => u.name === ctx.user).user;
  const pick = (data, file) => (data ? Buffer.from(data, 'base64') : file ? readFileSync(file) : undefined);
  return {
    server: new URL(cluster.server),
    agent: new https.Agent({ keepAlive: true, maxSockets: 16, ca: pick(cluster['certificate-authority-data'], cluster['certificate-authority']), cert: pick(user['client-certificate-data'], user['client-certificate']), key: pick(user['client-key-data'], user['client-key']) }),
  };
}

function request(api, method, path, body) {
  return new Promise((resolve, reject) => {
    const req = https.request(new URL(path, api.server), { method, agent: api.agent, headers: { 'Content-Type': 'application/json', Accept: 'application/json' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

async function createMany(api, path, objects, concurrency = 16) {
  let next = 0;
  let failed = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < objects.length) {
      const o = objects[next++];
      const r = await request(api, 'POST', path, o);
      if (r.status >= 300 && r.status !== 409) failed++;
    }
  }));
  if (failed > 0) throw new Error(`${failed} creations failed at ${path}`);
}

export async function benchLive({ BIN, kubectl, measure, paired, row, tmp, nodes = [process.execPath] }) {
  const kubeconfig = process.env.KUBECONFIG ?? (existsSync(DEFAULT_KUBECONFIG) ? DEFAULT_KUBECONFIG : undefined);
  const probe = kubeconfig && kubectl ? spawnSync(kubectl, ['get', '--raw', '/readyz'], { env: { ...process.env, KUBECONFIG: kubeconfig }, encoding: 'utf8', timeout: 10_000 }) : undefined;
  if (!probe || probe.status !== 0) {
    row('live: one Pod / scan 5,000 Pods', 0, undefined, '-', 'skipped', 'no local test cluster reachable (run test/cluster/up.sh)');
    return;
  }
  const env = { KUBECONFIG: kubeconfig };
  const api = loadAdmin(kubeconfig);
  const ns = 'kdiag-bench';
  await request(api, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });

  // One Pod: kdiag pod NAME vs kubectl describe pod NAME.
  await request(api, 'POST', `/api/v1/namespaces/${ns}/pods`, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'one', labels: { app: 'one' } }, spec: { schedulingGates: [{ name: 'kdiag.io/bench' }], containers: [{ name: 'app', image: '127.0.0.1:5000/busybox:1' }] } });
  const verbose = spawnSync(process.execPath, [BIN, 'pod', 'one', '-n', ns, '-v'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  const gets = verbose.stderr.split('\n').filter((l) => l.startsWith('kdiag: GET'));
  const waves = Math.max(...gets.map((l) => Number(/\[wave (\d+)\]/.exec(l)?.[1] ?? 0)));
  const described = spawnSync(kubectl, ['describe', 'pod', 'one', '-n', ns, '-v=6'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  const theirRequests = described.stderr.split('\n').filter((l) => /verb="GET"|GET https/.test(l)).length;
  // At 0 ms and at 50 ms round-trip time (a delay proxy on loopback in front of the same API server).
  for (const rtt of [0, 50]) {
    let kc = kubeconfig;
    let proxy;
    if (rtt > 0) {
      proxy = spawn(process.execPath, [join(dirname(BIN), '../bench/delay-proxy.mjs'), api.server.hostname, api.server.port || '443', String(rtt)], { stdio: ['ignore', 'pipe', 'inherit'] });
      const port = await new Promise((r) => proxy.stdout.once('data', (d) => r(String(d).trim())));
      kc = join(tmp, `kubeconfig-rtt-${rtt}`);
      writeFileSync(kc, readFileSync(kubeconfig, 'utf8').replaceAll(`${api.server.hostname}:${api.server.port}`, `127.0.0.1:${port}`));
    }
    for (const ca of process.env.NODE_EXTRA_CA_CERTS ? ['', process.env.NODE_EXTRA_CA_CERTS] : ['']) {
      const p = paired([process.execPath, [BIN, 'pod', 'one', '-n', ns]], [kubectl, ['describe', 'pod', 'one', '-n', ns]], { runs: 9, envA: { KUBECONFIG: kc, NODE_EXTRA_CA_CERTS: ca }, envB: { KUBECONFIG: kc } });
      row(`live: kdiag pod NAME vs kubectl describe pod NAME, ${rtt} ms RTT, ${ca ? 'with' : 'without'} NODE_EXTRA_CA_CERTS`, p.a, p.b, 'ms', '≤ 1.2× kubectl describe', `${gets.length} requests in ${waves} waves (describe: ${theirRequests} requests)`, p.ratio);
    }
    proxy?.kill();
  }
  // The other Node majors present (KDIAG_BENCH_NODES), at 0 ms without NODE_EXTRA_CA_CERTS: the runtime's own
  // start and TLS set-up differ more between them than kdiag's work does.
  for (const nodeBin of nodes.slice(1)) {
    const version = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' }).stdout.trim();
    spawnSync(nodeBin, [BIN, 'pod', 'one', '-n', ns], { env: { ...process.env, ...env } }); // its own code cache, written once
    const p = paired([nodeBin, [BIN, 'pod', 'one', '-n', ns]], [kubectl, ['describe', 'pod', 'one', '-n', ns]], { runs: 15, envA: { ...env, NODE_EXTRA_CA_CERTS: '' }, envB: env });
    const cpu = p.cpu ? `CPU ${p.cpu.a.toFixed(0)} vs ${p.cpu.b.toFixed(0)} ms, ${p.cpu.ratio.toFixed(2)}× (paired, 15 pairs)` : '';
    row(`live: kdiag pod NAME vs kubectl describe pod NAME, 0 ms RTT (Node ${version}, without NODE_EXTRA_CA_CERTS)`, p.a, p.b, 'ms', '≤ 1.2× kubectl describe', cpu, p.ratio);
  }

  // A small scan: the namespace of the one Pod above, read by both (the cluster's smallest size; -A reads the
  // N Pods below, which stay on the cluster between runs).
  const small = paired([process.execPath, [BIN, 'scan', '-n', ns, '-o', 'json']], [kubectl, ['get', 'pods', '-n', ns, '-o', 'json']], { runs: 11, envA: { ...env, NODE_EXTRA_CA_CERTS: '' }, envB: env });
  const smallCpu = small.cpu ? `CPU ${small.cpu.a.toFixed(0)} vs ${small.cpu.b.toFixed(0)} ms, ${small.cpu.ratio.toFixed(2)}× (11 pairs)` : '';
  row('live: kdiag scan -n NS vs kubectl get pods -n NS -o json, a namespace of one Pod, 0 ms RTT', small.a, small.b, 'ms', '≤ 1.2× kubectl get pods', smallCpu, small.ratio);

  // Scan: N Pods (KDIAG_BENCH_LIVE_PODS, default 5,000) and 4N Events in a namespace of their own, read with -A by both.
  const N = Number(process.env.KDIAG_BENCH_LIVE_PODS ?? 5000);
  const scanNs = `kdiag-bench-scan-${N}`;
  await request(api, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: scanNs } });
  const existing = JSON.parse((await request(api, 'GET', `/api/v1/namespaces/${scanNs}/pods?limit=1`)).body);
  if (!existing.items?.length) {
    const t0 = performance.now();
    const pods = Array.from({ length: N }, (_, i) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p-${i}`, labels: { app: `a-${i % 50}` } }, spec: { schedulingGates: [{ name: 'kdiag.io/bench' }], containers: [{ name: 'app', image: `127.0.0.1:5000/busybox:${i % 7}`, resources: { requests: { cpu: '10m', memory: '16Mi' } } }] } }));
    await createMany(api, `/api/v1/namespaces/${scanNs}/pods`, pods);
    const now = new Date().toISOString();
    const events = Array.from({ length: N * 4 }, (_, i) => ({ apiVersion: 'v1', kind: 'Event', metadata: { name: `p-${i % N}.${i}` }, involvedObject: { apiVersion: 'v1', kind: 'Pod', name: `p-${i % N}`, namespace: scanNs }, reason: i % 4 === 0 ? 'FailedScheduling' : 'Pulling', message: i % 4 === 0 ? '0/1 nodes are available: 1 Insufficient memory. no new claims to deallocate, preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.' : `Pulling image "127.0.0.1:5000/busybox:${i % 7}"`, type: i % 4 === 0 ? 'Warning' : 'Normal', count: 3, firstTimestamp: now, lastTimestamp: now, source: { component: 'kdiag-bench' } }));
    await createMany(api, `/api/v1/namespaces/${scanNs}/events`, events);
    process.stderr.write(`bench: created ${N} pods and ${N * 4} events in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  const scan = measure(process.execPath, [BIN, 'scan', '-A', '-o', 'json'], { env, runs: 1 });
  const p = paired([process.execPath, [BIN, 'scan', '-A', '-o', 'json']], [kubectl, ['get', 'pods', '-A', '-o', 'json']], { runs: 3, envA: env, envB: env });
  row(`live: kdiag scan -A of ${N} pods + ${N * 4} events vs kubectl get pods -A -o json`, p.a, p.b, 'ms', '≤ 1.2× kubectl get pods -o json', `peak ${scan.rssMiB?.toFixed(0) ?? '?'} MiB`, p.ratio);
  const v = spawnSync(process.execPath, [BIN, 'scan', '-A', '-v', '-o', 'json'], { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 30 });
  row('live: scan requests (independent of pod count)', v.stderr.split('\n').filter((l) => l.startsWith('kdiag: GET')).length, undefined, 'requests', 'O(kinds × pages)');
}
