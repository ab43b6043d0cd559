import rule from '../../../src/rules/image/tls.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { backOff, failingPull, pulling, resolveError } from './pulling.js';

const HEAD = 'failed to do request: Head "https://127.0.0.1:5000/v2/shop/api/manifests/1.4.2"';
const X509_NEW = resolveError(`${HEAD}: tls: failed to verify certificate: x509: certificate signed by unknown authority`);
const X509_OLD = resolveError(`${HEAD}: x509: certificate signed by unknown authority`);
const PLAIN = resolveError(`${HEAD}: http: server gave HTTP response to HTTPS client`);

runRuleTests(rule, {
  valid: [
    { name: 'TLS handshake timeout is a network problem', objects: failingPull(resolveError(`${HEAD}: net/http: TLS handshake timeout`)) },
    { name: 'connection refused', objects: failingPull(resolveError(`${HEAD}: dial tcp 127.0.0.1:5000: connect: connection refused`)) },
  ],
  invalid: [
    { name: 'Go ≥1.20 wording', objects: failingPull(X509_NEW), expect: [{ severity: 'error', message: /does not trust the TLS certificate of registry 127\.0\.0\.1:5000/, remediation: 'certs.d/127.0.0.1:5000/ca.crt' }] },
    { name: 'older x509 wording in the 1.32+ back-off message', objects: [pulling({ reason: 'ImagePullBackOff', message: backOff(X509_OLD) })], expect: [{ message: 'x509: certificate signed by unknown authority' }] },
    { name: 'plain-HTTP registry', objects: failingPull(PLAIN), expect: [{ message: 'speaks plain HTTP', remediation: 'hosts.toml' }] },
    // An untrusted certificate cannot start being trusted by itself: failing from the first pull (#10).
    { name: 'deterministic: an error 15 s after the first failure, inside the grace period', objects: failingPull(X509_NEW, -15), expect: [{ severity: 'error', failureClass: 'deterministic' }] },
  ],
});
