import rule from '../../../src/rules/image/unauthorized.js';
import { event, IMAGE, obj } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { backOff, failingPull, pulling, resolveError } from './pulling.js';

const DENIED = resolveError('pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed');
const TOKEN_401 = resolveError('failed to authorize: failed to fetch oauth token: unexpected status from POST request to https://127.0.0.1:5000/token: 401 Unauthorized');
const HEAD_403 = resolveError('unexpected status from HEAD request to https://127.0.0.1:5000/v2/shop/api/manifests/1.4.2: 403 Forbidden');
const NO_BASIC = resolveError('authorization failed: no basic auth credentials');
const CRIO_DENIED = `initializing source docker://${IMAGE}: reading manifest 1.4.2 in 127.0.0.1:5000/shop/api: requested access to the resource is denied`;

const withSecret = { spec: { imagePullSecrets: [{ name: 'regcred' }] } };
const crioBackOff = pulling({ reason: 'ImagePullBackOff', message: `Back-off pulling image "${IMAGE}"` });
const missingSecretPod = pulling({ reason: 'ImagePullBackOff', message: backOff(DENIED) }, withSecret);

runRuleTests(rule, {
  valid: [
    { name: 'tag not found is image/not-found', objects: failingPull(`rpc error: code = NotFound desc = ${resolveError(`${IMAGE}: not found`)}`) },
    { name: 'DNS failure while fetching the token is registry-unreachable', objects: failingPull(resolveError('failed to authorize: failed to fetch anonymous token: Get "https://127.0.0.1:5000/token": dial tcp 127.0.0.1:5000: i/o timeout')) },
    { name: 'rate limit (429) is image/rate-limited', objects: failingPull(resolveError('unexpected status from HEAD request to https://127.0.0.1:5000/v2/shop/api/manifests/1.4.2: 429 Too Many Requests')) },
    { name: 'pull secret warning, but the image pulled and the container runs', objects: [pulling({ reason: 'ContainerCreating' }), event(pulling({ reason: 'ContainerCreating' }), { reason: 'FailedToRetrieveImagePullSecret', message: 'Unable to retrieve some image pull secrets (regcred); attempting to pull the image may not succeed.' })] },
  ],
  invalid: [
    {
      name: 'insufficient_scope with no imagePullSecrets',
      objects: failingPull(DENIED),
      expect: [{ severity: 'error', confidence: 'high', message: /no imagePullSecrets on this Pod/, evidence: 'insufficient_scope', remediation: 'kubectl create secret docker-registry regcred -n shop --docker-server=127.0.0.1:5000' }],
    },
    {
      name: 'imagePullSecret named on the Pod does not exist (Secrets were seen)',
      objects: [missingSecretPod, obj('Secret', 'other-secret', { type: 'Opaque', data: { a: 'Yg==' } })],
      expect: [{ message: /imagePullSecret "regcred" does not exist in namespace shop/, evidence: 'spec.imagePullSecrets' }],
    },
    {
      name: 'missing secret proven by the kubelet event when Secrets were not dumped',
      objects: [missingSecretPod, event(missingSecretPod, { reason: 'FailedToRetrieveImagePullSecret', message: 'Unable to retrieve some image pull secrets (regcred); attempting to pull the image may not succeed.', count: 9 })],
      expect: [{ message: 'does not exist', evidence: 'FailedToRetrieveImagePullSecret' }],
    },
    {
      name: 'secret exists but the registry answers 401',
      objects: [...failingPull(TOKEN_401, -300, withSecret), obj('Secret', 'regcred', { type: 'kubernetes.io/dockerconfigjson', data: { '.dockerconfigjson': 'e30=' } })],
      expect: [{ message: /"regcred" exists, but the registry rejected/, remediation: 'docker login 127.0.0.1:5000' }],
    },
    { name: 'malformed imagePullSecrets (not a list) reads as none', objects: failingPull(DENIED, -300, { spec: { imagePullSecrets: 'regcred' } }), expect: [{ message: 'no imagePullSecrets on this Pod' }] },
    { name: '403 Forbidden on HEAD', objects: failingPull(HEAD_403), expect: [{ message: '403 Forbidden' }] },
    { name: 'no basic auth credentials', objects: failingPull(NO_BASIC), expect: [{ message: 'no basic auth credentials' }] },
    { name: 'CRI-O: requested access to the resource is denied (≤1.31 back-off message + event)', objects: [crioBackOff, event(crioBackOff, { reason: 'Failed', message: `Failed to pull image "${IMAGE}": ${CRIO_DENIED}`, count: 3, fieldPath: 'spec.containers{app}' })], expect: [{ message: 'requested access to the resource is denied' }] },
  ],
});
