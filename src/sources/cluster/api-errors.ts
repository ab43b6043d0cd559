import { ClusterError, NotFoundError } from '../../errors.js';
import { clip } from '../../text/neutralize.js';
import { redactText } from '../../text/redact.js';

/** A Status message longer than this is cut: a hostile server must not turn one error into megabytes. */
const MAX_STATUS_MESSAGE = 500;

/** A 403 on one request: not fatal; the fetch plan turns it into a note. */
export class ForbiddenError extends Error {
  constructor(
    readonly what: string,
    readonly statusMessage: string,
  ) {
    super(`${what}: forbidden`);
  }
}

/** Which deadline fired: the per-request one (--request-timeout) or the command's own (gate --timeout). */
export type DeadlineKind = 'request' | 'command';

/** A deadline passed; `kind` says which, so `gate` can turn its own deadline into a timeout outcome. */
export class DeadlineError extends ClusterError {
  constructor(
    readonly kind: DeadlineKind,
    message: string,
    hint: string,
  ) {
    super('E_TIMEOUT', message, { hint });
  }
}

/** The API server's Status body, the only part of an error response kdiag ever prints (clipped, credentials masked). */
function statusMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { kind?: string; message?: unknown };
    if (parsed && parsed.kind === 'Status' && typeof parsed.message === 'string') return clip(redactText(parsed.message), MAX_STATUS_MESSAGE).replace(/[\n\t]+/g, ' ');
  } catch {
    // not JSON
  }
  return '';
}

/** Turns an HTTP status into kdiag's typed errors; headers and raw bodies are never included. */
export function errorForStatus(status: number, body: string, what: string, server: string): Error {
  const message = statusMessage(body);
  if (status === 401) return new ClusterError('E_AUTH', `the API server at ${server} rejected the credentials (401 Unauthorized)`, { hint: 'your token or client certificate is invalid or expired: log in again or check --context' });
  if (status === 403) return new ForbiddenError(what, message);
  if (status === 404) return new NotFoundError(message || `${what} not found`);
  if (status === 429) return new ClusterError('E_SERVER', `the API server at ${server} is throttling requests (429 Too Many Requests)`, { hint: 'retry later' });
  return new ClusterError('E_SERVER', `the API server at ${server} answered ${status} for ${what}${message ? `: ${message}` : ''}`);
}

/** Network-level failures: refused, DNS, TLS. Timeouts are DeadlineErrors, raised by the client itself. */
export function errorForNetwork(err: NodeJS.ErrnoException, server: string): ClusterError {
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ECONNRESET' || code === 'EPIPE') {
    return new ClusterError('E_UNREACHABLE', `cannot reach the API server at ${server} (${code})`, { hint: 'is the cluster running, and is this the right context? (kubectl config current-context)' });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ClusterError('E_UNREACHABLE', `cannot resolve the API server's host name in ${server} (${code})`, { hint: 'check the server address in the kubeconfig and your DNS/VPN' });
  }
  if (code === 'ETIMEDOUT') {
    return new ClusterError('E_UNREACHABLE', `cannot reach the API server at ${server} (the operating system's connect timeout, ETIMEDOUT)`, { hint: 'check the network path to the cluster (VPN, proxy)' });
  }
  if (/^ERR_TLS|^ERR_SSL|CERT|^UNABLE_TO_|SIGNATURE/.test(code) || /certificate|ssl|tls/i.test(err.message)) {
    return new ClusterError('E_TLS', `TLS with the API server at ${server} failed (${code})`, { hint: 'the server certificate does not match the kubeconfig\'s certificate-authority or server name, or a client certificate expired' });
  }
  if (code === 'HPE_HEADER_OVERFLOW' || code.startsWith('HPE_')) {
    return new ClusterError('E_SHAPE', `the API server at ${server} sent a malformed HTTP response (${code})`);
  }
  return new ClusterError('E_UNREACHABLE', `cannot talk to the API server at ${server} (${clip(code || err.message.split('\n')[0]!, 200)})`);
}

/** An answer that is not what kdiag asked for: `{}`, `42`, a list without items, an object of another kind. */
export function shapeError(server: string, expected: string, what: string, why: string): ClusterError {
  return new ClusterError('E_SHAPE', `the API server at ${server} answered something that is not a ${expected} for ${what} (${why})`, {
    hint: 'is the kubeconfig\'s server really a Kubernetes API server (not a proxy login page or another service)?',
  });
}

/** A well-formed answer to another request (objects of another namespace or name): never read as ours. */
export function mismatchError(server: string, what: string, why: string): ClusterError {
  return new ClusterError('E_SHAPE', `the API server at ${server} sent an answer for ${what} that does not match the request (${why})`, {
    hint: 'a proxy or a server in front of the cluster may be answering other requests; run kubectl get with the same flags to compare',
  });
}

/** An answer nested deeper than any Kubernetes object (`MAX_NESTING`): refused where it is parsed, before any walk meets it. */
export function tooDeepError(server: string, what: string, limit: number): ClusterError {
  return new ClusterError('E_SHAPE', `the API server at ${server} sent an answer for ${what} nested more than ${limit} levels deep; Kubernetes objects never are`, {
    hint: 'is the kubeconfig\'s server really a Kubernetes API server (not a proxy login page or another service)?',
  });
}
