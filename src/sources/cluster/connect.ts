import { existsSync } from 'node:fs';
import type http from 'node:http';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { ClusterError } from '../../errors.js';
import { proxyFromEnvironment } from './env-proxy.js';
import { checkKubeconfigEnv, checkKubeconfigFile } from './kubeconfig-file.js';

/** Which cluster, as whom, and the default namespace: resolved exactly the way kubectl does. */
export interface Connection {
  kubeConfig: KubeConfig;
  server: string;
  context: string;
  namespace: string;
  /** The cluster's `proxy-url` (HTTP CONNECT or SOCKS5), when it has one. */
  proxyUrl?: string;
  /** A keep-alive agent that goes through `proxyUrl`; the client uses it instead of a direct one. */
  agent?: http.Agent;
}

/** kubectl's global flags that override the kubeconfig (`--server`, `--token`, `--as`, …). */
export interface ConnectOverrides {
  server?: string;
  certificateAuthority?: string;
  insecureSkipTlsVerify?: boolean;
  token?: string;
  as?: string;
  asGroup?: readonly string[];
}

export interface ConnectOptions extends ConnectOverrides {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  env?: NodeJS.ProcessEnv;
}

/** Loads the kubeconfig lazily (client-node is only loaded by live commands). */
export async function connect(options: ConnectOptions): Promise<Connection> {
  const env = options.env ?? process.env;
  const { KubeConfig } = await import('./kube-client.js');
  const kc = new KubeConfig();
  const inCluster = Boolean(env.KUBERNETES_SERVICE_HOST) && existsSync('/var/run/secrets/kubernetes.io/serviceaccount/token');
  try {
    if (options.kubeconfig) {
      if (!existsSync(options.kubeconfig)) throw new ClusterError('E_CONFIG', `kubeconfig "${options.kubeconfig}" does not exist`);
      checkKubeconfigFile(options.kubeconfig);
      kc.loadFromFile(options.kubeconfig);
    } else if (env.KUBECONFIG) {
      // Like kubectl: the files are merged in order (the first to set a value wins) and missing ones are skipped.
      checkKubeconfigEnv(env.KUBECONFIG);
      const files = env.KUBECONFIG.split(delimiter).filter((f) => f !== '' && existsSync(f));
      if (files.length === 0 && !options.server) {
        throw new ClusterError('E_CONFIG', `none of the files in $KUBECONFIG exists (${env.KUBECONFIG})`, { hint: 'point kdiag at a cluster with --kubeconfig FILE, or diagnose a saved dump with -f' });
      }
      files.forEach((file, i) => {
        if (i === 0) return kc.loadFromFile(file);
        const more = new KubeConfig();
        more.loadFromFile(file);
        kc.mergeConfig(more);
      });
    } else if (existsSync(join(homedir(), '.kube', 'config')) || inCluster) {
      kc.loadFromDefault();
    } else if (!options.server) {
      throw new ClusterError('E_CONFIG', 'no kubeconfig found (no --kubeconfig, no $KUBECONFIG, no ~/.kube/config, not in a cluster)', {
        hint: 'point kdiag at a cluster with --kubeconfig FILE (or --server URL), or diagnose a saved dump with -f',
      });
    }
  } catch (err) {
    if (err instanceof ClusterError) throw err;
    throw new ClusterError('E_CONFIG', `cannot read the kubeconfig: ${firstLine(err)}`, { cause: err });
  }
  if (options.context) {
    if (!kc.getContextObject(options.context)) {
      const known = kc.getContexts().map((c) => c.name);
      throw new ClusterError('E_CONFIG', `context "${options.context}" is not in the kubeconfig`, { hint: known.length ? `known contexts: ${known.join(', ')}` : undefined });
    }
    kc.setCurrentContext(options.context);
  }
  if (!kc.getCurrentContext() && options.server) {
    // `--server URL` with no kubeconfig at all works in kubectl too.
    kc.loadFromOptions({ clusters: [{ name: 'flags', server: options.server, skipTLSVerify: false }], users: [{ name: 'flags' }], contexts: [{ name: 'flags', cluster: 'flags', user: 'flags' }], currentContext: 'flags' });
  }
  applyOverrides(kc, options);
  const contextName = kc.getCurrentContext();
  const context = kc.getContextObject(contextName);
  const cluster = kc.getCurrentCluster();
  if (!cluster?.server) {
    throw new ClusterError('E_CONFIG', contextName ? `context "${contextName}" names no cluster server` : 'the kubeconfig has no current context', {
      hint: 'pick one with --context NAME (kubectl config get-contexts lists them)',
    });
  }
  // The kubeconfig's proxy-url wins; without one, HTTPS_PROXY/HTTP_PROXY/NO_PROXY as kubectl reads them.
  const proxyUrl = cluster.proxyUrl || proxyFromEnvironment(cluster.server, env);
  const proxySource = cluster.proxyUrl ? 'proxy-url' : /^https:/.test(cluster.server) ? 'HTTPS_PROXY' : 'HTTP_PROXY';
  return {
    kubeConfig: kc,
    server: cluster.server.replace(/\/+$/, ''),
    context: contextName === 'flags' ? (options.server ?? 'flags') : contextName || 'in-cluster',
    namespace: options.namespace ?? context?.namespace ?? 'default',
    ...(proxyUrl ? { proxyUrl, agent: await proxyAgent(proxyUrl, cluster.server, proxySource) } : {}),
  };
}

/** The global flags win over the kubeconfig's current cluster and user, as in kubectl. */
function applyOverrides(kc: KubeConfig, o: ConnectOverrides): void {
  const clusterName = kc.getContextObject(kc.getCurrentContext())?.cluster;
  const userName = kc.getContextObject(kc.getCurrentContext())?.user;
  const current = kc.getCurrentCluster();
  if (current) {
    const server = o.server ?? current.server;
    const cluster = {
      ...current,
      server,
      ...(o.certificateAuthority ? { caFile: o.certificateAuthority, caData: undefined } : {}),
      // A plain http:// server (kubectl proxy) has no TLS to verify; client-node refuses it unless this is set.
      ...(o.insecureSkipTlsVerify || server.startsWith('http:') ? { skipTLSVerify: true } : {}),
    };
    kc.clusters = kc.clusters.map((c) => (c.name === clusterName ? cluster : c));
  }
  const user = kc.getCurrentUser();
  if (user && (o.token || o.as)) {
    const next = { ...user, ...(o.token ? { token: o.token, exec: undefined, authProvider: undefined, username: undefined, password: undefined } : {}), ...(o.as ? { impersonateUser: o.as } : {}) };
    kc.users = kc.users.map((u) => (u.name === userName ? next : u));
  }
  if (o.asGroup?.length) {
    // client-node knows Impersonate-User only; groups are one header each, added after its own headers.
    const groups = [...o.asGroup];
    const apply = kc.applyToHTTPSOptions.bind(kc);
    kc.applyToHTTPSOptions = async (opts) => {
      await apply(opts);
      opts.headers = { ...(opts.headers ?? {}), 'Impersonate-Group': groups };
    };
  }
}

/** A keep-alive agent through the kubeconfig's `proxy-url`: SOCKS5 (socks5://) or HTTP CONNECT (http(s)://). */
async function proxyAgent(proxyUrl: string, server: string, source: string): Promise<http.Agent> {
  const { HttpProxyAgent, HttpsProxyAgent, SocksProxyAgent } = await import('./proxy-agents.js');
  if (/^socks5h?:\/\//.test(proxyUrl)) return new SocksProxyAgent(proxyUrl, { keepAlive: true });
  if (!/^https?:\/\//.test(proxyUrl)) throw new ClusterError('E_CONFIG', `${source} "${proxyUrl.replace(/\/\/[^/@]*@/, '//')}" is neither http(s):// nor socks5://`);
  return server.startsWith('http:') ? new HttpProxyAgent({ proxy: proxyUrl, keepAlive: true }) : new HttpsProxyAgent({ proxy: proxyUrl, keepAlive: true });
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}
