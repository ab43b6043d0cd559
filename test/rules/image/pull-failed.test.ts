import rule from '../../../src/rules/image/pull-failed.js';
import { at, containerStatus, IMAGE, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { failingPull, pulling, resolveError } from './pulling.js';

const E500 = resolveError('unexpected status from HEAD request to https://127.0.0.1:5000/v2/shop/api/manifests/1.4.2: 500 Internal Server Error');
const SCHEMA1 = resolveError('media type "application/vnd.docker.distribution.manifest.v1+prettyjws" is no longer supported since containerd v2.0, please rebuild the image as "application/vnd.docker.distribution.manifest.v2+json" or "application/vnd.oci.image.manifest.v1+json"');

runRuleTests(rule, {
  valid: [
    { name: 'a specific error belongs to its rule (not found)', belongsTo: 'image/not-found', objects: failingPull(`rpc error: code = NotFound desc = ${resolveError(`${IMAGE}: not found`)}`) },
    { name: 'a specific error belongs to its rule (tls)', belongsTo: 'image/tls', objects: failingPull(resolveError('tls: failed to verify certificate: x509: certificate signed by unknown authority')) },
    {
      name: 'an ephemeral debug container that cannot pull does not stop the Pod',
      objects: [
        pod({
          spec: { ephemeralContainers: [{ name: 'debugger-x7k', image: '127.0.0.1:5000/tools/netshoot:latest', targetContainerName: 'app' }] },
          status: { phase: 'Running', containerStatuses: [containerStatus({ running: { startedAt: at(-500) }, ready: true })], ephemeralContainerStatuses: [containerStatus({ name: 'debugger-x7k', waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "127.0.0.1:5000/tools/netshoot:latest": ErrImagePull: ${E500}` } })] },
        }),
      ],
    },
    { name: 'not pulling', objects: [pulling({ reason: 'CreateContainerConfigError', message: 'configmap "app-cfg" not found' })] },
  ],
  invalid: [
    { name: 'a registry 500 shows the raw error', objects: failingPull(E500), expect: [{ severity: 'error', confidence: 'medium', message: /failed: unexpected status from HEAD request .*500 Internal Server Error/ }] },
    { name: 'containerd 2.0 refuses a schema-1 image', objects: failingPull(SCHEMA1, -20), expect: [{ severity: 'warning', message: 'no longer supported since containerd v2.0' }] },
    { name: '≤1.31 back-off message with no Failed event: low confidence', objects: [pulling({ reason: 'ImagePullBackOff', message: `Back-off pulling image "${IMAGE}"` })], expect: [{ confidence: 'low', message: 'was not recorded' }] },
  ],
});
