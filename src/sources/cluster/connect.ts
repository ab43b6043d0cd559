import { existsSync } from 'node:fs';
import type http from 'node:http';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { ClusterError } from '../../errors.js';
import { proxyFromEnvironment } from './env-proxy.js';
import { checkKubeconfigEnv, checkKubeconfigFile } from './kubeconfig-file.js';
import { emptyConfig, inClusterConfig, loadKubeconfigFiles, SERVICE_ACCOUNT_DIR, type KubeCluster, type KubeConfigData, type KubeUser } from './kubeconfig-load.js';

/** Which cluster, as whom, and the default namespace: resolved exactly the way kubectl does. */
export interface Connection {
  /** The current context's cluster, the flags applied (`server` without trailing slashes). */
  cluster: KubeCluster & { server: string };
  /** The current context's user, the flags applied (an empty user when the context names none). */
  user: KubeUser;
  /** Every context's name in the merged kubeconfig (for completion). */
  contexts: string[];
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
  /** Where the in-cluster service account lives (tests point it elsewhere). */
  serviceAccountDir?: string;
  /** The home directory whose .kube/config is the default (tests point it elsewhere). */
  home?: string;
}

/** Reads the kubeconfig with kdiag's own reader (client-node is loaded only for a legacy auth-provider). */
export async function connect(options: ConnectOptions): Promise<Connection> {
  const config = await loadConfig(options);
  if (options.context && !config.contexts.has(options.context)) {
    const known = [...config.contexts.keys()];
    throw new ClusterError('E_CONFIG', `context "${options.context}" is not in the kubeconfig`, { hint: known.length ? `known contexts: ${known.join(', ')}` : undefined });
  }
  if (!options.context && config.currentContext && !config.contexts.has(config.currentContext) && !options.server) {
    throw new ClusterError('E_CONFIG', `the kubeconfig's current-context "${config.currentContext}" is not in the kubeconfig`, { hint: 'pick one with --context NAME (kubectl config get-contexts lists them)' });
  }
  let contextName = options.context ?? config.currentContext ?? '';
  let context = config.contexts.get(contextName);
  if (!context && options.server) {
    // `--server URL` with no kubeconfig (or no current context) works in kubectl too.
    contextName = 'flags';
    context = { name: 'flags' };
  }
  const cluster = applyClusterOverrides((context?.cluster !== undefined ? config.clusters.get(context.cluster) : undefined) ?? { name: context?.cluster ?? '' }, options);
  const user = applyUserOverrides((context?.user !== undefined ? config.users.get(context.user) : undefined) ?? { name: context?.user ?? '' }, options);
  if (!cluster.server) {
    throw new ClusterError('E_CONFIG', context ? `context "${contextName}" names no cluster server` : 'the kubeconfig has no current context', {
      hint: 'pick one with --context NAME (kubectl config get-contexts lists them)',
    });
  }
  const server = cluster.server.replace(/\/+$/, '');
  const env = options.env ?? process.env;
  // The kubeconfig's proxy-url wins; without one, HTTPS_PROXY/HTTP_PROXY/NO_PROXY as kubectl reads them.
  const proxyUrl = cluster.proxyUrl || proxyFromEnvironment(server, env);
  const proxySource = cluster.proxyUrl ? 'proxy-url' : /^https:/.test(server) ? 'HTTPS_PROXY' : 'HTTP_PROXY';
  return {
    cluster: { ...cluster, server },
    user,
    contexts: [...config.contexts.keys()],
    server,
    context: contextName === 'flags' ? (options.server ?? 'flags') : contextName || 'in-cluster',
    namespace: options.namespace || context?.namespace || 'default',
    ...(proxyUrl ? { proxyUrl, agent: await proxyAgent(proxyUrl, server, proxySource) } : {}),
  };
}

/** kubectl's order: --kubeconfig, else $KUBECONFIG (merged, missing files skipped), else ~/.kube/config, else in-cluster. */
export async function loadConfig(options: ConnectOptions): Promise<KubeConfigData> {
  const env = options.env ?? process.env;
  const saDir = options.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  if (options.kubeconfig) {
    if (!existsSync(options.kubeconfig)) throw new ClusterError('E_CONFIG', `kubeconfig "${options.kubeconfig}" does not exist`);
    checkKubeconfigFile(options.kubeconfig);
    return loadKubeconfigFiles([options.kubeconfig]);
  }
  if (env.KUBECONFIG) {
    checkKubeconfigEnv(env.KUBECONFIG);
    const files = env.KUBECONFIG.split(delimiter).filter((f) => f !== '' && existsSync(f));
    if (files.length === 0 && !options.server) {
      throw new ClusterError('E_CONFIG', `none of the files in $KUBECONFIG exists (${env.KUBECONFIG})`, { hint: 'point kdiag at a cluster with --kubeconfig FILE, or diagnose a saved dump with -f' });
    }
    return loadKubeconfigFiles(files);
  }
  const home = join(options.home ?? homedir(), '.kube', 'config');
  if (existsSync(home)) {
    checkKubeconfigFile(home);
    return loadKubeconfigFiles([home]);
  }
  // client-go's InClusterConfig is possible when both variables are set and the token exists.
  if (env.KUBERNETES_SERVICE_HOST && env.KUBERNETES_SERVICE_PORT && existsSync(join(saDir, 'token'))) return inClusterConfig(env, saDir);
  if (options.server) return emptyConfig();
  throw new ClusterError('E_CONFIG', 'no kubeconfig found (no --kubeconfig, no $KUBECONFIG, no ~/.kube/config, not in a cluster)', {
    hint: 'point kdiag at a cluster with --kubeconfig FILE (or --server URL), or diagnose a saved dump with -f',
  });
}

/** The global flags win over the kubeconfig's current cluster, as in kubectl. */
function applyClusterOverrides(cluster: KubeCluster, o: ConnectOverrides): KubeCluster {
  const next: KubeCluster = { ...cluster, ...(o.server ? { server: o.server } : {}) };
  if (o.certificateAuthority) {
    next.caFile = o.certificateAuthority;
    delete next.caData;
  }
  // client-go: --insecure-skip-tls-verify without a CA flag clears the kubeconfig's CA.
  if (o.insecureSkipTlsVerify) next.insecureSkipTlsVerify = true;
  return next;
}

/** The global flags win over the kubeconfig's current user, as in kubectl. */
function applyUserOverrides(user: KubeUser, o: ConnectOverrides): KubeUser {
  let next: KubeUser = { ...user };
  if (o.token) {
    next = { ...next, token: o.token };
    for (const k of ['tokenFile', 'exec', 'authProvider', 'username', 'password'] as const) delete next[k];
  }
  if (o.as) next.as = o.as;
  if (o.asGroup?.length) next.asGroups = [...o.asGroup];
  return next;
}

/** A keep-alive agent through the kubeconfig's `proxy-url`: SOCKS5 (socks5://) or HTTP CONNECT (http(s)://). */
async function proxyAgent(proxyUrl: string, server: string, source: string): Promise<http.Agent> {
  const { HttpProxyAgent, HttpsProxyAgent, SocksProxyAgent } = await import('./proxy-agents.js');
  if (/^socks5h?:\/\//.test(proxyUrl)) return new SocksProxyAgent(proxyUrl, { keepAlive: true });
  if (!/^https?:\/\//.test(proxyUrl)) throw new ClusterError('E_CONFIG', `${source} "${proxyUrl.replace(/\/\/[^/@]*@/, '//')}" is neither http(s):// nor socks5://`);
  return server.startsWith('http:') ? new HttpProxyAgent({ proxy: proxyUrl, keepAlive: true }) : new HttpsProxyAgent({ proxy: proxyUrl, keepAlive: true });
}

