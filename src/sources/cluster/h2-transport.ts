import http2 from 'node:http2';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import tls from 'node:tls';

/** Per-stream and per-connection flow-control windows, as Go's HTTP/2 client sets them (kubectl): 64 KiB would cap a list at ~1 MB/s at 50 ms RTT. */
const STREAM_WINDOW = 4 * 2 ** 20;
const SESSION_WINDOW = 64 * 2 ** 20;

export type Phase = 'while connecting' | 'in the TLS handshake' | 'while waiting for the response headers';

/** The first TLS connection to a server, offering h2 and http/1.1 (ALPN): its socket, and the protocol the server picked. */
export interface Probe {
  socket: tls.TLSSocket;
  phase: Phase;
  /** 'h2', or 'http/1.1' when the server picked it or spoke no ALPN. Rejects with the socket's error. */
  protocol: Promise<'h2' | 'http/1.1'>;
}

/** Options for tls.connect from the client's transport options (the secure context holds ca, cert and key). */
export interface ProbeOptions {
  secureContext?: tls.SecureContext;
  servername?: string;
  rejectUnauthorized?: boolean;
}

/** Opens one TLS connection to `url` as https.Agent would (SNI unless the host is an IP, the same verification), offering h2 first. */
export function probe(url: URL, options: ProbeOptions): Probe {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const socket = tls.connect({
    host,
    port: Number(url.port) || 443,
    servername: options.servername ?? (isIP(host) ? '' : host),
    ...(options.secureContext ? { secureContext: options.secureContext } : {}),
    rejectUnauthorized: options.rejectUnauthorized !== false,
    ALPNProtocols: ['h2', 'http/1.1'],
  });
  // As http.Agent does: without it Nagle holds the second and third request of a wave back by a round trip.
  socket.setNoDelay(true);
  const p: Probe = {
    socket,
    phase: 'while connecting',
    protocol: new Promise((resolve, reject) => {
      socket.once('connect', () => (p.phase = 'in the TLS handshake'));
      socket.once('secureConnect', () => {
        p.phase = 'while waiting for the response headers';
        socket.removeListener('error', reject);
        resolve(socket.alpnProtocol === 'h2' ? 'h2' : 'http/1.1');
      });
      socket.once('error', reject);
    }),
  };
  return p;
}

export interface Exchange {
  /** The stream's response headers arrived: its status, headers and body. */
  onResponse(status: number, headers: http2.IncomingHttpHeaders, body: Readable): void;
  /** A failure before the response headers: the stream was reset, the session went away or failed. */
  onReset(err: NodeJS.ErrnoException): void;
  /** The body stopped before its end (a reset or a lost connection after the headers). */
  onAborted(): void;
}

/**
 * One HTTP/2 session over a connection the probe opened: every request of the command is a stream on it.
 * It keeps the process alive only while a stream is open (like a keep-alive agent's idle sockets).
 */
export class H2Session {
  private readonly session: http2.ClientHttp2Session;
  private active = 0;
  /** False once the server sent GOAWAY or the session failed or closed: new requests need a new connection. */
  usable = true;

  constructor(url: URL, socket: tls.TLSSocket) {
    this.session = http2.connect(url.origin, { createConnection: () => socket, settings: { initialWindowSize: STREAM_WINDOW, enablePush: false } });
    // The socket is connected, so the session's handle exists now; should it not, the default window only slows big lists.
    try {
      this.session.setLocalWindowSize(SESSION_WINDOW);
    } catch {
      // keep the default
    }
    const gone = (): void => {
      this.usable = false;
    };
    this.session.on('goaway', gone);
    this.session.on('close', gone);
    // A session error reaches every open stream as its own error; nothing else listens.
    this.session.on('error', gone);
    this.session.unref();
  }

  /** A GET on a new stream; returns how to cancel it. */
  get(path: string, headers: Record<string, string | string[]>, exchange: Exchange, signal?: AbortSignal): () => void {
    const h: http2.OutgoingHttpHeaders = { ':method': 'GET', ':path': path };
    for (const [k, v] of Object.entries(headers)) h[k.toLowerCase()] = v;
    if (this.active++ === 0) this.session.ref();
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      if (--this.active === 0 && !this.session.destroyed) this.session.unref();
    };
    let stream: http2.ClientHttp2Stream;
    try {
      stream = this.session.request(h, { endStream: true, ...(signal ? { signal } : {}) });
    } catch (err) {
      // The session closed between the check and the request (ERR_HTTP2_INVALID_SESSION, ERR_HTTP2_GOAWAY_SESSION).
      release();
      this.usable = false;
      queueMicrotask(() => exchange.onReset(reset(err)));
      return () => {};
    }
    let answered = false;
    let ended = false;
    stream.once('response', (headers) => {
      answered = true;
      exchange.onResponse(Number(headers[':status']) || 0, headers, stream);
    });
    stream.once('end', () => (ended = true));
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (!answered) exchange.onReset(reset(err));
    });
    stream.once('close', () => {
      release();
      if (!answered) exchange.onReset(reset(undefined));
      else if (!ended) exchange.onAborted();
    });
    return () => {
      if (!stream.destroyed) stream.close(http2.constants.NGHTTP2_CANCEL);
      release();
    };
  }

  /** No new streams: the ones open finish, then the connection closes (a refreshed credential may carry a new client certificate). */
  retire(): void {
    this.usable = false;
    if (!this.session.closed) this.session.close();
  }

  close(): void {
    this.usable = false;
    this.session.destroy();
  }
}

/**
 * A stream that ended before its answer started (RST_STREAM, GOAWAY, a dropped connection) is, for a GET,
 * what a reset connection is on HTTP/1.1: the same words, and retried the same way.
 */
function reset(err: unknown): NodeJS.ErrnoException {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code && /^E[A-Z]+$/.test(code) && !code.startsWith('ERR')) return err as NodeJS.ErrnoException;
  return Object.assign(new Error('the HTTP/2 stream was closed before its answer'), { code: 'ECONNRESET' });
}
