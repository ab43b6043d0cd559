import { readFileSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { ClusterError } from '../../errors.js';
import { clip } from '../../text/neutralize.js';
import { kubectlYamlDocuments } from '../yaml-kubectl.js';

/** A kubeconfig `clusters[].cluster`, its file paths made absolute against the file that names them. */
export interface KubeCluster {
  name: string;
  server?: string;
  caFile?: string;
  caData?: string;
  insecureSkipTlsVerify?: boolean;
  tlsServerName?: string;
  proxyUrl?: string;
}

export interface ExecConfig {
  command?: string;
  args?: string[];
  env?: Array<{ name: string; value: string }>;
  apiVersion?: string;
}

/** A kubeconfig `users[].user` (client-go's AuthInfo). */
export interface KubeUser {
  name: string;
  certFile?: string;
  certData?: string;
  keyFile?: string;
  keyData?: string;
  token?: string;
  tokenFile?: string;
  username?: string;
  password?: string;
  exec?: ExecConfig;
  authProvider?: { name?: string; config?: Record<string, unknown> };
  as?: string;
  asUid?: string;
  asGroups?: string[];
  asUserExtra?: Record<string, string[]>;
}

export interface KubeContext {
  name: string;
  cluster?: string;
  user?: string;
  namespace?: string;
}

/** kubeconfig files merged the way client-go merges them: the first file to set a map entry or current-context wins. */
export interface KubeConfigData {
  clusters: Map<string, KubeCluster>;
  users: Map<string, KubeUser>;
  contexts: Map<string, KubeContext>;
  currentContext?: string;
}

export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

export function emptyConfig(): KubeConfigData {
  return { clusters: new Map(), users: new Map(), contexts: new Map() };
}

/** Reads and merges `files` in order (they must exist; $KUBECONFIG's missing entries are dropped by the caller). */
export async function loadKubeconfigFiles(files: readonly string[]): Promise<KubeConfigData> {
  const merged = emptyConfig();
  for (const file of files) mergeInto(merged, await readKubeconfigFile(file));
  return merged;
}

function mergeInto(into: KubeConfigData, more: KubeConfigData): void {
  for (const [k, v] of more.clusters) if (!into.clusters.has(k)) into.clusters.set(k, v);
  for (const [k, v] of more.users) if (!into.users.has(k)) into.users.set(k, v);
  for (const [k, v] of more.contexts) if (!into.contexts.has(k)) into.contexts.set(k, v);
  if (!into.currentContext && more.currentContext) into.currentContext = more.currentContext;
}

/** One kubeconfig file, parsed with kdiag's own YAML readers; a bad one is one E_CONFIG line naming the file. */
export async function readKubeconfigFile(file: string): Promise<KubeConfigData> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ClusterError('E_CONFIG', `cannot read the kubeconfig "${clip(file, 200)}" (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`);
  }
  return kubeconfigFromObject(await parseKubeconfigText(text, file), dirname(resolve(file)), file);
}

/**
 * The YAML (or JSON) of a kubeconfig. What kubectl writes goes through kdiag's kubectl-shaped reader; anything
 * it steps aside from (flow style, anchors, JSON) through js-yaml, and a broken file through the careful
 * reader for its line-numbered error. The last two are loaded only then.
 */
export async function parseKubeconfigText(text: string, file: string): Promise<unknown> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return {};
  let docs = kubectlYamlDocuments(body);
  if (!docs) docs = (await import('../parse-yaml-fast.js')).fastYamlDocuments(body);
  if (!docs) {
    try {
      docs = (await import('../parse-dump-text.js')).carefulYamlDocuments(body, clip(file, 200));
    } catch (err) {
      throw new ClusterError('E_CONFIG', `cannot read the kubeconfig: ${firstLine(err)}`, { cause: err });
    }
  }
  if (docs.length > 1) throw configError(file, 'it holds more than one YAML document');
  return docs[0] ?? {};
}

/** The kubeconfig object → typed entries, with relative paths resolved against `base` (client-go's ResolveLocalPaths). */
export function kubeconfigFromObject(doc: unknown, base: string, file: string): KubeConfigData {
  if (!isMap(doc)) throw configError(file, 'it is not a YAML mapping');
  const out = emptyConfig();
  const path = (p: unknown): string | undefined => {
    const s = str(p);
    return s === undefined || s === '' ? undefined : isAbsolute(s) ? s : join(base, s);
  };
  for (const [i, entry] of list(doc.clusters, 'clusters', file).entries()) {
    const name = entryName(entry, 'clusters', i, file);
    const c = isMap(entry.cluster) ? entry.cluster : {};
    if (out.clusters.has(name)) continue; // client-go keeps the first of two same-named entries in a file too
    out.clusters.set(name, {
      name,
      ...opt('server', str(c.server)),
      ...opt('caFile', path(c['certificate-authority'])),
      ...opt('caData', str(c['certificate-authority-data'])),
      ...(c['insecure-skip-tls-verify'] === true ? { insecureSkipTlsVerify: true } : {}),
      ...opt('tlsServerName', str(c['tls-server-name'])),
      ...opt('proxyUrl', str(c['proxy-url'])),
    });
  }
  for (const [i, entry] of list(doc.users, 'users', file).entries()) {
    const name = entryName(entry, 'users', i, file);
    const u = isMap(entry.user) ? entry.user : {};
    if (out.users.has(name)) continue;
    out.users.set(name, {
      name,
      ...opt('certFile', path(u['client-certificate'])),
      ...opt('certData', str(u['client-certificate-data'])),
      ...opt('keyFile', path(u['client-key'])),
      ...opt('keyData', str(u['client-key-data'])),
      ...opt('token', str(u.token)),
      ...opt('tokenFile', path(u.tokenFile)),
      ...opt('username', str(u.username)),
      ...opt('password', str(u.password)),
      ...opt('exec', execConfig(u.exec, base)),
      ...opt('authProvider', isMap(u['auth-provider']) ? { ...opt('name', str(u['auth-provider'].name)), ...(isMap(u['auth-provider'].config) ? { config: u['auth-provider'].config } : {}) } : undefined),
      ...opt('as', str(u.as)),
      ...opt('asUid', str(u['as-uid'])),
      ...opt('asGroups', Array.isArray(u['as-groups']) ? u['as-groups'].map(str).filter((g): g is string => g !== undefined) : undefined),
      ...opt('asUserExtra', userExtra(u['as-user-extra'])),
    });
  }
  for (const [i, entry] of list(doc.contexts, 'contexts', file).entries()) {
    const name = entryName(entry, 'contexts', i, file);
    const c = isMap(entry.context) ? entry.context : {};
    if (out.contexts.has(name)) continue;
    out.contexts.set(name, { name, ...opt('cluster', str(c.cluster)), ...opt('user', str(c.user)), ...opt('namespace', str(c.namespace)) });
  }
  const current = str(doc['current-context']);
  if (current) out.currentContext = current;
  return out;
}

/**
 * The in-cluster config (client-go's InClusterConfig): the service account's token (re-read, it rotates) and
 * CA, KUBERNETES_SERVICE_HOST/PORT, the namespace from $POD_NAMESPACE or the service account.
 */
export function inClusterConfig(env: NodeJS.ProcessEnv, dir = SERVICE_ACCOUNT_DIR): KubeConfigData {
  const host = env.KUBERNETES_SERVICE_HOST ?? '';
  const server = `https://${isIPv6(host) ? `[${host}]` : host}:${env.KUBERNETES_SERVICE_PORT ?? ''}`;
  let namespace = env.POD_NAMESPACE;
  if (!namespace) {
    try {
      namespace = readFileSync(join(dir, 'namespace'), 'utf8').trim() || undefined;
    } catch {
      namespace = undefined;
    }
  }
  const out = emptyConfig();
  out.clusters.set('in-cluster', { name: 'in-cluster', server, caFile: join(dir, 'ca.crt') });
  out.users.set('in-cluster', { name: 'in-cluster', tokenFile: join(dir, 'token') });
  out.contexts.set('in-cluster', { name: 'in-cluster', cluster: 'in-cluster', user: 'in-cluster', ...opt('namespace', namespace) });
  out.currentContext = 'in-cluster';
  return out;
}

function execConfig(value: unknown, base: string): ExecConfig | undefined {
  if (!isMap(value)) return undefined;
  const command = str(value.command);
  return {
    // client-go resolves the command against the kubeconfig's directory only when it names a path, not a $PATH lookup.
    ...opt('command', command && command.includes(sep) && !isAbsolute(command) ? join(base, command) : command),
    ...(Array.isArray(value.args) ? { args: value.args.map((a) => str(a) ?? '') } : {}),
    ...(Array.isArray(value.env) ? { env: value.env.filter(isMap).map((e) => ({ name: str(e.name) ?? '', value: str(e.value) ?? '' })) } : {}),
    ...opt('apiVersion', str(value.apiVersion)),
  };
}

function userExtra(value: unknown): Record<string, string[]> | undefined {
  if (!isMap(value)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(value)) out[k] = (Array.isArray(v) ? v : [v]).map(str).filter((s): s is string => s !== undefined);
  return out;
}

function list(value: unknown, what: string, file: string): Array<Record<string, unknown>> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw configError(file, `${what} is not a list`);
  return value.map((e, i) => {
    if (!isMap(e)) throw configError(file, `${what}[${i}] is not a mapping`);
    return e;
  });
}

function entryName(entry: Record<string, unknown>, what: string, i: number, file: string): string {
  const name = str(entry.name);
  if (!name) throw configError(file, `${what}[${i}].name is missing`);
  return name;
}

/** A scalar as the string Go's kubeconfig struct would hold (sigs.k8s.io/yaml turns `token: 123` into "123"). */
function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

function opt<K extends string, V>(key: K, value: V | undefined): { [k in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [k in K]?: V };
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function configError(file: string, why: string): ClusterError {
  return new ClusterError('E_CONFIG', `cannot read the kubeconfig: ${clip(file, 200)}: ${why}`);
}

function firstLine(err: unknown): string {
  return clip((err instanceof Error ? err.message : String(err)).split('\n')[0]!, 300);
}
