import { FileRefused, readBoundedFile } from './bounded-file.js';
import type https from 'node:https';
import { ClusterError } from '../../errors.js';
import { clip } from '../../text/neutralize.js';
import type { ExecCredentials } from './exec-credential.js';
import type { KubeCluster, KubeUser } from './kubeconfig-load.js';

/**
 * The TLS settings and credential headers of one cluster and user, as client-go's transport builds them:
 * the CA (file wins over data), client certificate and key, `tls-server-name`, `insecure-skip-tls-verify`;
 * then a bearer token (`token`, else `tokenFile` read now: it rotates), else basic auth, else an exec plugin,
 * else a legacy auth-provider;
 * then impersonation (`as`, `as-uid`, `as-groups`, `as-user-extra`). Nothing read here is ever printed.
 */
export async function transportOptions(cluster: KubeCluster, user: KubeUser, exec: ExecCredentials): Promise<https.RequestOptions> {
  const opts: https.RequestOptions & { headers: Record<string, string | string[]> } = { headers: {} };
  if (cluster.insecureSkipTlsVerify) opts.rejectUnauthorized = false;
  if (cluster.tlsServerName) opts.servername = cluster.tlsServerName;
  const ca = fileOrData(cluster.caFile, cluster.caData, 'certificate-authority', `cluster "${cluster.name}"`);
  if (ca && !cluster.insecureSkipTlsVerify) opts.ca = ca;
  const cert = fileOrData(user.certFile, user.certData, 'client-certificate', `user "${user.name}"`);
  const key = fileOrData(user.keyFile, user.keyData, 'client-key', `user "${user.name}"`);
  if (cert) opts.cert = cert;
  if (key) opts.key = key;
  const token = user.token || (user.tokenFile ? readToken(user.tokenFile, user.name) : undefined);
  if (token) {
    opts.headers.Authorization = `Bearer ${token}`;
  } else if (user.username !== undefined || user.password !== undefined) {
    opts.headers.Authorization = `Basic ${Buffer.from(`${user.username ?? ''}:${user.password ?? ''}`).toString('base64')}`;
  } else if (exec.isAuthProvider(user)) {
    // As client-go: the plugin's certificate only when the kubeconfig gives none of its own.
    const own = { cert: opts.cert, key: opts.key };
    await exec.applyAuthentication(user, opts as { cert?: string; key?: string; headers: Record<string, unknown> });
    if (own.cert) Object.assign(opts, own);
  } else if (user.authProvider?.name) {
    await legacyAuthProvider(cluster, user, opts);
  }
  if (user.as) opts.headers['Impersonate-User'] = user.as;
  if (user.asUid) opts.headers['Impersonate-Uid'] = user.asUid;
  if (user.asGroups?.length) opts.headers['Impersonate-Group'] = [...user.asGroups];
  for (const [k, values] of Object.entries(user.asUserExtra ?? {})) if (values.length) opts.headers[`Impersonate-Extra-${headerKeyEscape(k)}`] = [...values];
  return opts;
}

/**
 * A legacy `auth-provider` (oidc; gcp and azure are gone from kubectl since 1.26): the one case that still loads
 * @kubernetes/client-node, for its refreshing providers. Only its Authorization header is used.
 */
async function legacyAuthProvider(cluster: KubeCluster, user: KubeUser, opts: { headers: Record<string, string | string[]> }): Promise<void> {
  const { KubeConfig } = await import('./kube-client.js');
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'c', server: cluster.server ?? 'https://localhost', skipTLSVerify: true }],
    users: [{ name: user.name, authProvider: user.authProvider }],
    contexts: [{ name: 'x', cluster: 'c', user: user.name }],
    currentContext: 'x',
  });
  const got: { headers?: Record<string, unknown> } = {};
  await kc.applyToHTTPSOptions(got);
  const authorization = got.headers?.Authorization;
  if (typeof authorization === 'string' && authorization !== '') opts.headers.Authorization = authorization;
}

function fileOrData(file: string | undefined, data: string | undefined, field: string, owner: string): Buffer | undefined {
  if (file) {
    try {
      return readBoundedFile(file);
    } catch (err) {
      throw new ClusterError('E_CONFIG', `cannot read the ${field} file "${clip(file, 200)}" of ${clip(owner, 120)} in the kubeconfig (${reason(err)})`);
    }
  }
  return data ? Buffer.from(data, 'base64') : undefined;
}

function readToken(file: string, userName: string): string | undefined {
  try {
    return readBoundedFile(file).toString('utf8').trim() || undefined;
  } catch (err) {
    throw new ClusterError('E_CONFIG', `cannot read the tokenFile "${clip(file, 200)}" of user "${clip(userName, 120)}" in the kubeconfig (${reason(err)})`);
  }
}

const reason = (err: unknown): string => (err instanceof FileRefused ? err.message : ((err as NodeJS.ErrnoException).code ?? 'unreadable'));

/** client-go's headerKeyEscape: every byte that is not a token character (and `%`) percent-encoded. */
function headerKeyEscape(key: string): string {
  let out = '';
  for (const byte of Buffer.from(key, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /^[A-Za-z0-9!#$&'*+\-.^_`|~]$/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
