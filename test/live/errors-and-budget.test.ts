// Live error paths and the request budget, against the real API server and loopback endpoints.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, kubectl, live, waitFor, freshNamespace } from './env.js';

const NS = 'kdiag-live-errors';
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-live-'));
const admin = parse(readFileSync(ADMIN, 'utf8'));

/** A copy of the admin kubeconfig with some fields changed. */
function kubeconfigWith(change: (kc: any) => void): string {
  const kc = structuredClone(admin);
  change(kc);
  const file = join(tmp, `kc-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, stringify(kc));
  return file;
}
const cluster = (kc: any) => kc.clusters[0].cluster;

beforeAll(async () => {
  freshNamespace(NS);
  kubectl(['apply', '-n', NS, '-f', '-'], stringify({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'budget', labels: { app: 'budget' } },
    spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: '127.0.0.1:5000/busybox:1', command: ['sh', '-c', 'echo boom; exit 3'], envFrom: [{ configMapRef: { name: 'missing-cm', optional: true } }, { secretRef: { name: 'missing-secret', optional: true } }] }],
      volumes: [{ name: 'c', configMap: { name: 'cm', optional: true } }] },
  }));
  await waitFor('pod budget restarted once', () => kubectl(['get', 'pod', 'budget', '-n', NS, '-o', 'jsonpath={.status.containerStatuses[0].restartCount}']).stdout.trim() >= '1', 90_000);
});
afterAll(() => kubectl(['delete', 'namespace', NS, '--wait=false']));

describe('request budget', () => {
  it('one Pod takes ≤ 12 requests in ≤ 3 waves, even when it references ConfigMaps, Secrets and a crashed container', () => {
    const r = live(['pod', 'budget', '-n', NS, '-v']);
    const gets = r.stderr.split('\n').filter((l) => l.startsWith('kdiag: GET'));
    const waves = gets.map((l) => Number(/\[wave (\d+)\]/.exec(l)?.[1]));
    expect(gets.length, gets.join('\n')).toBeLessThanOrEqual(12);
    expect(Math.max(...waves)).toBeLessThanOrEqual(3);
    // The previous log while it waits to restart; the current one while it is terminated now (between crash and restart).
    expect(gets.some((l) => l.includes('/log?')), 'crashed container log read').toBe(true);
  });

  it('scan issues one paginated list per kind, independent of the Pod count', () => {
    const r = live(['scan', '-n', NS, '-v', '-o', 'json']);
    const gets = r.stderr.split('\n').filter((l) => l.startsWith('kdiag: GET'));
    // 12 lifecycle kinds, ControllerRevisions and 4 of the traffic path (NetworkPolicies, Ingresses, IngressClasses, Namespaces).
    expect(gets.length).toBe(17);
    expect(new Set(gets.map((l) => l.replace(/\?.*/, ''))).size).toBe(17);
    expect(gets.some((l) => /\/apis\/batch\/v1\/namespaces\/[^/]+\/cronjobs\b/.test(l))).toBe(true); // CronJobs are listed too
  });
});

describe('errors: one line, the right exit code, never a stack trace or response headers', () => {
  const oneLine = (stderr: string) => {
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr.toLowerCase()).not.toMatch(/content-type|audit-id|x-kubernetes-pf/);
  };

  it('a Pod that does not exist: exit 4 with the closest names', () => {
    const r = live(['pod', 'budgte', '-n', NS]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('pod "budgte" not found in namespace "kdiag-live-errors"');
    expect(r.stderr).toContain('did you mean: budget');
    oneLine(r.stderr);
  });

  it('nothing listening: exit 3 (unreachable)', async () => {
    const server = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as net.AddressInfo).port;
    server.close();
    const r = live(['pod', 'x', '-n', NS], kubeconfigWith((kc) => (cluster(kc).server = `https://127.0.0.1:${port}`)));
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/cannot reach the API server at https:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
    oneLine(r.stderr);
  });

  it('a server that accepts and never answers: exit 3 within the request timeout', async () => {
    const sockets: net.Socket[] = [];
    const server = net.createServer((s) => sockets.push(s)).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as net.AddressInfo).port;
    const t0 = Date.now();
    const r = live(['pod', 'x', '-n', NS, '--request-timeout', '2s'], kubeconfigWith((kc) => (cluster(kc).server = `https://127.0.0.1:${port}`)));
    const elapsed = Date.now() - t0;
    for (const s of sockets) s.destroy();
    server.close();
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('did not answer within 2s');
    expect(elapsed).toBeLessThan(8_000);
    oneLine(r.stderr);
  });

  it('a server certificate from another CA: exit 3 (TLS)', () => {
    const ca = join(tmp, 'other-ca');
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${ca}.key`, '-out', `${ca}.crt`, '-subj', '/CN=not-the-cluster-ca', '-days', '1'], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const r = live(['pod', 'x', '-n', NS], kubeconfigWith((kc) => {
      delete cluster(kc)['certificate-authority-data'];
      cluster(kc)['certificate-authority'] = `${ca}.crt`;
    }));
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/TLS with the API server at https:\/\/127\.0\.0\.1:6443 failed/);
    oneLine(r.stderr);
  });

  it('credentials the server rejects (no client certificate): exit 3 (401)', () => {
    const r = live(['pod', 'x', '-n', NS], kubeconfigWith((kc) => {
      kc.users[0].user = { token: 'not-a-valid-token' };
    }));
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('rejected the credentials (401 Unauthorized)');
    oneLine(r.stderr);
  });

  it('an expired client certificate (signed by the cluster CA): exit 3 (401)', () => {
    const pki = join(dirname(dirname(ADMIN)), 'pki');
    const dir = mkdtempSync(join(tmp, 'expired-'));
    writeFileSync(join(dir, 'index.txt'), '');
    writeFileSync(join(dir, 'serial'), '1000\n');
    writeFileSync(join(dir, 'ca.cnf'), `[ca]\ndefault_ca = d\n[d]\ndatabase = ${dir}/index.txt\nnew_certs_dir = ${dir}\nserial = ${dir}/serial\ndefault_md = sha256\npolicy = p\n[p]\ncommonName = supplied\norganizationName = optional\n`);
    const sh = (args: string[]) => {
      const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    };
    sh(['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'client.key', '-subj', '/O=system:masters/CN=kdiag-expired', '-out', 'client.csr']);
    sh(['ca', '-batch', '-config', 'ca.cnf', '-cert', join(pki, 'ca.crt'), '-keyfile', join(pki, 'ca.key'), '-in', 'client.csr', '-out', 'client.crt', '-startdate', '20200101000000Z', '-enddate', '20200102000000Z', '-notext']);
    const r = live(['pod', 'x', '-n', NS], kubeconfigWith((kc) => {
      kc.users[0].user = { 'client-certificate': join(dir, 'client.crt'), 'client-key': join(dir, 'client.key') };
    }));
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('rejected the credentials (401 Unauthorized)');
    expect(r.stderr).toMatch(/expired/);
    oneLine(r.stderr);
  });

  it('a context that is not in the kubeconfig: exit 3 with the known contexts', () => {
    const r = live(['pod', 'x', '--context', 'nope']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('context "nope" is not in the kubeconfig');
    oneLine(r.stderr);
  });
});
