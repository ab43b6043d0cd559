import { ClusterError, NotFoundError } from '../../errors.js';

/** A 403 on one request: not fatal; the fetch plan turns it into a note. */
export class ForbiddenError extends Error {
  constructor(
    readonly what: string,
    readonly statusMessage: string,
  ) {
    super(`${what}: forbidden`);
  }
}

/** The API server's Status body, the only part of an error response kdiag ever prints. */
function statusMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { kind?: string; message?: unknown };
    if (parsed.kind === 'Status' && typeof parsed.message === 'string') return parsed.message;
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

/** Network-level failures: refused, DNS, timeouts, TLS. */
export function errorForNetwork(err: NodeJS.ErrnoException, server: string, timeoutMs: number): ClusterError {
  const code = err.code ?? '';
  if (code === 'ETIMEDOUT' || code === 'KDIAG_TIMEOUT') {
    return new ClusterError('E_TIMEOUT', `the API server at ${server} did not answer within ${timeoutMs / 1000}s`, { hint: 'check the network path to the cluster (VPN, proxy), or raise --request-timeout' });
  }
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ECONNRESET' || code === 'EPIPE') {
    return new ClusterError('E_UNREACHABLE', `cannot reach the API server at ${server} (${code})`, { hint: 'is the cluster running, and is this the right context? (kubectl config current-context)' });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ClusterError('E_UNREACHABLE', `cannot resolve the API server's host name in ${server} (${code})`, { hint: 'check the server address in the kubeconfig and your DNS/VPN' });
  }
  if (/^ERR_TLS|^ERR_SSL|CERT|^UNABLE_TO_|SIGNATURE/.test(code) || /certificate|ssl|tls/i.test(err.message)) {
    return new ClusterError('E_TLS', `TLS with the API server at ${server} failed (${code})`, { hint: 'the server certificate does not match the kubeconfig\'s certificate-authority or server name, or a client certificate expired' });
  }
  return new ClusterError('E_UNREACHABLE', `cannot talk to the API server at ${server} (${code || err.message.split('\n')[0]})`);
}
