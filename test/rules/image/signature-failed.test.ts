import rule from '../../../src/rules/image/signature-failed.js';
import { IMAGE } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { failingPull, pulling } from './pulling.js';

const MSG = `image pull failed for ${IMAGE} because the signature validation failed: Source image rejected: A signature was required, but no signature exists`;

runRuleTests(rule, {
  valid: [
    { name: 'registry unavailable is another CRI-mapped reason', objects: [pulling({ reason: 'RegistryUnavailable', message: `image pull failed for ${IMAGE} because the registry is unavailable: connection refused` })] },
    { name: 'an unauthorized pull', objects: failingPull('pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed') },
  ],
  invalid: [
    { name: 'SignatureValidationFailed waiting reason', objects: [pulling({ reason: 'SignatureValidationFailed', message: MSG })], expect: [{ severity: 'error', message: /signature policy rejected image .*A signature was required/, evidence: 'SignatureValidationFailed' }] },
    { name: 'the same text during ErrImagePull', objects: failingPull(MSG), expect: [{ message: 'A signature was required' }] },
  ],
});
