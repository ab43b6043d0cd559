import rule from '../../../src/rules/image/invalid-name.js';
import { event, IMAGE } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { failingPull, pulling } from './pulling.js';

function invalid(image: string, suffix = ''): Record<string, any> {
  return pulling(
    { reason: 'InvalidImageName', message: `Failed to apply default image tag "${image}": couldn't parse image name "${image}": invalid reference format${suffix}` },
    { spec: { containers: [{ name: 'app', image }] } },
  );
}

const upper = invalid('127.0.0.1:5000/Shop/API:1.4.2', ': repository name (Shop/API) must be lowercase');
const oldUpper = invalid('127.0.0.1:5000/Shop/API:1.4.2');

runRuleTests(rule, {
  valid: [
    { name: 'a valid reference that is not found', objects: failingPull(`rpc error: code = NotFound desc = failed to pull and unpack image "${IMAGE}": failed to resolve reference "${IMAGE}": ${IMAGE}: not found`) },
    { name: 'an image still being pulled', objects: [pulling({ reason: 'ContainerCreating' })] },
  ],
  invalid: [
    { name: 'must be lowercase (newer distribution/reference)', objects: [upper], expect: [{ severity: 'error', message: /repository name "Shop\/API" must be lowercase/, evidence: 'InvalidImageName' }] },
    {
      name: 'invalid reference format only, with the InspectFailed event',
      objects: [oldUpper, event(oldUpper, { reason: 'InspectFailed', message: oldUpper.status.containerStatuses[0].state.waiting.message, fieldPath: 'spec.containers{app}' })],
      expect: [{ message: 'must be lowercase', evidence: 'Warning InspectFailed' }],
    },
    { name: 'a URL scheme in front of the registry', objects: [invalid('https://127.0.0.1:5000/shop/api:1.4.2')], expect: [{ message: 'drop the "http(s)://" prefix' }] },
    { name: 'an empty tag', objects: [invalid('127.0.0.1:5000/shop/api:')], expect: [{ message: 'empty', remediation: 'kubectl set image -n shop' }] },
  ],
});
