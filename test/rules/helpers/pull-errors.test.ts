import { describe, expect, it } from 'vitest';
import { classifyPullError, imageRegistry, pullErrorDetail, registryEndpoint, registryUrl } from '../../../src/rules/helpers/pull-errors.js';

const IMG = '127.0.0.1:5000/shop/api:1.4.2';
const wrap = (cause: string) => `failed to pull and unpack image "${IMG}": failed to resolve reference "${IMG}": ${cause}`;

describe('classifyPullError', () => {
  it.each([
    [`rpc error: code = NotFound desc = ${wrap(`${IMG}: not found`)}`, 'not-found'],
    [`initializing source docker://${IMG}: reading manifest 1.4.2 in 127.0.0.1:5000/shop/api: manifest unknown`, 'not-found'],
    [wrap('pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed'), 'unauthorized'],
    [wrap('failed to authorize: failed to fetch oauth token: unexpected status from POST request to https://127.0.0.1:5000/token: 401 Unauthorized'), 'unauthorized'],
    [wrap('authorization failed: no basic auth credentials'), 'unauthorized'],
    [wrap('unexpected status from HEAD request to https://127.0.0.1:5000/v2/shop/api/manifests/1.4.2: 429 Too Many Requests'), 'rate-limited'],
    [wrap('toomanyrequests: You have reached your pull rate limit.'), 'rate-limited'],
    [wrap('failed to do request: Head "https://r.internal/v2/a/manifests/1": dial tcp: lookup r.internal on 127.0.0.53:53: no such host'), 'registry-unreachable'],
    // a network failure while fetching a token is not an authorisation problem
    [wrap('failed to authorize: failed to fetch anonymous token: Get "https://127.0.0.1:5000/token": dial tcp 127.0.0.1:5000: i/o timeout'), 'registry-unreachable'],
    [wrap('failed to do request: Head "https://127.0.0.1:5000/v2/x": net/http: TLS handshake timeout'), 'registry-unreachable'],
    [wrap('failed to do request: Head "https://127.0.0.1:5000/v2/x": tls: failed to verify certificate: x509: certificate signed by unknown authority'), 'tls'],
    [wrap('failed to do request: Head "https://127.0.0.1:5000/v2/x": http: server gave HTTP response to HTTPS client'), 'tls'],
    [`failed to pull and unpack image "${IMG}": no match for platform in manifest: not found`, 'wrong-platform'],
    [`choosing an image from manifest list docker://${IMG}: no image found in manifest list for architecture "arm64", variant "v8", OS "linux"`, 'wrong-platform'],
    [`image pull failed for ${IMG} because the signature validation failed: Source image rejected: A signature was required, but no signature exists`, 'signature-failed'],
    [wrap('unexpected status from HEAD request to https://127.0.0.1:5000/v2/x: 500 Internal Server Error'), 'other'],
    [`Back-off pulling image "${IMG}"`, 'other'],
  ])('%s → %s', (text, kind) => {
    expect(classifyPullError(text)).toBe(kind);
  });
});

describe('pullErrorDetail', () => {
  it('strips the back-off, kubelet and containerd wrappers', () => {
    expect(pullErrorDetail(`Back-off pulling image "${IMG}": ErrImagePull: rpc error: code = NotFound desc = ${wrap(`${IMG}: not found`)}`)).toBe(`${IMG}: not found`);
    expect(pullErrorDetail(`Failed to pull image "${IMG}": ${wrap('authorization failed: no basic auth credentials')}`)).toBe('authorization failed: no basic auth credentials');
  });
  it('keeps a message it cannot shorten', () => {
    expect(pullErrorDetail(`Back-off pulling image "${IMG}"`)).toBe(`Back-off pulling image "${IMG}"`);
  });
});

describe('registryEndpoint and imageRegistry', () => {
  it('reads host:port from dial, URL and lookup texts', () => {
    expect(registryEndpoint('dial tcp 10.0.0.5:5000: connect: connection refused', IMG)).toBe('10.0.0.5:5000');
    expect(registryEndpoint('failed to do request: Head "https://r.internal/v2/a": EOF', IMG)).toBe('r.internal:443');
    expect(registryEndpoint('failed to do request: Head "http://r.internal/v2/a": EOF', IMG)).toBe('r.internal:80');
    expect(registryEndpoint('dial tcp: lookup r.internal on 127.0.0.53:53: no such host', 'r.internal/a:1')).toBe('r.internal');
    expect(registryEndpoint('something else', 'nginx:1.25')).toBe('docker.io:443');
  });
  it('registryUrl: the scheme the runtime used, https when the text does not say', () => {
    expect(registryUrl('Head "http://127.0.0.1:5999/v2/a/manifests/1": dial tcp 127.0.0.1:5999: connect: connection refused', '127.0.0.1:5999')).toBe('http://127.0.0.1:5999');
    expect(registryUrl('Head "https://r.internal:5000/v2/a/manifests/1": i/o timeout', 'r.internal:5000')).toBe('https://r.internal:5000');
    expect(registryUrl('dial tcp 10.0.0.5:5000: connect: connection refused', '10.0.0.5:5000')).toBe('https://10.0.0.5:5000');
  });
  it('finds the registry of a reference', () => {
    expect(imageRegistry(IMG)).toBe('127.0.0.1:5000');
    expect(imageRegistry('localhost/a:1')).toBe('localhost');
    expect(imageRegistry('library/nginx')).toBe('docker.io');
    expect(imageRegistry('nginx')).toBe('docker.io');
  });
});
