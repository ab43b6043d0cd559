// kdiag's own kubeconfig reader end to end against a real mutual-TLS server on loopback (its own CA, a server
// certificate for a DNS name only, a client certificate): CA and client certificate from files named relative
// to the kubeconfig or from data, tls-server-name, a wrong CA, tokenFile, impersonation. Every run but the
// auth-provider one sets KDIAG_DENY_CLIENT_NODE=1: the plain path must never load @kubernetes/client-node
// (src/sources/cluster/kube-client.ts throws when it is loaded with it set).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, tmp } from './server.js';
import { expectOneLine, kdiagAsync } from '../support/cli.js';

const dir = join(tmp, 'mtls');
const pem = (name: string): string => readFileSync(join(dir, name), 'utf8');
const b64 = (name: string): string => Buffer.from(pem(name)).toString('base64');
let server: https.Server;
let port = 0;
const seen: Array<{ client?: string; authorization?: string; user?: string; groups?: string }> = [];
const DENY = { KDIAG_DENY_CLIENT_NODE: '1' };

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

beforeAll(async () => {
  mkdirSync(join(dir, 'certs'), { recursive: true });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'certs/ca.key', '-out', 'certs/ca.crt', '-days', '2', '-subj', '/CN=kdiag-test-ca');
  openssl('req', '-x509', ...ec, '-keyout', 'certs/other-ca.key', '-out', 'certs/other-ca.crt', '-days', '2', '-subj', '/CN=kdiag-other-ca');
  for (const [name, subj, ext] of [['server', '/CN=kdiag-api', 'subjectAltName=DNS:kdiag-api.test'], ['client', '/CN=kdiag-client/O=dev', 'extendedKeyUsage=clientAuth']] as const) {
    openssl('req', ...ec, '-keyout', `certs/${name}.key`, '-out', `certs/${name}.csr`, '-subj', subj);
    writeFileSync(join(dir, `certs/${name}.ext`), `${ext}\n`);
    openssl('x509', '-req', '-in', `certs/${name}.csr`, '-CA', 'certs/ca.crt', '-CAkey', 'certs/ca.key', '-CAcreateserial', '-out', `certs/${name}.crt`, '-days', '2', '-extfile', `certs/${name}.ext`);
  }
  server = https.createServer({ key: pem('certs/server.key'), cert: pem('certs/server.crt'), ca: pem('certs/ca.crt'), requestCert: true, rejectUnauthorized: false }, (req, res) => {
    const socket = req.socket as TLSSocket;
    seen.push({
      ...(socket.authorized ? { client: String(socket.getPeerCertificate().subject?.CN) } : {}),
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      ...(req.headers['impersonate-user'] ? { user: String(req.headers['impersonate-user']) } : {}),
      ...(req.headers['impersonate-group'] ? { groups: String(req.headers['impersonate-group']) } : {}),
    });
    answer(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A kubeconfig in `dir/conf/` (so relative paths must resolve from there, not from the working directory). */
function kubeconfig(name: string, cluster: string, user: string): string {
  mkdirSync(join(dir, 'conf'), { recursive: true });
  const file = join(dir, 'conf', `${name}.yaml`);
  const indent = (s: string, n: number): string => s.split('\n').map((l) => `${' '.repeat(n)}${l}`).join('\n');
  writeFileSync(file, `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:${port}\n${indent(cluster, 4)}\nusers:\n- name: u\n  user:\n${indent(user, 4)}\ncontexts:\n- name: x\n  context: {cluster: c, user: u, namespace: shop}\ncurrent-context: x\n`);
  return file;
}

async function pod(kc: string, env: Record<string, string> = DENY, args: string[] = []): Promise<Awaited<ReturnType<typeof kdiagAsync>>> {
  seen.length = 0;
  return kdiagAsync(['pod', 'web', '-o', 'json', ...args], { env: { KUBECONFIG: kc, ...env } });
}

describe('kubeconfig TLS and credentials against a real mutual-TLS server', () => {
  it('CA, client certificate and key as files relative to the kubeconfig, tls-server-name: verified both ways', async () => {
    const kc = kubeconfig('files', 'certificate-authority: ../certs/ca.crt\ntls-server-name: kdiag-api.test', 'client-certificate: ../certs/client.crt\nclient-key: ../certs/client.key');
    const r = await pod(kc);
    expect(r.code, r.stderr).toBe(0);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((s) => s.client === 'kdiag-client' && s.authorization === undefined)).toBe(true);
  });

  it('the same as base64 data', async () => {
    const kc = kubeconfig('data', `certificate-authority-data: ${b64('certs/ca.crt')}\ntls-server-name: kdiag-api.test`, `client-certificate-data: ${b64('certs/client.crt')}\nclient-key-data: ${b64('certs/client.key')}`);
    const r = await pod(kc);
    expect(r.code, r.stderr).toBe(0);
    expect(seen.every((s) => s.client === 'kdiag-client')).toBe(true);
  });

  it('near miss: without tls-server-name the certificate (for kdiag-api.test only) does not match 127.0.0.1: exit 3, one line', async () => {
    const kc = kubeconfig('no-sni', 'certificate-authority: ../certs/ca.crt', 'client-certificate: ../certs/client.crt\nclient-key: ../certs/client.key');
    const r = await pod(kc);
    expectOneLine(r, 3, /TLS with the API server at https:\/\/127\.0\.0\.1:\d+ failed \(ERR_TLS_CERT_ALTNAME_INVALID\)/);
    expect(seen).toHaveLength(0);
  });

  it('near miss: another CA: exit 3, one line, no request reaches the server', async () => {
    const kc = kubeconfig('wrong-ca', 'certificate-authority: ../certs/other-ca.crt\ntls-server-name: kdiag-api.test', 'token: s3cret-token');
    const r = await pod(kc);
    expectOneLine(r, 3, 'TLS with the API server');
    expect(r.stderr).not.toContain('s3cret-token');
    expect(seen).toHaveLength(0);
  });

  it('insecure-skip-tls-verify; a tokenFile relative to the kubeconfig; impersonation from the kubeconfig and the flags', async () => {
    writeFileSync(join(dir, 'conf', 'token'), 'tok-from-file\n');
    const kc = kubeconfig('token-file', 'insecure-skip-tls-verify: true', 'tokenFile: token\nas: jane\nas-groups: [dev]');
    const r = await pod(kc);
    expect(r.code, r.stderr).toBe(0);
    expect(seen.every((s) => s.authorization === 'Bearer tok-from-file' && s.user === 'jane' && s.groups === 'dev' && s.client === undefined)).toBe(true);
    const flags = await pod(kc, DENY, ['--as', 'bob', '--as-group', 'a', '--as-group', 'b', '--token', 'flag-token']);
    expect(flags.code, flags.stderr).toBe(0);
    expect(seen.every((s) => s.authorization === 'Bearer flag-token' && s.user === 'bob' && s.groups === 'a, b')).toBe(true);
  });

  it('a legacy auth-provider is the one case that loads client-node (the guard trips), and it works without the guard', async () => {
    const payload = Buffer.from(JSON.stringify({ iss: 'https://issuer.test', exp: 4102444800 })).toString('base64url');
    const idToken = `eyJhbGciOiJub25lIn0.${payload}.sig`;
    const kc = kubeconfig('oidc', 'insecure-skip-tls-verify: true', `auth-provider:\n  name: oidc\n  config:\n    client-id: kdiag\n    idp-issuer-url: https://issuer.test\n    id-token: ${idToken}`);
    const denied = await pod(kc);
    expect(denied.stderr).toContain('KDIAG-TEST: @kubernetes/client-node was loaded');
    const r = await pod(kc, {});
    expect(r.code, r.stderr).toBe(0);
    expect(seen.every((s) => s.authorization === `Bearer ${idToken}`)).toBe(true);
  });
});
