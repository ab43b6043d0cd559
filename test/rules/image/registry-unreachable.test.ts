import rule from '../../../src/rules/image/registry-unreachable.js';
import { IMAGE } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { failingPull, pulling, resolveError } from './pulling.js';

const INTERNAL = 'registry.shop.internal:5000/shop/api:1.4.2';
const DNS = resolveError('failed to do request: Head "https://registry.shop.internal:5000/v2/shop/api/manifests/1.4.2": dial tcp: lookup registry.shop.internal on 127.0.0.53:53: no such host', INTERNAL);
const TIMEOUT = resolveError('failed to do request: Head "https://127.0.0.1:5000/v2/shop/api/manifests/1.4.2": dial tcp 127.0.0.1:5000: i/o timeout');
const REFUSED = resolveError('failed to do request: Head "https://127.0.0.1:5000/v2/shop/api/manifests/1.4.2": dial tcp 127.0.0.1:5000: connect: connection refused');
// containerd reaches a registry on 127.0.0.1 over plain HTTP; its words on the test cluster (a port nothing listens on).
const PLAIN_HTTP = resolveError('failed to do request: Head "http://127.0.0.1:5999/v2/nope/does-not-exist/manifests/1": dial tcp 127.0.0.1:5999: connect: connection refused');
const CRIO_DNS = `initializing source docker://${INTERNAL}: pinging container registry registry.shop.internal:5000: Get "https://registry.shop.internal:5000/v2/": dial tcp: lookup registry.shop.internal: no such host`;
const internal = { spec: { containers: [{ name: 'app', image: INTERNAL }] } };

runRuleTests(rule, {
  valid: [
    { name: 'an x509 error is image/tls, not a network failure', objects: failingPull(resolveError('failed to do request: Head "https://127.0.0.1:5000/v2/shop/api/manifests/1.4.2": tls: failed to verify certificate: x509: certificate signed by unknown authority')) },
    { name: 'a tag that does not exist', objects: failingPull(`rpc error: code = NotFound desc = ${resolveError(`${IMAGE}: not found`)}`) },
    { name: 'the image is pulled already and the container is being created', objects: [pulling({ reason: 'ContainerCreating' })] },
  ],
  invalid: [
    { name: 'DNS: no such host names the host', objects: failingPull(DNS, -300, internal, INTERNAL), expect: [{ severity: 'error', message: /host name registry\.shop\.internal does not resolve/, remediation: 'nslookup registry.shop.internal' }] },
    { name: 'i/o timeout names host:port', objects: failingPull(TIMEOUT), expect: [{ message: /cannot connect to 127\.0\.0\.1:5000 .*i\/o timeout/, remediation: 'crictl pull' }] },
    { name: 'connection refused inside the grace period is a warning', objects: failingPull(REFUSED, -30), expect: [{ severity: 'warning', message: 'connection refused' }] },
    { name: 'an HTTPS registry: the check is curl over https', objects: failingPull(REFUSED), expect: [{ remediation: 'curl -v https://127.0.0.1:5000/v2/' }] },
    { name: 'a registry the runtime reaches over plain HTTP: the check is curl over http, as the runtime asked', objects: failingPull(PLAIN_HTTP), expect: [{ message: 'cannot connect to 127.0.0.1:5999', remediation: 'curl -v http://127.0.0.1:5999/v2/' }] },
    {
      name: 'CRI-O RegistryUnavailable waiting reason',
      objects: [pulling({ reason: 'RegistryUnavailable', message: `image pull failed for ${IMAGE} because the registry is unavailable: pinging container registry 127.0.0.1:5000: Get "https://127.0.0.1:5000/v2/": dial tcp 127.0.0.1:5000: connect: connection refused` })],
      expect: [{ severity: 'error', message: '127.0.0.1:5000', evidence: 'RegistryUnavailable' }],
    },
    { name: 'CRI-O pinging container registry: no such host', objects: failingPull(CRIO_DNS, -300, internal, INTERNAL), expect: [{ message: 'registry.shop.internal does not resolve' }] },
  ],
});
