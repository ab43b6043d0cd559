// Hostile API servers for the hostile suite: loopback only, each closed after its test, every connection
// destroyed on close so nothing outlives the test. A real kube-apiserver cannot be made to trickle, lie
// about its shape or page forever, so these play one (the live suite covers the real one).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type tls from 'node:tls';

export const tmp = mkdtempSync(join(tmpdir(), 'kdiag-hostile-'));

// Created as it is served: a Pending Pod this young is progressing (exit 0) whenever the suite runs; an old
// one with no scheduler decision is failing (scheduling/not-scheduled-long), and these tests are about transport.
// A getter, not a time fixed when this module loads: a test worker loads it once for many files, minutes apart.
export const POD = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web',
    namespace: 'shop',
    uid: 'u-1',
    get creationTimestamp(): string {
      return new Date().toISOString();
    },
  },
  spec: { containers: [{ name: 'app', image: 'x' }] },
  status: { phase: 'Pending' },
};

export const list = (kind: string, items: unknown[] = [], metadata: Record<string, unknown> = { resourceVersion: '1' }): Record<string, unknown> => ({ kind: `${kind}List`, apiVersion: 'v1', metadata, items });

const KINDS: Record<string, string> = {
  pods: 'Pod', events: 'Event', nodes: 'Node', services: 'Service', endpointslices: 'EndpointSlice', replicasets: 'ReplicaSet', deployments: 'Deployment',
  statefulsets: 'StatefulSet', daemonsets: 'DaemonSet', controllerrevisions: 'ControllerRevision', jobs: 'Job', cronjobs: 'CronJob', persistentvolumeclaims: 'PersistentVolumeClaim', configmaps: 'ConfigMap', secrets: 'Secret',
  networkpolicies: 'NetworkPolicy', ingresses: 'Ingress', ingressclasses: 'IngressClass', namespaces: 'Namespace',
};

/** The kind a path asks for: /api/v1/namespaces/shop/pods → Pod. */
export function kindOf(url: string): string {
  const parts = (url.split('?')[0] ?? '').split('/');
  // The last plural names the kind: /api/v1/namespaces/shop/pods is Pods, /api/v1/namespaces is Namespaces.
  return [...parts].reverse().map((p) => KINDS[p]).find(Boolean) ?? 'Unknown';
}

/** Whether the path is a list (no object name after the plural). */
export function isList(url: string): boolean {
  const parts = (url.split('?')[0] ?? '').split('/').filter(Boolean);
  return KINDS[parts[parts.length - 1] ?? ''] !== undefined;
}

export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Audit-Id': 'secret-header-value', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** A well-behaved answer: the Pod `web` in `shop`, and an empty list of anything else. */
export function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = req.url ?? '';
  if (url.startsWith('/api/v1/namespaces/shop/pods/web')) json(res, 200, POD);
  else json(res, 200, list(kindOf(url)));
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;

export interface Served {
  url: string;
  kubeconfig: string;
  requests: () => number;
  paths: string[];
  /** When each request arrived (performance.now(), ms), in order. */
  times: number[];
  /** TLS handshakes that were not session resumptions (https only). */
  fullHandshakes: () => number;
  connections: () => number;
  /** Each request's HTTP version as the server read it ('2.0' or '1.1'). */
  versions: string[];
  close: () => Promise<void>;
}

const open: Array<() => Promise<void>> = [];

/** Closes every server a test started (call from afterEach). */
export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((c) => c()));
}

let cert: { key: string; cert: string } | undefined;
export function selfSigned(): { key: string; cert: string } {
  if (!cert) {
    const key = join(tmp, 'key.pem');
    const crt = join(tmp, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', crt, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    cert = { key: execFileSync('cat', [key], { encoding: 'utf8' }), cert: execFileSync('cat', [crt], { encoding: 'utf8' }) };
  }
  return cert;
}

export function kubeconfigFor(server: string, user = 'token: t', extra = ''): string {
  const file = join(tmp, `kc-${Math.random().toString(36).slice(2)}.yaml`);
  const indentedUser = user.split('\n').map((l) => `    ${l}`).join('\n');
  writeFileSync(file, `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${server}\n    insecure-skip-tls-verify: true\n${extra}users:\n- name: u\n  user:\n${indentedUser}\ncontexts:\n- name: x\n  context: {cluster: c, user: u, namespace: shop}\ncurrent-context: x\n`);
  return file;
}

/**
 * Starts a loopback API server: http, https with a throwaway certificate, or (h2) one that offers HTTP/2 and
 * HTTP/1.1 by ALPN as kube-apiserver does; its handlers get the compatibility request and response.
 */
export async function serve(handle: Handler, options: { tls?: boolean; h2?: boolean; user?: string } = {}): Promise<Served> {
  let n = 0;
  let full = 0;
  let conns = 0;
  const paths: string[] = [];
  const times: number[] = [];
  const versions: string[] = [];
  const sockets = new Set<net.Socket>();
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    paths.push(req.url ?? '');
    times.push(performance.now());
    versions.push(req.httpVersion);
    handle(req, res, n++);
  };
  const secure = options.tls || options.h2;
  const server: net.Server = options.h2
    ? http2.createSecureServer({ ...selfSigned(), allowHTTP1: true }, onRequest as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void)
    : options.tls ? https.createServer({ ...selfSigned() }, onRequest) : http.createServer(onRequest);
  server.on('connection', (s: net.Socket) => {
    conns++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  if (secure) server.on('secureConnection', (s: tls.TLSSocket) => !s.isSessionReused() && full++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const url = `${secure ? 'https' : 'http'}://127.0.0.1:${port}`;
  const close = async (): Promise<void> => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  };
  open.push(close);
  return { url, kubeconfig: kubeconfigFor(url, options.user), requests: () => n, paths, times, fullHandshakes: () => full, connections: () => conns, versions, close };
}

/** A TCP server that accepts and never says anything (a stalled TLS handshake, a black hole). */
export async function silent(): Promise<{ port: number }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });
  return { port: (server.address() as AddressInfo).port };
}

/** Writes `chunk` every `everyMs` until the client goes away: a trickle, or an endless body. */
export function trickle(res: http.ServerResponse, chunk: string | Buffer, everyMs: number, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
  res.write('{"kind":"PodList","items":[');
  const timer = setInterval(() => {
    if (res.destroyed || !res.write(chunk)) {
      if (res.destroyed) clearInterval(timer);
    }
  }, everyMs);
  res.on('close', () => clearInterval(timer));
}
