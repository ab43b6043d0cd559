import { constants as bufferConstants } from 'node:buffer';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { createSecureContext, type SecureContext } from 'node:tls';
import { ClusterError } from '../../errors.js';
import { clip } from '../../text/neutralize.js';
import { checkHeapBudget } from '../heap-budget.js';
import { DeadlineError, errorForNetwork, errorForStatus, type DeadlineKind } from './api-errors.js';
import type { Connection } from './connect.js';
import { ExecCredentials } from './exec-credential.js';
import { transportOptions } from './kubeconfig-auth.js';

/** Default --max-response-size: a page of a 150k-Pod list fits many times over, and it stays far below V8's string limit. */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 2 ** 20;
/** The largest --max-response-size that can still be decoded into one string. */
export const MAX_RESPONSE_LIMIT = Math.min(bufferConstants.MAX_STRING_LENGTH, 2 ** 30);
/** Container logs are tails: more than this is cut, not an error. */
const MAX_LOG_BYTES = 1024 * 1024;
/** setTimeout's largest delay; longer ones fire at once with a TimeoutOverflowWarning. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Retry-After waits longer than this are cut (and never past the request's deadline). */
const MAX_RETRY_AFTER_MS = 10_000;

export interface ApiClientOptions {
  /** --request-timeout: the end-to-end budget of one read (connect, TLS, headers, body, retries and their waits). */
  timeoutMs: number;
  /** Retries for 429/5xx/connection resets on these read-only GETs. */
  retries?: number;
  /** --max-response-size in bytes. */
  maxResponseBytes?: number;
  /** The command's own deadline (epoch ms) and its words ("gate --timeout 5m"): no request runs past it. */
  deadline?: { at: number; label: string };
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

/** The kubeconfig's server as a URL kdiag can use, and the words to print for it (never its user:password). */
export function parseServer(server: string): { url: URL; display: string } {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new ClusterError('E_CONFIG', `the kubeconfig's cluster server "${clip(server.replace(/\/\/[^/@]*@/, '//'), 200)}" is not a URL`, { hint: 'it should look like https://HOST:6443 (kubectl config view --minify shows it)' });
  }
  const display = `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ClusterError('E_CONFIG', `the kubeconfig's cluster server "${clip(display, 200)}" is not an http(s) URL`, { hint: 'it should look like https://HOST:6443 (kubectl config view --minify shows it)' });
  }
  return { url, display: clip(display, 200) };
}

const seconds = (ms: number): string => (ms >= 1000 ? `${+(ms / 1000).toFixed(1)}s` : `${ms}ms`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.min(Math.max(ms, 0), MAX_TIMER_MS)));

/**
 * A read-only client on top of the kubeconfig's transport settings (TLS, tokens, exec plugins).
 * It only ever issues GET: kdiag never writes to a cluster. Every read has a deadline, a size bound,
 * and goes over one keep-alive agent per command (connections and TLS sessions are reused).
 */
export class ApiClient {
  requests = 0;
  /** TCP connections opened (a keep-alive agent reuses them across requests and waves). */
  connections = 0;
  /**
   * Sequential depth of the fetch plan: a request's wave is one more than the highest wave that had
   * finished when it started, so requests issued together share a wave.
   */
  private finishedWave = 0;
  maxWave = 0;
  readonly server: string;
  readonly exec: ExecCredentials;
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly sockets = new WeakSet<Socket>();
  private transport: Promise<https.RequestOptions> | undefined;
  private credentialGeneration = 0;

  constructor(
    private readonly connection: Connection,
    private readonly options: ApiClientOptions,
  ) {
    const { url, display } = parseServer(connection.server);
    this.base = url;
    this.server = display;
    // A proxy-url gives its own keep-alive agent (connect.ts); otherwise one direct agent per command.
    this.agent = connection.agent ?? (url.protocol === 'http:' ? new http.Agent({ keepAlive: true }) : new https.Agent({ keepAlive: true }));
    this.exec = new ExecCredentials(() => this.options.timeoutMs);
  }

  get maxResponseBytes(): number {
    return this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** Closes idle keep-alive connections (the process would end anyway; tests run many clients). */
  close(): void {
    this.agent.destroy();
  }

  async get<T = any>(path: string, options: GetOptions): Promise<T> {
    const url = this.url(path, options.query ?? {});
    const retries = this.options.retries ?? 2;
    const end = Date.now() + this.options.timeoutMs;
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const generation = this.credentialGeneration;
      try {
        return (await this.once(url, options, end)) as T;
      } catch (err) {
        // A 401 after an exec plugin's token or a tokenFile's: it may have expired or rotated mid-command; read it once more.
        if ((err as { status?: number }).status === 401 && (this.exec.runs > 0 || (this.connection.user.tokenFile && !this.connection.user.token)) && !refreshed) {
          refreshed = true;
          // Parallel reads that all got the 401 ask the plugin once between them.
          if (this.credentialGeneration === generation) {
            this.credentialGeneration++;
            this.exec.invalidate();
            this.transport = undefined;
          }
          attempt--;
          continue;
        }
        const wait = retryDelay(err, attempt);
        if (attempt >= retries || wait === undefined) throw err;
        // A wait that would pass the deadline only delays the same answer: give it now.
        if (Date.now() + wait >= Math.min(end, this.options.deadline?.at ?? Infinity)) throw err;
        await sleep(wait);
      }
    }
  }

  /**
   * Opens a streaming GET (a watch) on the client's agent: the response headers must come within the
   * request deadline (and the command's); the body is open-ended and read by the watch code.
   */
  async openStream(path: string, query: Record<string, string | number | boolean | undefined>, signal: AbortSignal): Promise<http.IncomingMessage> {
    const url = this.url(path, query);
    const base = await this.transportOptions();
    this.requests++;
    this.options.onRequest?.(`${url.pathname}${url.search}`, 0);
    const server = this.server;
    const end = Date.now() + this.options.timeoutMs;
    const command = this.options.deadline;
    const at = Math.min(end, command?.at ?? Infinity);
    const kind: DeadlineKind = command && command.at < end ? 'command' : 'request';
    return new Promise((resolve, reject) => {
      const lib = url.protocol === 'http:' ? http : https;
      const req = lib.request(url, { ...base, agent: this.agent, method: 'GET', signal, headers: { ...(base.headers ?? {}), Accept: 'application/json', 'User-Agent': 'kdiag' } }, resolve);
      this.track(req);
      const timer = setTimeout(() => {
        reject(this.deadlineError(kind, 'while waiting for the response headers', `a watch of ${url.pathname}`));
        req.destroy();
      }, Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_MS));
      req.on('response', () => clearTimeout(timer));
      req.on('close', () => clearTimeout(timer));
      req.on('error', (err: NodeJS.ErrnoException) => reject(errorForNetwork(err, server)));
      req.end();
    });
  }

  private url(path: string, query: Record<string, string | number | boolean | undefined>): URL {
    const url = new URL(this.base.pathname.replace(/\/$/, '') + path, this.base);
    url.username = '';
    url.password = '';
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  /** TLS and credentials, resolved once per command: parallel first requests share one exec-plugin run. */
  private transportOptions(): Promise<https.RequestOptions> {
    if (!this.transport) {
      const pending = this.resolveTransport();
      this.transport = pending;
      pending.catch(() => this.transport === pending && (this.transport = undefined));
    }
    return this.transport;
  }

  private async resolveTransport(): Promise<https.RequestOptions> {
    let opts: https.RequestOptions;
    try {
      opts = await transportOptions(this.connection.cluster, this.connection.user, this.exec);
    } catch (err) {
      if (err instanceof ClusterError) throw err;
      throw new ClusterError('E_AUTH', `cannot get credentials for context "${this.connection.context}": ${clip((err instanceof Error ? err.message : String(err)).split('\n')[0]!, 300)}`, {
        hint: 'the kubeconfig\'s exec credential plugin or auth provider failed; run the same kubectl command to see why',
      });
    }
    // One TLS context per command, not one per connection (each costs ~10 ms of CPU to build); ca/cert/key
    // stay in the options because the agent keys its sockets by them.
    if (this.base.protocol === 'https:') {
      try {
        (opts as { secureContext?: SecureContext }).secureContext = createSecureContext({ ca: opts.ca, cert: opts.cert, key: opts.key });
      } catch (err) {
        // OpenSSL's reason ("no start line", "key values mismatch") names no secret.
        throw new ClusterError('E_CONFIG', `the kubeconfig's certificates for context "${this.connection.context}" cannot be used: ${clip(String((err as Error).message).replace(/^error:[0-9A-F]+:/, ''), 200)}`, {
          hint: 'certificate-authority(-data), client-certificate(-data) and client-key(-data) must be PEM, and the key must match the certificate',
        });
      }
    }
    return opts;
  }

  private async once(url: URL, options: GetOptions, end: number): Promise<unknown> {
    const base = await this.transportOptions();
    this.requests++;
    const wave = this.finishedWave + 1;
    this.maxWave = Math.max(this.maxWave, wave);
    this.options.onRequest?.(url.pathname + url.search, wave);
    try {
      return await this.send(url, options, base, end);
    } finally {
      this.finishedWave = Math.max(this.finishedWave, wave);
    }
  }

  private track(req: http.ClientRequest): void {
    req.on('socket', (socket: Socket) => {
      if (!this.sockets.has(socket)) {
        this.sockets.add(socket);
        this.connections++;
      }
    });
  }

  private deadlineError(kind: DeadlineKind, phase: string, what: string): DeadlineError {
    if (kind === 'command') {
      return new DeadlineError('command', `${this.options.deadline!.label} ran out ${phase} for ${what} from the API server at ${this.server}`, 'the cluster answers too slowly for this deadline; raise it, or check the network path to the cluster');
    }
    return new DeadlineError('request', `the API server at ${this.server} did not answer within ${seconds(this.options.timeoutMs)} (--request-timeout, ${phase} for ${what})`, 'check the network path to the cluster (VPN, proxy), or raise --request-timeout');
  }

  private send(url: URL, options: GetOptions, base: https.RequestOptions, end: number): Promise<unknown> {
    const accept = options.text ? '*/*' : options.metadataOnly ? 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json' : 'application/json';
    const server = this.server;
    const max = options.text ? MAX_LOG_BYTES : this.maxResponseBytes;
    const command = this.options.deadline;
    const at = Math.min(end, command?.at ?? Infinity);
    const kind: DeadlineKind = command && command.at < end ? 'command' : 'request';
    return new Promise((resolve, reject) => {
      if (Date.now() >= at) return reject(this.deadlineError(kind, 'before the request was sent', options.what));
      let phase = 'while connecting';
      let received = 0;
      let settled = false;
      const settle = (fn: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const fail = (err: Error): void => settle(() => {
        reject(err);
        req.destroy();
      });
      const lib = url.protocol === 'http:' ? http : https;
      const req = lib.request(url, { ...base, agent: this.agent, method: 'GET', headers: { ...(base.headers ?? {}), Accept: accept, 'User-Agent': 'kdiag' } }, (res) => {
        phase = 'while reading the response body';
        const status = res.statusCode ?? 0;
        const declared = Number(res.headers['content-length']);
        if (!options.text && Number.isFinite(declared) && declared > max) return fail(this.tooLarge(options.what, declared));
        const chunks: Buffer[] = [];
        let checked = 0;
        res.on('data', (c: Buffer) => {
          if (settled) return;
          received += c.length;
          if (received > max) {
            if (!options.text) return fail(this.tooLarge(options.what, received));
            chunks.push(c.subarray(0, c.length - (received - max)));
            return settle(() => {
              resolve(`${Buffer.concat(chunks).toString('utf8')}\n[kdiag: log cut at ${MAX_LOG_BYTES / 1024} KiB]`);
              req.destroy();
            });
          }
          chunks.push(c);
          // The body is held off-heap, but its string and parsed objects will not be: stop before V8 aborts.
          if (received - checked > 16 * 2 ** 20) {
            checked = received;
            try {
              checkHeapBudget(`the answer for ${options.what}`, received * 3, (m, h) => new ClusterError('E_TOO_LARGE', m, { hint: h }));
            } catch (err) {
              fail(err as Error);
            }
          }
        });
        res.on('error', (err) => fail(errorForNetwork(err, server)));
        res.on('aborted', () => fail(new ClusterError('E_UNREACHABLE', `the API server at ${server} closed the connection in the middle of the answer for ${options.what}`)));
        res.on('end', () =>
          settle(() => {
            let body: string;
            try {
              if (!options.text) checkHeapBudget(`the answer for ${options.what}`, received * 4, (m, h) => new ClusterError('E_TOO_LARGE', m, { hint: h }));
              body = Buffer.concat(chunks).toString('utf8');
            } catch (err) {
              return reject(err instanceof ClusterError ? err : this.tooLarge(options.what, received));
            }
            if (status >= 200 && status < 300) {
              if (options.text) return resolve(body);
              try {
                return resolve(JSON.parse(body));
              } catch {
                return reject(new ClusterError('E_SHAPE', `the API server at ${server} sent a response that is not JSON for ${options.what}`, { hint: 'is the kubeconfig\'s server really a Kubernetes API server (not a proxy login page or another service)?' }));
              }
            }
            const error = errorForStatus(status, body, options.what, server);
            (error as { retryAfterMs?: number }).retryAfterMs = parseRetryAfter(res.headers['retry-after']);
            (error as { status?: number }).status = status;
            reject(error);
          }),
        );
      });
      this.track(req);
      req.on('socket', (socket: Socket) => {
        if (!socket.connecting) {
          phase = 'while waiting for the response headers';
          return;
        }
        socket.once('connect', () => (phase = url.protocol === 'https:' ? 'in the TLS handshake' : 'while waiting for the response headers'));
        socket.once('secureConnect', () => (phase = 'while waiting for the response headers'));
      });
      const timer = setTimeout(() => fail(this.deadlineError(kind, phase === 'while reading the response body' ? `${phase} (${received} bytes so far)` : phase, options.what)), Math.min(at - Date.now(), MAX_TIMER_MS));
      req.on('error', (err: NodeJS.ErrnoException) => fail(errorForNetwork(err, server)));
      req.end();
    });
  }

  private tooLarge(what: string, bytes: number): ClusterError {
    const mib = (n: number): string => `${+(n / 2 ** 20).toFixed(1)} MiB`;
    return new ClusterError('E_TOO_LARGE', `the API server at ${this.server} sent more than ${mib(this.maxResponseBytes)} for ${what} (--max-response-size; ${mib(bytes)} so far)`, {
      hint: 'read less at once (-n NAMESPACE, -l SELECTOR), or raise --max-response-size if this cluster is really that big',
    });
  }
}

function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  const seconds = Number(v);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : undefined;
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
