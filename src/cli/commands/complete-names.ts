import type { TargetKind } from '../../engine/targets.js';

/** What a completion asks the cluster (or the kubeconfig) for: names of a kind, each printed after `prefix`. */
export interface NameLookup {
  kind: TargetKind | 'Namespace' | 'Context' | 'Rule';
  /** `deploy/` when the user typed `deploy/…`, '' for bare Pod names. */
  prefix: string;
}

/** How long a completion may wait for the cluster: a shell's TAB must not hang. */
const COMPLETION_TIMEOUT = '3s';
const MAX_NAMES = 500;

/**
 * The names for `lookup`, read the way the command would connect (its -n/--namespace, --context, --kubeconfig,
 * --server among `words`), at most one page of 500, metadata only. Any failure (no cluster, forbidden, slow)
 * completes nothing: a completion never prints an error.
 */
export async function completeNames(lookup: NameLookup, words: readonly string[]): Promise<string[]> {
  try {
    if (lookup.kind === 'Rule') return (await import('../../rules/index.js')).ALL_RULES.map((r) => r.id);
    const flags = connectionFlags(words);
    if (lookup.kind === 'Context') {
      const { connect } = await import('../../sources/cluster/connect.js');
      const connection = await connect({ ...(flags.kubeconfig ? { kubeconfig: flags.kubeconfig } : {}) });
      return connection.contexts;
    }
    const { openSession } = await import('./live-session.js');
    const { client, connection } = await openSession({ ...flags, requestTimeout: COMPLETION_TIMEOUT }, false, { requests: 1 });
    try {
      const path = lookup.kind === 'Namespace' ? '/api/v1/namespaces' : (await import('../../sources/cluster/resources.js')).resourcePath(lookup.kind, connection.namespace);
      const list = await client.get<{ items?: Array<{ metadata?: { name?: unknown } }> }>(path, { query: { limit: MAX_NAMES }, metadataOnly: true, what: `names for completion` });
      const names = (Array.isArray(list?.items) ? list.items : []).map((o) => o?.metadata?.name).filter((n): n is string => typeof n === 'string' && /^[a-z0-9.-]+$/.test(n));
      return names.map((n) => `${lookup.prefix}${n}`);
    } finally {
      client.close();
    }
  } catch {
    return [];
  }
}

/** -n/--namespace, --context, --kubeconfig and -s/--server among the words typed so far (`--flag=value` too). */
function connectionFlags(words: readonly string[]): { namespace?: string; context?: string; kubeconfig?: string; server?: string } {
  const names: Record<string, 'namespace' | 'context' | 'kubeconfig' | 'server'> = { '-n': 'namespace', '--namespace': 'namespace', '--context': 'context', '--kubeconfig': 'kubeconfig', '-s': 'server', '--server': 'server' };
  const out: { namespace?: string; context?: string; kubeconfig?: string; server?: string } = {};
  words.forEach((w, i) => {
    const eq = w.indexOf('=');
    const [flag, value] = w.startsWith('--') && eq > 0 ? [w.slice(0, eq), w.slice(eq + 1)] : [w, words[i + 1]];
    const key = names[flag];
    if (key && value !== undefined && value !== '' && !value.startsWith('-')) out[key] = value;
  });
  return out;
}
