import { UsageError } from '../../errors.js';
import { parseQuantity } from '../../model/quantity.js';
import { parseDuration } from '../../model/time.js';
import { ApiClient, DEFAULT_MAX_RESPONSE_BYTES, MAX_RESPONSE_LIMIT, type ApiClientOptions } from '../../sources/cluster/api-client.js';
import { Collector } from '../../sources/cluster/collector.js';
import { connect, type Connection } from '../../sources/cluster/connect.js';
import type { LiveOptions } from './live-options.js';

export interface LiveSession {
  connection: Connection;
  client: ApiClient;
  collector: Collector;
}

/** A command's overall budget: `ms` from now, or a multiple of --request-timeout when `ms` is absent. */
export interface CommandBudget {
  ms?: number;
  /** How many request timeouts the command may take (default 6: three waves, retries inside each). */
  requests?: number;
  /** Words for the error when it runs out: "gate --timeout 5m". */
  label?: string;
}

/** --request-timeout in ms (a duration; 30d is fine: timers are clamped). */
export function requestTimeoutMs(opts: LiveOptions): number {
  const timeoutMs = parseDuration(opts.requestTimeout ?? '10s');
  if (timeoutMs === undefined || timeoutMs <= 0) throw new UsageError(`--request-timeout: "${opts.requestTimeout}" is not a duration`, { hint: 'e.g. --request-timeout 5s' });
  return timeoutMs;
}

function maxResponseBytes(opts: LiveOptions): number {
  if (opts.maxResponseSize === undefined) return DEFAULT_MAX_RESPONSE_BYTES;
  const bytes = parseQuantity(opts.maxResponseSize);
  if (bytes === undefined || bytes < 1024 || bytes > MAX_RESPONSE_LIMIT) {
    throw new UsageError(`--max-response-size: "${opts.maxResponseSize}" is not a size between 1Ki and ${Math.floor(MAX_RESPONSE_LIMIT / 2 ** 20)}Mi`, { hint: 'e.g. --max-response-size 512Mi' });
  }
  return Math.floor(bytes);
}

/**
 * Connects like kubectl and prepares a read-only collector whose requests never outlive the command's budget.
 * `onBody`: told each JSON answer's size before it is parsed.
 */
export async function openSession(opts: LiveOptions, verbose: boolean, budget: CommandBudget = {}, onBody?: ApiClientOptions['onBody']): Promise<LiveSession> {
  const timeoutMs = requestTimeoutMs(opts);
  const maxBytes = maxResponseBytes(opts);
  const multiple = budget.requests ?? 6;
  const ms = budget.ms ?? timeoutMs * multiple;
  const label = budget.label ?? `the command's time limit (${multiple} × --request-timeout ${opts.requestTimeout ?? '10s'})`;
  const deadline = { at: Date.now() + ms, label };
  const { kubeconfig, context, namespace, server, certificateAuthority, insecureSkipTlsVerify, token, as, asGroup } = opts;
  const given = { kubeconfig, context, namespace, server, certificateAuthority, insecureSkipTlsVerify, token, as, asGroup };
  const connection = await connect(Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined && v !== '')));
  const client = new ApiClient(connection, { timeoutMs, maxResponseBytes: maxBytes, deadline, ...(onBody ? { onBody } : {}), ...(verbose ? { onRequest: (p: string, wave: number) => process.stderr.write(`kdiag: GET ${wave > 0 ? `[wave ${wave}] ` : '[watch] '}${p}\n`) } : {}) });
  return { connection, client, collector: new Collector(client, `cluster:${connection.context}`) };
}
