import { isIP } from 'node:net';

/**
 * The proxy kubectl would use for `server` from the environment when the kubeconfig's cluster has no
 * `proxy-url`: Go's `http.ProxyFromEnvironment`, which client-go uses (golang.org/x/net/http/httpproxy).
 * HTTPS_PROXY (then https_proxy) for an https:// server, HTTP_PROXY (then http_proxy) for http://; a value
 * without a scheme is http://. Never for localhost or a loopback address, nor for a host NO_PROXY (then
 * no_proxy) names: `*`, a host name (it and its subdomains), `.domain` (subdomains only), an IP address, a
 * CIDR, each optionally with `:port`. Returns undefined for a direct connection.
 */
export function proxyFromEnvironment(server: string, env: NodeJS.ProcessEnv): string | undefined {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    return undefined;
  }
  const https = url.protocol === 'https:';
  const raw = (https ? pick(env, 'HTTPS_PROXY', 'https_proxy') : pick(env, 'HTTP_PROXY', 'http_proxy'))?.trim();
  if (!raw) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (https ? '443' : '80');
  if (!useProxy(host, port, pick(env, 'NO_PROXY', 'no_proxy') ?? '')) return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
}

function pick(env: NodeJS.ProcessEnv, upper: string, lower: string): string | undefined {
  return env[upper] || env[lower] || undefined;
}

/** Go's `useProxy`: false for localhost, loopback and every host NO_PROXY matches. */
export function useProxy(host: string, port: string, noProxy: string): boolean {
  if (host === 'localhost') return false;
  if (isIP(host) && isLoopback(host)) return false;
  for (const entry of noProxy.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    if (entry === '*') return false;
    if (entry.includes('/')) {
      if (isIP(host) && inCidr(host, entry)) return false;
      continue;
    }
    const [name, entryPort] = splitPort(entry);
    if (entryPort !== undefined && entryPort !== port) continue;
    if (isIP(name)) {
      if (name === host) return false;
      continue;
    }
    if (name.startsWith('*.')) {
      if (host.endsWith(name.slice(1))) return false;
    } else if (name.startsWith('.')) {
      if (host.endsWith(name)) return false;
    } else if (host === name || host.endsWith(`.${name}`)) {
      return false;
    }
  }
  return true;
}

function splitPort(entry: string): [string, string | undefined] {
  const bracket = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracket) return [bracket[1]!, bracket[2]];
  if (isIP(entry) === 6) return [entry, undefined];
  const m = /^(.*):(\d+)$/.exec(entry);
  return m ? [m[1]!, m[2]] : [entry, undefined];
}

function isLoopback(ip: string): boolean {
  if (isIP(ip) === 4) return ip.startsWith('127.');
  const v = ip.toLowerCase();
  return v === '::1' || v.startsWith('::ffff:127.');
}

function inCidr(ip: string, cidr: string): boolean {
  const [base, bitsText] = cidr.split('/');
  const bits = Number(bitsText);
  const a = toBytes(ip);
  const b = base ? toBytes(base) : undefined;
  if (!a || !b || a.length !== b.length || !Number.isInteger(bits) || bits < 0 || bits > a.length * 8) return false;
  for (let i = 0; i < bits; i++) {
    const mask = 0x80 >> i % 8;
    if ((a[i >> 3]! & mask) !== (b[i >> 3]! & mask)) return false;
  }
  return true;
}

function toBytes(ip: string): number[] | undefined {
  if (isIP(ip) === 4) return ip.split('.').map(Number);
  if (isIP(ip) !== 6 || ip.includes('.')) return undefined; // an IPv4-in-IPv6 form is matched by its IPv4 entry
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const groups = (s: string | undefined): number[] => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = groups(head);
  const t = groups(tail);
  const all = tail === undefined ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
  return all.flatMap((g) => [(g >> 8) & 0xff, g & 0xff]);
}
