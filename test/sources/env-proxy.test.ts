// node-versions: proxy agents on node:http and node:net
// HTTPS_PROXY / HTTP_PROXY / NO_PROXY as kubectl reads them (Go's http.ProxyFromEnvironment, which client-go
// uses): which proxy a server gets, and every NO_PROXY form that keeps a connection direct. The live test in
// test/live/kubeconfig-parity.test.ts sends a real scan through an environment proxy to the real cluster.
import { describe, expect, it } from 'vitest';
import { proxyFromEnvironment, useProxy } from '../../src/sources/cluster/env-proxy.js';

describe('proxyFromEnvironment', () => {
  const P = 'http://proxy.corp:3128';
  it.each([
    ['https server uses HTTPS_PROXY', 'https://api.example:6443', { HTTPS_PROXY: P }, P],
    ['lower-case https_proxy', 'https://api.example:6443', { https_proxy: P }, P],
    ['upper case wins', 'https://api.example:6443', { HTTPS_PROXY: P, https_proxy: 'http://other:1' }, P],
    ['http server uses HTTP_PROXY', 'http://api.example:8001', { HTTP_PROXY: P }, P],
    ['no scheme means http://', 'https://api.example', { HTTPS_PROXY: 'proxy.corp:3128' }, P],
    ['socks5 kept', 'https://api.example', { HTTPS_PROXY: 'socks5://127.0.0.1:1080' }, 'socks5://127.0.0.1:1080'],
  ])('%s', (_, server, env, want) => {
    expect(proxyFromEnvironment(server, env)).toBe(want);
  });

  it.each([
    ['an https server ignores HTTP_PROXY', 'https://api.example', { HTTP_PROXY: P }],
    ['an http server ignores HTTPS_PROXY', 'http://api.example', { HTTPS_PROXY: P }],
    ['no proxy set', 'https://api.example', {}],
    ['empty value', 'https://api.example', { HTTPS_PROXY: '' }],
    ['loopback is never proxied', 'https://127.0.0.1:6443', { HTTPS_PROXY: P }],
    ['IPv6 loopback', 'https://[::1]:6443', { HTTPS_PROXY: P }],
    ['localhost', 'https://localhost:6443', { HTTPS_PROXY: P }],
    ['NO_PROXY names the host', 'https://api.example:6443', { HTTPS_PROXY: P, NO_PROXY: 'api.example' }],
    ['no_proxy lower case', 'https://api.example:6443', { HTTPS_PROXY: P, no_proxy: 'api.example' }],
  ])('direct: %s', (_, server, env) => {
    expect(proxyFromEnvironment(server, env)).toBeUndefined();
  });
});

describe('useProxy (NO_PROXY)', () => {
  it.each([
    ['*', 'api.example', '443'],
    ['example', 'api.example', '443'], // a name matches itself and its subdomains
    ['api.example', 'api.example', '443'],
    ['.example', 'api.example', '443'],
    ['*.example', 'api.example', '443'],
    ['10.0.0.0/8', '10.1.2.3', '443'],
    ['10.1.2.3', '10.1.2.3', '443'],
    ['api.example:6443', 'api.example', '6443'],
    [' other.example , API.example ', 'api.example', '443'],
    ['fd00::/8', 'fd12::1', '443'],
  ])('NO_PROXY=%s keeps %s:%s direct', (noProxy, host, port) => {
    expect(useProxy(host, port, noProxy)).toBe(false);
  });

  it.each([
    ['', 'api.example', '443'],
    ['.api.example', 'api.example', '443'], // a leading dot: subdomains only
    ['pi.example', 'api.example', '443'], // not a suffix at a label boundary
    ['api.example:6443', 'api.example', '443'], // another port
    ['10.0.0.0/16', '10.1.2.3', '443'],
    ['10.1.2.4', '10.1.2.3', '443'],
    ['10.0.0.0/8', 'api.example', '443'], // a CIDR does not match a name
  ])('near miss: NO_PROXY=%s still proxies %s:%s', (noProxy, host, port) => {
    expect(useProxy(host, port, noProxy)).toBe(true);
  });
});
