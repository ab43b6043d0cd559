import { constants as bufferConstants } from 'node:buffer';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { createSecureContext, type SecureContext, type TLSSocket } from 'node:tls';
import { ClusterError } from '../../errors.js';
import { clip } from '../../text/neutralize.js';
import { MAX_NESTING, nestedDeeperThan } from '../build-snapshot.js';
import { checkHeapBudget } from '../heap-budget.js';
import { DeadlineError, errorForNetwork, errorForStatus, tooDeepError, type DeadlineKind } from './api-errors.js';
import type { Connection } from './connect.js';
import { ExecCredentials } from './exec-credential.js';
import { H2Session, probe, type Probe } from './h2-transport.js';
import { transportOptions } from './kubeconfig-auth.js';
import { RequestBudget } from './request-budget.js';
import { ResponseMemory } from './response-memory.js';

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
  /** --max-response-size in bytes: the most one answer, and every answer in flight together, may hold. */
  maxResponseBytes?: number;
  /** The command's own deadline (epoch ms) and its words ("gate --timeout 5m"): no request runs past it. */
  deadline?: { at: number; label: string };
  /** Called once per HTTP request with its wave (for the request-budget test and --verbose). */
  onRequest?: (path: string, wave: number) => void;
  /** Told the size in bytes of each JSON answer that arrived whole, before it is parsed. */
  onBody?: (bytes: number) => void;
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

/** A watch's open response: HTTP/1.1's IncomingMessage or an HTTP/2 stream, with its status. */
export type StreamResponse = Readable & { statusCode?: number };

/** What a request's transport reports back to it. */
interface Hooks {
  /** How to name where the request is, should its deadline fire now. */
  phase(p: () => string): void;
  /** How to stop the request (its deadline, a body over the limit). */
  cancelWith(fn: () => void): void;
  response(status: number, headers: IncomingHttpHeaders, body: Readable): void;
  error(err: Error): void;
  aborted(): void;
}

/** The first connection to an https server, while its TLS handshake (and ALPN) is under way. */
interface PendingProbe {
  probe: Probe;
  waiters: number;
  route: Promise<void>;
}

const seconds = (ms: number): string => (ms >= 1000 ? `${+(ms / 1000).toFixed(1)}s` : `${ms}ms`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.min(Math.max(ms, 0), MAX_TIMER_MS)));

/**
 * A read-only client on top of the kubeconfig's transport settings (TLS, tokens, exec plugins).
 * It only ever issues GET: kdiag never writes to a cluster. Every read has a deadline and a size bound.
 * An https server reached directly is offered HTTP/2 on the first connection (ALPN): when it picks h2,
 * every read of the command is a stream on that one connection (one TLS handshake, parallel waves
 * multiplexed), as kubectl does; otherwise (http/1.1, a proxy-url, http:) reads go over one keep-alive
 * agent per command, the first one on the connection already open.
 */
export class ApiClient {
  requests = 0;
  /** TCP connections opened (HTTP/2: one for the command; HTTP/1.1: the agent reuses them across requests and waves). */
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
  /** An https server reached without a proxy: HTTP/2 is offered on the first connection. */
  private readonly direct: boolean;
  private h2: H2Session | undefined;
  /** The server picked http/1.1: every request goes over the agent. */
  private h1Only = false;
  private pending: PendingProbe | undefined;
  /** The probe's socket, kept for the agent's first HTTP/1.1 request. */
  private spare: TLSSocket | undefined;
  private transport: Promise<https.RequestOptions> | undefined;
  private credentialGeneration = 0;
  /** The command's request rate once the server has misbehaved: shared by every read and watch. */
  readonly budget = new RequestBudget();
  /** The bytes of every answer in flight together (bodies, logs, watch lines): at most --max-response-size. */
  readonly memory: ResponseMemory;

  constructor(
    private readonly connection: Connection,
    private readonly options: ApiClientOptions,
  ) {
    const { url, display } = parseServer(connection.server);
    this.base = url;
    this.server = display;
    // A proxy-url gives its own keep-alive agent (connect.ts); otherwise one direct agent per command.
    this.direct = url.protocol === 'https:' && !connection.agent;
    this.agent = connection.agent ?? (url.protocol === 'http:' ? new http.Agent({ keepAlive: true }) : this.directAgent());
    this.exec = new ExecCredentials(() => this.options.timeoutMs);
    this.memory = new ResponseMemory(this.maxResponseBytes);
  }

  get maxResponseBytes(): number {
    return this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** Closes idle keep-alive connections (the process would end anyway; tests run many clients). */
  close(): void {
    this.agent.destroy();
    this.h2?.close();
    this.pending?.probe.socket.destroy();
    this.spare?.destroy();
  }

  /** A keep-alive https agent whose first new connection is the probe's socket when the server picked http/1.1. */
  private directAgent(): https.Agent {
    const agent = new https.Agent({ keepAlive: true });
    const create = agent.createConnection.bind(agent) as (options: unknown, cb: unknown) => Socket;
    (agent as unknown as { createConnection: (options: unknown, cb: unknown) => Socket }).createConnection = (options, cb) => {
      const spare = this.spare;
      this.spare = undefined;
      if (spare && !spare.destroyed) return spare.ref();
      return create(options, cb);
    };
    return agent;
  }

  async get<T = any>(path: string, options: GetOptions): Promise<T> {
    const url = this.url(path, options.query ?? {});
    const retries = this.options.retries ?? 2;
    // Waiting for a turn is not part of the read's own --request-timeout; the command's deadline bounds it.
    await this.turn(this.options.deadline?.at ?? Infinity, 'command', options.what);
    const end = Date.now() + this.options.timeoutMs;
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const generation = this.credentialGeneration;
      try {
        return (await this.once(url, options, end, attempt)) as T;
      } catch (err) {
        // A 401 after an exec plugin's token or a tokenFile's: it may have expired or rotated mid-command; read it once more.
        if ((err as { status?: number }).status === 401 && (this.exec.runs > 0 || (this.connection.user.tokenFile && !this.connection.user.token)) && !refreshed) {
          refreshed = true;
          // Parallel reads that all got the 401 ask the plugin once between them.
          if (this.credentialGeneration === generation) {
            this.credentialGeneration++;
            this.exec.invalidate();
            this.transport = undefined;
            // The plugin's new credential may be a new client certificate: the next reads use a new connection.
            this.h2?.retire();
          }
          attempt--;
          continue;
        }
        const wait = retryDelay(err, attempt);
        if (wait !== undefined || (err as { status?: number }).status === 410) this.budget.strike();
        if (attempt >= retries || wait === undefined) throw err;
        // A wait that would pass the deadline only delays the same answer: give it now.
        if (Date.now() + wait >= this.deadlineFor(end).at) throw err;
        await sleep(wait);
      }
    }
  }

  /**
   * Opens a streaming GET (a watch) on the client's connection: the response headers must come within the
   * request deadline (and the command's); the body is open-ended and read by the watch code.
   */
  async openStream(path: string, query: Record<string, string | number | boolean | undefined>, signal: AbortSignal): Promise<StreamResponse> {
    const url = this.url(path, query);
    const base = await this.transportOptions();
    await this.turn(this.options.deadline?.at ?? Infinity, 'command', `a watch of ${url.pathname}`, signal);
    if (signal.aborted) throw new Error('the watch was stopped');
    this.requests++;
    this.options.onRequest?.(`${url.pathname}${url.search}`, 0);
    const { at, kind } = this.deadlineFor(Date.now() + this.options.timeoutMs);
    return new Promise((resolve, reject) => {
      let cancel = (): void => {};
      let settled = false;
      const settle = (fn: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const timer = setTimeout(() => settle(() => {
        reject(this.deadlineError(kind, 'while waiting for the response headers', `a watch of ${url.pathname}`));
        cancel();
      }), Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_MS));
      this.start(url, { ...(base.headers as Record<string, string | string[]> | undefined), Accept: 'application/json', 'User-Agent': 'kdiag' }, base, {
        phase: () => {},
        cancelWith: (fn) => (cancel = fn),
        error: (err) => settle(() => reject(err)),
        aborted: () => {},
        response: (status, _headers, res) => settle(() => resolve(Object.assign(res, { statusCode: status }))),
      }, signal);
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

  /** Waits for the request budget's next slot, or fails with the deadline that comes before it. */
  private async turn(until: number, kind: DeadlineKind, what: string, signal?: AbortSignal): Promise<void> {
    if (await this.budget.take(until, signal)) return;
    if (until === Infinity || (kind === 'command' && !this.options.deadline)) return;
    throw this.deadlineError(kind, 'while waiting for its turn (the server misbehaved: one request a second from then on)', what);
  }

  private async once(url: URL, options: GetOptions, end: number, attempt: number): Promise<unknown> {
    const base = await this.transportOptions();
    if (attempt > 0) {
      const { at, kind } = this.deadlineFor(end);
      await this.turn(at, kind, options.what);
    }
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

  /** When a read that must end by `end` really ends: then, or at the command's deadline if that comes first (and is the one named). */
  private deadlineFor(end: number): { at: number; kind: DeadlineKind } {
    const command = this.options.deadline;
    return command && command.at < end ? { at: command.at, kind: 'command' } : { at: end, kind: 'request' };
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
    const { at, kind } = this.deadlineFor(end);
    return new Promise((resolve, reject) => {
      if (Date.now() >= at) return reject(this.deadlineError(kind, 'before the request was sent', options.what));
      let phase = (): string => 'while connecting';
      let cancel = (): void => {};
      let received = 0;
      let chunks: Buffer[] = [];
      let settled = false;
      const settle = (fn: () => void, refused = false): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
        // The body is parsed (or dropped) by now: its bytes go back to the command's memory budget.
        chunks = [];
        if (refused) this.memory.giveRefused(received);
        else this.memory.give(received);
      };
      const fail = (err: Error, refused = false): void => settle(() => {
        reject(err);
        cancel();
      }, refused);
      /** A body refused for its size (--max-response-size, or the heap budget). */
      const refuse = (err: Error): void => fail(err, true);
      const timer = setTimeout(() => {
        const p = phase();
        fail(this.deadlineError(kind, p === 'while reading the response body' ? `${p} (${received} bytes so far)` : p, options.what));
      }, Math.min(at - Date.now(), MAX_TIMER_MS));
      this.start(url, { ...(base.headers as Record<string, string | string[]> | undefined), Accept: accept, 'User-Agent': 'kdiag' }, base, {
        phase: (p) => (phase = p),
        cancelWith: (fn) => (cancel = fn),
        error: fail,
        aborted: () => fail(new ClusterError('E_UNREACHABLE', `the API server at ${server} closed the connection in the middle of the answer for ${options.what}`)),
        response: (status, headers, res) => {
          if (settled) return;
          phase = () => 'while reading the response body';
          const declared = Number(headers['content-length']);
          if (!options.text && Number.isFinite(declared) && declared > max) return fail(this.tooLarge(options.what, declared));
          let checked = 0;
          res.on('data', (c: Buffer) => {
            if (settled) return;
            if (received + c.length > max) {
              if (!options.text) return refuse(this.tooLarge(options.what, received + c.length));
              const kept = c.subarray(0, max - received);
              if (!this.memory.take(kept.length)) return refuse(this.tooMuchAtOnce(options.what, received));
              received += kept.length;
              chunks.push(kept);
              return settle(() => {
                resolve(`${Buffer.concat(chunks).toString('utf8')}\n[kdiag: log cut at ${MAX_LOG_BYTES / 1024} KiB]`);
                cancel();
              });
            }
            // Every read in flight shares one budget: parallel reads cannot each hold the whole limit.
            if (!this.memory.take(c.length)) return refuse(this.tooMuchAtOnce(options.what, received));
            received += c.length;
            chunks.push(c);
            // The body is held off-heap, but its string and parsed objects will not be: stop before V8 aborts.
            if (received - checked > 16 * 2 ** 20) {
              checked = received;
              try {
                checkHeapBudget(`the answer for ${options.what}`, received * 3, (m, h) => new ClusterError('E_TOO_LARGE', m, { hint: h }));
              } catch (err) {
                refuse(err as Error);
              }
            }
          });
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
                this.options.onBody?.(received);
                let parsed: unknown;
                try {
                  parsed = JSON.parse(body);
                } catch {
                  return reject(new ClusterError('E_SHAPE', `the API server at ${server} sent a response that is not JSON for ${options.what}`, { hint: 'is the kubeconfig\'s server really a Kubernetes API server (not a proxy login page or another service)?' }));
                }
                // The parser takes any depth; the walks after it (redaction, clones, serialisers) recurse.
                // One check here, where every answer enters, so none of them meets an absurd depth.
                if (nestedDeeperThan(parsed, MAX_NESTING + 1)) return reject(tooDeepError(server, options.what, MAX_NESTING));
                return resolve(parsed);
              }
              const error = errorForStatus(status, body, options.what, server);
              (error as { retryAfterMs?: number }).retryAfterMs = parseRetryAfter(headers['retry-after']);
              (error as { status?: number }).status = status;
              reject(error);
            }),
          );
        },
      });
    });
  }

  /**
   * Sends one GET: as a stream on the command's HTTP/2 session when the server speaks h2 (one connection,
   * one TLS handshake for every request and wave), else on the keep-alive agent (HTTP/1.1, a proxy, http:).
   * The first request(s) to an https server wait for the connection that finds out which (ALPN).
   */
  private start(url: URL, headers: Record<string, string | string[]>, base: https.RequestOptions, x: Hooks, signal?: AbortSignal): void {
    if (!this.direct || this.h1Only) return this.startH1(url, headers, base, x, signal);
    if (this.h2?.usable) return this.startH2(this.h2, url, headers, x, signal);
    const pending = this.pending ?? this.openProbe(base);
    pending.waiters++;
    let waiting = true;
    x.phase(() => pending.probe.phase);
    // A request that gives up (its deadline) leaves; the last one to leave closes a connection nobody waits for.
    x.cancelWith(() => {
      if (!waiting) return;
      waiting = false;
      if (--pending.waiters === 0 && this.pending === pending) {
        this.pending = undefined;
        pending.probe.socket.destroy();
      }
    });
    pending.route.then(
      () => {
        if (!waiting) return;
        waiting = false;
        pending.waiters--;
        this.start(url, headers, base, x, signal);
      },
      (err: NodeJS.ErrnoException) => {
        if (!waiting) return;
        waiting = false;
        pending.waiters--;
        x.error(errorForNetwork(err, this.server));
      },
    );
  }

  /** The first connection to an https server: h2 gives the session; http/1.1 leaves the socket to the agent's first request. */
  private openProbe(base: https.RequestOptions): PendingProbe {
    const { secureContext, servername, rejectUnauthorized } = base as https.RequestOptions & { secureContext?: SecureContext };
    const p = probe(this.base, { ...(secureContext ? { secureContext } : {}), ...(servername ? { servername } : {}), ...(rejectUnauthorized === false ? { rejectUnauthorized } : {}) });
    this.connections++;
    this.sockets.add(p.socket);
    const pending: PendingProbe = {
      probe: p,
      waiters: 0,
      route: p.protocol.then(
        (protocol) => {
          if (this.pending === pending) this.pending = undefined;
          if (protocol === 'h2') {
            this.h2 = new H2Session(this.base, p.socket);
          } else {
            this.h1Only = true;
            this.spare = p.socket;
            p.socket.on('error', () => {});
          }
        },
        (err) => {
          if (this.pending === pending) this.pending = undefined;
          p.socket.destroy();
          throw err;
        },
      ),
    };
    pending.route.catch(() => {});
    this.pending = pending;
    return pending;
  }

  private startH2(session: H2Session, url: URL, headers: Record<string, string | string[]>, x: Hooks, signal?: AbortSignal): void {
    x.phase(() => 'while waiting for the response headers');
    x.cancelWith(session.get(url.pathname + url.search, headers, {
      onResponse: x.response,
      onReset: (err) => x.error(errorForNetwork(err, this.server)),
      onAborted: x.aborted,
    }, signal));
  }

  private startH1(url: URL, headers: Record<string, string | string[]>, base: https.RequestOptions, x: Hooks, signal?: AbortSignal): void {
    const lib = url.protocol === 'http:' ? http : https;
    const req = lib.request(url, { ...base, agent: this.agent, method: 'GET', headers, ...(signal ? { signal } : {}) }, (res) => {
      res.on('error', (err) => x.error(errorForNetwork(err, this.server)));
      res.on('aborted', x.aborted);
      x.response(res.statusCode ?? 0, res.headers, res);
    });
    x.cancelWith(() => req.destroy());
    this.track(req);
    req.on('socket', (socket: Socket) => {
      if (!socket.connecting) return x.phase(() => 'while waiting for the response headers');
      x.phase(() => 'while connecting');
      socket.once('connect', () => x.phase(() => (url.protocol === 'https:' ? 'in the TLS handshake' : 'while waiting for the response headers')));
      socket.once('secureConnect', () => x.phase(() => 'while waiting for the response headers'));
    });
    req.on('error', (err: NodeJS.ErrnoException) => x.error(errorForNetwork(err, this.server)));
    req.end();
  }

  /** The answers in flight together passed --max-response-size (none of them alone did). */
  private tooMuchAtOnce(what: string, bytes: number): ClusterError {
    const mib = (n: number): string => `${+(n / 2 ** 20).toFixed(1)} MiB`;
    return new ClusterError('E_TOO_LARGE', `the API server at ${this.server} sent more than ${mib(this.maxResponseBytes)} for the answers kdiag was reading at once (--max-response-size counts them together; ${mib(bytes)} of it for ${what})`, {
      hint: 'read less at once (-n NAMESPACE, -l SELECTOR), or raise --max-response-size if this cluster is really that big',
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
