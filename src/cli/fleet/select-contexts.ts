import { ClusterError, UsageError } from '../../errors.js';
import { loadConfig, type ConnectOptions } from '../../sources/cluster/connect.js';

/** The flags that pick clusters: `--context` (repeatable, globs allowed) and `--all-contexts`. */
export interface ContextFlags {
  context?: string | string[];
  allContexts?: boolean;
}

const GLOB = /[*?[]/;

/** `prod-*`, `eu-?`, `[ab]-web` as a whole-name pattern (shell glob rules; `/` is an ordinary character in a context name). */
export function globPattern(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') source += '.*';
    else if (c === '?') source += '.';
    else if (c === '[' && glob.indexOf(']', i + 2) > i) {
      const end = glob.indexOf(']', i + 2);
      const body = glob.slice(i + 1, end);
      source += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`.replace(/\\/g, '\\\\');
      i = end;
    } else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

/** The --context values as given (commander hands one string or, for scan, a list). */
export function contextValues(flags: ContextFlags): string[] {
  return flags.context === undefined ? [] : Array.isArray(flags.context) ? flags.context : [flags.context];
}

/** Whether the flags may name more than one cluster (so the kubeconfig's context names must be read). */
export function mayNameMany(flags: ContextFlags): boolean {
  const values = contextValues(flags);
  return flags.allContexts === true || values.length > 1 || values.some((v) => GLOB.test(v));
}

/**
 * The contexts to read, in a stable order: the flags' order, a glob's matches and --all-contexts in the
 * kubeconfig's order, each once. A glob that matches nothing is a usage error (a pipeline reading no
 * cluster must not pass); a plain name is kept as given (an unknown one is reported as that cluster's failure).
 */
export function selectContexts(flags: ContextFlags, known: readonly string[]): string[] {
  const values = contextValues(flags);
  if (flags.allContexts && values.length > 0) throw new UsageError('--all-contexts reads every context of the kubeconfig; it cannot be combined with --context', { hint: "drop one of them; --context 'prod-*' picks contexts by a glob" });
  if (flags.allContexts) {
    if (known.length === 0) throw new ClusterError('E_CONFIG', 'the kubeconfig has no context to read');
    return [...known];
  }
  const picked: string[] = [];
  for (const value of values) {
    if (!GLOB.test(value)) {
      picked.push(value);
      continue;
    }
    const pattern = globPattern(value);
    const matches = known.filter((name) => pattern.test(name));
    if (matches.length === 0) throw new UsageError(`--context "${value}" matches no context in the kubeconfig`, { hint: known.length > 0 ? `known contexts: ${known.join(', ')}` : 'the kubeconfig has no context' });
    picked.push(...matches);
  }
  return [...new Set(picked)];
}

/** The kubeconfig's context names, in its (merged) order, read the way kubectl finds the kubeconfig. */
export async function kubeconfigContexts(options: Pick<ConnectOptions, 'kubeconfig'>): Promise<string[]> {
  const config = await loadConfig(options.kubeconfig ? { kubeconfig: options.kubeconfig } : {});
  return [...config.contexts.keys()];
}
