import http from 'node:http';
import https from 'node:https';
import { ClusterError } from '../../errors.js';
import { errorForNetwork, errorForStatus } from './api-errors.js';
import type { Connection } from './connect.js';

export interface ApiClientOptions {
  timeoutMs: number;
  /** Retries for 429/5xx/connection resets on these read-only GETs. */
  retries?: number;
  /** Called once per HTTP request with its wave (for the request-budget test and --verbose). */
  onRequest?: (path: string, wave: number) => void;
}

export interface GetOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /** Ask for metadata only (PartialObjectMetadataList): used for Secrets so their data never leaves the server. */
  metadataOnly?: boolean;
  /** Plain text (container logs) instead of JSON. */
  text?: boolean;
  /** Human words for errors: "pods in shop". */
  what: string;
}

/**
 * A read-only client on top of the kubeconfig's transport settings (TLS, tokens, exec plugins).
 * It only ever issues GET: kdiag never writes to a cluster.
 */
export class ApiClient {
  requests = 0;
  /**
   * Sequential depth of the fetch plan: a request's wave is one more than the highest wave that had
   * finished when it started, so requests issued together share a wave.
   */
  private finishedWave = 0;
  maxWave = 0;
  private readonly base: URL;
  private transport: https.RequestOptions | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly options: ApiClientOptions,
  ) {
    this.base = new URL(connection.server);
  }

  async get<T = any>(path: string, options: GetOptions): Promise<T> {
    const url = new URL(this.base.pathname.replace(/\/$/, '') + path, this.base);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const retries = this.options.retries ?? 2;
    for (let attempt = 0; ; attempt++) {
      try {
        return (await this.once(url, options)) as T;
      } catch (err) {
        const retryAfter = retryDelay(err, attempt);
        if (attempt >= retries || retryAfter === undefined) throw err;
        await new Promise((r) => setTimeout(r, retryAfter));
      }
    }
  }

  /**
   * Opens a streaming GET (a watch) and resolves with the response once its headers arrive, whatever the
   * status; src/sources/cluster/watch.ts reads the events, handles 410/403 and backs off. Aborting
   * `signal` destroys the request.
   */
  async openStream(path: string, query: Record<string, string | number | boolean | undefined>, signal: AbortSignal): Promise<http.IncomingMessage> {
    const url = new URL(this.base.pathname.replace(/\/$/, '') + path, this.base);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    const base = await this.transportOptions();
    this.requests++;
    this.options.onRequest?.(`${url.pathname}${url.search}`, 0);
    const server = this.connection.server;
    return new Promise((resolve, reject) => {
      const lib = url.protocol === 'http:' ? http : https;
      const req = lib.request(url, { ...base, agent: this.connection.agent, method: 'GET', signal, headers: { ...(base.headers ?? {}), Accept: 'application/json', 'User-Agent': 'kdiag' } }, resolve);
      // Headers must come within the request timeout; the body of a watch is open-ended.
      const timer = setTimeout(() => req.destroy(Object.assign(new Error('timeout'), { code: 'KDIAG_TIMEOUT' })), this.options.timeoutMs);
      req.on('response', () => clearTimeout(timer));
      req.on('close', () => clearTimeout(timer));
      req.on('error', (err: NodeJS.ErrnoException) => reject(errorForNetwork(err, server, this.options.timeoutMs)));
      req.end();
    });
  }

  private async transportOptions(): Promise<https.RequestOptions> {
    if (!this.transport) {
      const opts: https.RequestOptions = {};
      try {
        await this.connection.kubeConfig.applyToHTTPSOptions(opts);
      } catch (err) {
        throw new ClusterError('E_AUTH', `cannot get credentials for context "${this.connection.context}": ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`, {
          hint: 'the kubeconfig\'s exec credential plugin or auth provider failed; run the same kubectl command to see why',
        });
      }
      this.transport = opts;
    }
    return this.transport;
  }

  private async once(url: URL, options: GetOptions): Promise<unknown> {
    const base = await this.transportOptions();
    this.requests++;
    const wave = this.finishedWave + 1;
    this.maxWave = Math.max(this.maxWave, wave);
    this.options.onRequest?.(url.pathname + url.search, wave);
    try {
      return await this.send(url, options, base);
    } finally {
      this.finishedWave = Math.max(this.finishedWave, wave);
    }
  }

  private send(url: URL, options: GetOptions, base: https.RequestOptions): Promise<unknown> {
    const accept = options.text ? '*/*' : options.metadataOnly ? 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json' : 'application/json';
    const server = this.connection.server;
    const timeoutMs = this.options.timeoutMs;
    return new Promise((resolve, reject) => {
      const lib = url.protocol === 'http:' ? http : https;
      const req = lib.request(
        url,
        { ...base, method: 'GET', headers: { ...(base.headers ?? {}), Accept: accept, 'User-Agent': 'kdiag' }, agent: this.connection.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err) => reject(errorForNetwork(err, server, timeoutMs)));
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              if (options.text) return resolve(body);
              try {
                resolve(JSON.parse(body));
              } catch {
                reject(new ClusterError('E_SERVER', `the API server at ${server} sent a response that is not JSON for ${options.what}`));
              }
              return;
            }
            const error = errorForStatus(status, body, options.what, server);
            (error as { retryAfterMs?: number }).retryAfterMs = parseRetryAfter(res.headers['retry-after']);
            (error as { status?: number }).status = status;
            reject(error);
          });
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'KDIAG_TIMEOUT' })));
      req.on('error', (err: NodeJS.ErrnoException) => reject(errorForNetwork(err, server, timeoutMs)));
      req.end();
    });
  }
}

function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  const seconds = Number(v);
  return Number.isFinite(seconds) ? Math.min(seconds * 1000, 10_000) : undefined;
}

/** How long to wait before retrying a read, or undefined when the error is not worth a retry. */
function retryDelay(err: unknown, attempt: number): number | undefined {
  const backoff = 200 * 2 ** attempt;
  const e = err as { status?: number; retryAfterMs?: number; code?: string };
  if (e.status === 429) return e.retryAfterMs ?? backoff;
  if (e.status !== undefined && e.status >= 500) return backoff;
  if (err instanceof ClusterError && err.code === 'E_UNREACHABLE' && /ECONNRESET|EPIPE/.test(err.message)) return backoff;
  return undefined;
}
