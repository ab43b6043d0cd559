// kubeconfig and identity flags the way kubectl reads them, against the real cluster: proxy-url through a
// loopback HTTP CONNECT proxy and a loopback SOCKS5 proxy (each counts the tunnels it opened; stopped, kdiag
// fails, so the traffic really went through it), missing KUBECONFIG entries, an http:// server (`kubectl
// proxy`), --server/--token/--certificate-authority/--insecure-skip-tls-verify/--as/--as-group; and the
// identity bound to exactly `kdiag rbac` (nothing on Secrets) gets the admin's verdicts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect as tcpConnect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kdiag, kdiagAsync } from '../support/cli.js';
import { ADMIN, KUBECTL, LIMITED, freshNamespace, kubectl, waitFor } from './env.js';

const NS = 'cli-kubeconfig';
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-kubeconfig-'));
const admin = parse(readFileSync(ADMIN, 'utf8'));
const server: string = admin.clusters[0].cluster.server;
const caFile = join(tmp, 'ca.crt');
writeFileSync(caFile, Buffer.from(admin.clusters[0].cluster['certificate-authority-data'], 'base64'));
const bare = { HOME: tmp }; // no ~/.kube/config, no KUBECONFIG: only what the flags say

function withProxy(proxyUrl: string): string {
  const file = join(tmp, `proxied-${proxyUrl.replace(/\W/g, '_')}.kubeconfig`);
  writeFileSync(file, stringify({ ...admin, clusters: [{ ...admin.clusters[0], cluster: { ...admin.clusters[0].cluster, 'proxy-url': proxyUrl } }] }));
  return file;
}

/**
 * An HTTP CONNECT proxy on loopback that records the targets it tunnelled to. `names` maps host names only the
 * proxy knows (no DNS lookup is made for them) to loopback addresses, as a corporate proxy resolves inside names.
 */
function connectProxy(names: Record<string, string> = {}): Promise<{ server: Server; url: string; tunnels: string[] }> {
  const tunnels: string[] = [];
  const proxy = createServer((_, res) => res.writeHead(405).end());
  proxy.on('connect', (req, client, head) => {
    tunnels.push(req.url ?? '');
    const [name, port] = (req.url ?? '').split(':');
    const host = names[name!] ?? name;
    if (host !== '127.0.0.1' && host !== '::1') return client.end('HTTP/1.1 403 Forbidden\r\n\r\n'); // loopback only
    const upstream = tcpConnect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).on('error', () => {});
      client.pipe(upstream).on('error', () => {});
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve({ server: proxy, url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, tunnels })));
}

/** A SOCKS5 proxy on loopback (no auth, CONNECT to IPv4 or a name) that records its targets. */
function socksProxy(): Promise<{ server: TcpServer; url: string; tunnels: string[] }> {
  const tunnels: string[] = [];
  const proxy = createTcpServer((client) => {
    client.on('error', () => {});
    client.once('data', () => {
      client.write(Buffer.from([5, 0]));
      client.once('data', (req) => {
        const atyp = req[3];
        let host: string;
        let at: number;
        if (atyp === 1) [host, at] = [[...req.subarray(4, 8)].join('.'), 8];
        else [host, at] = [req.subarray(5, 5 + req[4]!).toString(), 5 + req[4]!];
        const port = req.readUInt16BE(at);
        tunnels.push(`${host}:${port}`);
        const upstream = tcpConnect(port, host, () => {
          client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('error', () => client.destroy());
      });
    });
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve({ server: proxy, url: `socks5://127.0.0.1:${(proxy.address() as AddressInfo).port}`, tunnels })));
}

const pod = (name: string, container: object, volumes: object[] = []) => stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: '127.0.0.1:5000/busybox:1', command: ['sleep', '3600'], ...container }], volumes } });
const SCENARIOS = ['healthy', 'missing-secret-volume', 'missing-secret-key', 'missing-configmap', 'bad-image'];
let token = '';

beforeAll(async () => {
  freshNamespace(NS);
  kubectl(['apply', '-n', NS, '-f', '-'], stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, stringData: { user: 'app' } }));
  kubectl(['apply', '-n', NS, '-f', '-'], pod('healthy', {}));
  kubectl(['apply', '-n', NS, '-f', '-'], pod('missing-secret-volume', { volumeMounts: [{ name: 's', mountPath: '/s' }] }, [{ name: 's', secret: { secretName: 'nope' } }]));
  kubectl(['apply', '-n', NS, '-f', '-'], pod('missing-secret-key', { env: [{ name: 'P', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }] }));
  kubectl(['apply', '-n', NS, '-f', '-'], pod('missing-configmap', { volumeMounts: [{ name: 'c', mountPath: '/c' }] }, [{ name: 'c', configMap: { name: 'nope' } }]));
  kubectl(['apply', '-n', NS, '-f', '-'], pod('bad-image', { image: '127.0.0.1:5000/busybox:does-not-exist' }));
  // The identity kdiag rbac describes: a ServiceAccount bound to exactly its ClusterRoles (renamed for this test).
  const roles = kdiag(['rbac']).stdout.replace(/name: kdiag-/g, 'name: cli-test-kdiag-');
  expect(kubectl(['apply', '-f', '-'], roles).code).toBe(0);
  kubectl(['create', 'serviceaccount', 'diag', '-n', NS]);
  kubectl(['create', 'rolebinding', 'diag', '-n', NS, '--clusterrole', 'cli-test-kdiag-reader', `--serviceaccount=${NS}:diag`]);
  kubectl(['create', 'clusterrolebinding', 'cli-test-kdiag-cluster-reader', '--clusterrole', 'cli-test-kdiag-cluster-reader', `--serviceaccount=${NS}:diag`]);
  token = kubectl(['create', 'token', 'diag', '-n', NS, '--duration', '1h']).stdout.trim();
  const events = (name: string, reason: string) => kubectl(['get', 'events', '-n', NS, '--field-selector', `involvedObject.name=${name},reason=${reason}`, '-o', 'name']).stdout.trim() !== '';
  await waitFor('FailedMount and Failed events of the four broken Pods', () => events('missing-secret-volume', 'FailedMount') && events('missing-configmap', 'FailedMount') && events('bad-image', 'Failed') && events('missing-secret-key', 'Failed'), 120_000);
  await waitFor('pod healthy Ready', () => kubectl(['get', 'pod', 'healthy', '-n', NS, '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].status}']).stdout === 'True', 120_000);
}, 240_000);

afterAll(() => {
  kubectl(['delete', 'namespace', NS, '--wait=false']);
  kubectl(['delete', 'clusterrole', 'cli-test-kdiag-reader', 'cli-test-kdiag-cluster-reader', '--ignore-not-found']);
  kubectl(['delete', 'clusterrolebinding', 'cli-test-kdiag-cluster-reader', '--ignore-not-found']);
});

const verdicts = (stdout: string) => JSON.parse(stdout).items.map((d: { pod: { name: string }; status: string; stage: string | null; findings: Array<{ rule: string }> }) => `${d.pod.name} ${d.status} ${d.stage} ${d.findings[0]?.rule ?? '-'}`).sort();

describe('proxy-url', () => {
  it('HTTP CONNECT: every connection goes through the proxy; without it kdiag cannot connect', async () => {
    const proxy = await connectProxy();
    const file = withProxy(proxy.url);
    const r = await kdiagAsync(['scan', '-n', NS, '-o', 'json'], { env: { KUBECONFIG: file } });
    expect(r.code, r.stderr).toBe(1);
    expect(verdicts(r.stdout)).toHaveLength(SCENARIOS.length);
    expect(proxy.tunnels.length).toBeGreaterThan(0);
    expect(new Set(proxy.tunnels)).toEqual(new Set([new URL(server).host]));
    await new Promise((r) => proxy.server.close(r));
    const gone = await kdiagAsync(['scan', '-n', NS, '-o', 'json', '--request-timeout', '3s'], { env: { KUBECONFIG: file } });
    expect(gone.code).toBe(3);
  });

  it('HTTPS_PROXY from the environment (no proxy-url): kdiag and kubectl both tunnel through it; loopback stays direct', async () => {
    // A server name only the proxy can resolve: the scan can work only through the proxy.
    const inside = 'api.kdiag-env-proxy.test';
    const proxy = await connectProxy({ [inside]: '127.0.0.1' });
    const port = new URL(server).port;
    const file = join(tmp, 'env-proxy.kubeconfig');
    const { 'certificate-authority-data': _ca, ...cluster } = admin.clusters[0].cluster;
    writeFileSync(file, stringify({ ...admin, clusters: [{ ...admin.clusters[0], cluster: { ...cluster, server: `https://${inside}:${port}`, 'insecure-skip-tls-verify': true } }] }));
    const env = { KUBECONFIG: file, HTTPS_PROXY: proxy.url };
    const r = await kdiagAsync(['scan', '-n', NS, '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(1);
    expect(verdicts(r.stdout)).toHaveLength(SCENARIOS.length);
    expect(new Set(proxy.tunnels)).toEqual(new Set([`${inside}:${port}`]));
    // kubectl reads the same variable the same way (spawned asynchronously: the proxy runs in this process).
    const k = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(KUBECTL, ['get', 'pods', '-n', NS, '-o', 'name', '--request-timeout', '20s'], { env: { PATH: process.env.PATH ?? '', HOME: tmp, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (b: Buffer) => (stderr += b));
      child.on('close', (code) => done({ code, stderr }));
    });
    expect(k.code, k.stderr).toBe(0);
    // (NO_PROXY forms are unit-tested in test/sources/env-proxy.test.ts: a direct try of this name would need a DNS lookup.)
    const before = proxy.tunnels.length;
    // The usual loopback kubeconfig with HTTPS_PROXY set: loopback is never proxied (Go's rule too).
    const loop = await kdiagAsync(['pod', 'healthy', '-n', NS, '-o', 'json'], { env: { KUBECONFIG: ADMIN, HTTPS_PROXY: proxy.url } });
    expect(loop.code, loop.stderr).toBe(0);
    expect(proxy.tunnels.length).toBe(before);
    await new Promise((done) => proxy.server.close(done));
  });

  it('SOCKS5: the same', async () => {
    const proxy = await socksProxy();
    const r = await kdiagAsync(['pod', 'bad-image', '-n', NS, '-o', 'json'], { env: { KUBECONFIG: withProxy(proxy.url) } });
    expect(r.code, r.stderr).toBe(1);
    expect(JSON.parse(r.stdout).stage).toBe('image');
    expect(proxy.tunnels.length).toBeGreaterThan(0);
    proxy.server.close();
  });
});

describe('kubeconfig files and servers', () => {
  it('a missing file in KUBECONFIG=a:b is skipped, as kubectl does', () => {
    const r = kdiag(['pod', 'healthy', '-n', NS, '-o', 'json'], { env: { KUBECONFIG: `${join(tmp, 'does-not-exist')}:${ADMIN}` }, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
  });

  it('an http:// server (kubectl proxy) works with no kubeconfig at all', async () => {
    const child: ChildProcess = spawn(KUBECTL, ['proxy', '--port=0', '--address=127.0.0.1'], { env: { ...process.env, KUBECONFIG: ADMIN }, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (c: Buffer) => {
          const m = /127\.0\.0\.1:(\d+)/.exec(c.toString());
          if (m) resolve(m[1]!);
        });
        setTimeout(() => reject(new Error('kubectl proxy did not start')), 20_000);
      });
      const r = await kdiagAsync(['pod', 'missing-configmap', '-n', NS, '--server', `http://127.0.0.1:${port}`, '-o', 'json'], { env: bare });
      expect(r.code, r.stderr).toBe(1);
      expect(JSON.parse(r.stdout).stage).toBe('volume');
    } finally {
      child.kill();
    }
  });
});

describe('identity flags and least privilege', () => {
  it('the identity bound to kdiag rbac gets the same verdicts as the admin (via --server --token --certificate-authority)', () => {
    const asAdmin = kdiag(['scan', '-n', NS, '-o', 'json'], { env: { KUBECONFIG: ADMIN }, timeoutMs: 60_000 });
    const asReader = kdiag(['scan', '-n', NS, '-o', 'json', '--server', server, '--token', token, '--certificate-authority', caFile], { env: bare, timeoutMs: 60_000 });
    expect(asReader.code, asReader.stderr).toBe(asAdmin.code);
    expect(verdicts(asReader.stdout)).toEqual(verdicts(asAdmin.stdout));
    expect(verdicts(asAdmin.stdout).some((v: string) => v.startsWith('healthy healthy'))).toBe(true);
    // And it really has nothing on Secrets.
    expect(kubectl(['auth', 'can-i', 'list', 'secrets', '-n', NS, `--as=system:serviceaccount:${NS}:diag`]).stdout.trim()).toBe('no');
    for (const name of SCENARIOS) {
      const one = kdiag(['pod', name, '-n', NS, '-o', 'json', '--server', server, '--token', token, '--certificate-authority', caFile], { env: bare, timeoutMs: 60_000 });
      const full = kdiag(['pod', name, '-n', NS, '-o', 'json'], { env: { KUBECONFIG: ADMIN }, timeoutMs: 60_000 });
      const pick = (s: string) => { const d = JSON.parse(s); return [d.status, d.stage, d.findings[0]?.rule]; };
      expect(pick(one.stdout), `${name}: ${one.stderr}`).toEqual(pick(full.stdout));
      // What it could not read is said, not guessed.
      if (name === 'missing-secret-key') expect(JSON.parse(one.stdout).notes.join('\n')).toMatch(/Secrets.* not visible: forbidden/);
    }
  });

  it('--insecure-skip-tls-verify: without a CA the server is refused; with the flag it is accepted', () => {
    const refused = kdiag(['pod', 'healthy', '-n', NS, '--server', server, '--token', token], { env: bare, timeoutMs: 60_000 });
    expect(refused.code).toBe(3);
    const accepted = kdiag(['pod', 'healthy', '-n', NS, '--server', server, '--token', token, '--insecure-skip-tls-verify'], { env: bare, timeoutMs: 60_000 });
    expect(accepted.code, accepted.stderr).toBe(0);
  });

  it('--as impersonates a user, --as-group adds groups', () => {
    const nobody = kdiag(['pod', 'healthy', '-n', NS, '--as', 'cli-nobody'], { env: { KUBECONFIG: ADMIN }, timeoutMs: 60_000 });
    expect(nobody.code).toBe(3);
    expect(nobody.stderr).toMatch(/forbidden/i);
    const masters = kdiag(['pod', 'healthy', '-n', NS, '--as', 'cli-nobody', '--as-group', 'system:masters'], { env: { KUBECONFIG: ADMIN }, timeoutMs: 60_000 });
    expect(masters.code, masters.stderr).toBe(0);
  });
});

describe("kdiag's own kubeconfig reader beside kubectl (client-node never loaded)", () => {
  const DENY = { KDIAG_DENY_CLIENT_NODE: '1' };
  const cluster = admin.clusters[0].cluster;
  const user = admin.users[0].user;
  // Two files in different directories, each naming its certificates by relative paths; entries set in both.
  const dir = join(tmp, 'merge');
  for (const d of ['a/certs', 'b/keys']) mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, 'a/certs/ca.crt'), Buffer.from(cluster['certificate-authority-data'], 'base64'));
  writeFileSync(join(dir, 'b/keys/user.crt'), Buffer.from(user['client-certificate-data'], 'base64'));
  writeFileSync(join(dir, 'b/keys/user.key'), Buffer.from(user['client-key-data'], 'base64'));
  const a = join(dir, 'a/config');
  const b = join(dir, 'b/config');
  writeFileSync(a, stringify({ apiVersion: 'v1', kind: 'Config', 'current-context': 'real', contexts: [{ name: 'real', context: { cluster: 'c', user: 'u', namespace: NS } }], clusters: [{ name: 'c', cluster: { server, 'certificate-authority': 'certs/ca.crt' } }] }));
  writeFileSync(b, stringify({ apiVersion: 'v1', kind: 'Config', 'current-context': 'bogus', contexts: [{ name: 'bogus', context: { cluster: 'elsewhere', user: 'u' } }, { name: 'real', context: { cluster: 'elsewhere' } }], clusters: [{ name: 'c', cluster: { server: 'https://127.0.0.1:1' } }, { name: 'elsewhere', cluster: { server: 'https://127.0.0.1:1' } }], users: [{ name: 'u', user: { 'client-certificate': 'keys/user.crt', 'client-key': 'keys/user.key' } }] }));

  function both(env: Record<string, string>, args: string[] = []): { kdiag: number; kubectl: number; stdout: string; stderr: string } {
    const k = kdiag(['pod', 'healthy', '-o', 'json', '--request-timeout', '5s', ...args], { env: { ...bare, ...DENY, ...env }, timeoutMs: 60_000 });
    const c = spawnSync(KUBECTL, ['get', 'pod', 'healthy', '-o', 'name', '--request-timeout', '5s', ...args], { env: { PATH: process.env.PATH ?? '', ...bare, ...env }, encoding: 'utf8' });
    expect(k.stderr).not.toContain('KDIAG-TEST');
    return { kdiag: k.code, kubectl: c.status ?? -1, stdout: k.stdout, stderr: k.stderr };
  }

  it('KUBECONFIG=a:b: the first file to set current-context, a context or a cluster wins; a user only b sets comes from b; relative paths from each file', () => {
    const r = both({ KUBECONFIG: `${a}:${b}` });
    expect([r.kdiag, r.kubectl], r.stderr).toEqual([0, 0]);
    expect(JSON.parse(r.stdout).pod.namespace).toBe(NS); // the namespace of a's "real" context
  });

  it('KUBECONFIG=b:a: b\'s current-context (a cluster nothing listens on) wins in both; --context real picks b\'s "real", which wins over a\'s', () => {
    const r = both({ KUBECONFIG: `${b}:${a}` });
    expect(r.kubectl).not.toBe(0);
    expect(r.kdiag).toBe(3);
    expect(r.stderr).toContain('cannot reach the API server at https://127.0.0.1:1');
    const real = both({ KUBECONFIG: `${b}:${a}` }, ['--context', 'real', '-n', NS]);
    expect(real.kubectl).not.toBe(0);
    expect(real.kdiag).toBe(3);
  });

  it('the admin and least-privilege kubeconfigs as they are (client certificate data)', () => {
    const r = both({ KUBECONFIG: ADMIN }, ['-n', NS]);
    expect([r.kdiag, r.kubectl], r.stderr).toEqual([0, 0]);
    if (LIMITED) {
      const l = kdiag(['scan', '-o', 'json'], { env: { ...bare, ...DENY, KUBECONFIG: LIMITED }, timeoutMs: 60_000 });
      expect(l.stderr).not.toContain('KDIAG-TEST');
      expect([0, 1], l.stderr).toContain(l.code);
    }
  });
});
