import rule from '../../../src/rules/image/not-found.js';
import { at, conditions, containerStatus, event, IMAGE, node, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// containerd 1.7/2.x wording (k8s-messages.md §6.1); the leading `rpc error: code = NotFound` is kept by the kubelet.
const NOT_FOUND_ERR = `rpc error: code = NotFound desc = failed to pull and unpack image "${IMAGE}": failed to resolve reference "${IMAGE}": ${IMAGE}: not found`;

function pulling(waiting: { reason: string; message?: string }) {
  return pod({ status: { phase: 'Pending', conditions: conditions({ sandbox: true, initialized: true }), containerStatuses: [containerStatus({ waiting })] } });
}

const backOff = pulling({ reason: 'ImagePullBackOff', message: `Back-off pulling image "${IMAGE}": ErrImagePull: ${NOT_FOUND_ERR}` });
const oldBackOff = pulling({ reason: 'ImagePullBackOff', message: `Back-off pulling image "${IMAGE}"` });
const errPull = pulling({ reason: 'ErrImagePull', message: NOT_FOUND_ERR });

runRuleTests(rule, {
  valid: [
    { name: 'a running container whose image once failed to pull', objects: [pod({ status: { phase: 'Running', containerStatuses: [containerStatus({ running: { startedAt: at(-60) }, ready: true })] } }), event(backOff, { reason: 'Failed', message: `Failed to pull image "${IMAGE}": ${NOT_FOUND_ERR}` })] },
    { name: 'unauthorized pull is another rule', belongsTo: 'image/unauthorized', objects: [pulling({ reason: 'ErrImagePull', message: `failed to pull and unpack image "${IMAGE}": failed to resolve reference "${IMAGE}": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed` })] },
    { name: 'wrong platform says "not found" too but is not a missing tag', objects: [pulling({ reason: 'ErrImagePull', message: `failed to pull and unpack image "${IMAGE}": no match for platform in manifest: not found` })] },
    { name: 'still ContainerCreating', objects: [pulling({ reason: 'ContainerCreating' }), node()] },
  ],
  invalid: [
    { name: 'ErrImagePull with the containerd 404 text', objects: [errPull, node()], expect: [{ severity: 'error', message: 'does not exist in the registry', evidence: 'ErrImagePull' }] },
    { name: 'ImagePullBackOff (1.32+) carries the last error', objects: [backOff], expect: [{ message: `"${IMAGE}"`, evidence: 'not found' }] },
    {
      name: 'ImagePullBackOff (≤1.31) falls back to the Failed event',
      objects: [oldBackOff, event(oldBackOff, { reason: 'Failed', message: `Failed to pull image "${IMAGE}": ${NOT_FOUND_ERR}`, count: 4, fieldPath: 'spec.containers{app}' })],
      expect: [{ evidence: /Warning Failed ×4 .*not found/ }],
    },
    { name: 'CRI-O wording', objects: [pulling({ reason: 'ErrImagePull', message: `initializing source docker://${IMAGE}: reading manifest 1.4.2 in 127.0.0.1:5000/shop/api: manifest unknown` })], expect: [{ severity: 'error' }] },
  ],
});
