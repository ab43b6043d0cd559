import { UsageError } from '../../errors.js';
import { parseDuration } from '../../model/time.js';
import { ApiClient } from '../../sources/cluster/api-client.js';
import { Collector } from '../../sources/cluster/collector.js';
import { connect, type Connection } from '../../sources/cluster/connect.js';
import type { LiveOptions } from './live-options.js';

export interface LiveSession {
  connection: Connection;
  client: ApiClient;
  collector: Collector;
}

/** Connects like kubectl and prepares a read-only collector. */
export async function openSession(opts: LiveOptions, verbose: boolean): Promise<LiveSession> {
  const timeoutMs = parseDuration(opts.requestTimeout ?? '10s');
  if (timeoutMs === undefined || timeoutMs <= 0) throw new UsageError(`--request-timeout: "${opts.requestTimeout}" is not a duration`, { hint: 'e.g. --request-timeout 5s' });
  const { kubeconfig, context, namespace, server, certificateAuthority, insecureSkipTlsVerify, token, as, asGroup } = opts;
  const given = { kubeconfig, context, namespace, server, certificateAuthority, insecureSkipTlsVerify, token, as, asGroup };
  const connection = await connect(Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined && v !== '')));
  const client = new ApiClient(connection, { timeoutMs, ...(verbose ? { onRequest: (p: string, wave: number) => process.stderr.write(`kdiag: GET ${wave > 0 ? `[wave ${wave}] ` : '[watch] '}${p}\n`) } : {}) });
  return { connection, client, collector: new Collector(client, `cluster:${connection.context}`) };
}
