import rule from '../../../src/rules/image/rate-limited.js';
import { IMAGE } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { backOff, failingPull, pulling, resolveError } from './pulling.js';

const HEAD_429 = resolveError('unexpected status from HEAD request to https://127.0.0.1:5000/v2/shop/api/manifests/1.4.2: 429 Too Many Requests');
const TOOMANY = resolveError('toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading');
const CRIO = `initializing source docker://${IMAGE}: reading manifest 1.4.2 in 127.0.0.1:5000/shop/api: toomanyrequests: too many requests to registry`;

runRuleTests(rule, {
  valid: [
    { name: 'a 401 is image/unauthorized', objects: failingPull(resolveError('failed to authorize: failed to fetch oauth token: unexpected status from POST request to https://127.0.0.1:5000/token: 401 Unauthorized')) },
    { name: 'a 500 from the registry is image/pull-failed', objects: failingPull(resolveError('unexpected status from HEAD request to https://127.0.0.1:5000/v2/shop/api/manifests/1.4.2: 500 Internal Server Error')) },
  ],
  invalid: [
    { name: '429 Too Many Requests, failing for 5 minutes', objects: failingPull(HEAD_429), expect: [{ severity: 'error', message: /Registry 127\.0\.0\.1:5000 is rate-limiting.*failing for 5m/, evidence: '429' }] },
    { name: 'toomanyrequests in the 1.32+ back-off message', objects: [pulling({ reason: 'ImagePullBackOff', message: backOff(TOOMANY) })], expect: [{ message: 'toomanyrequests' }] },
    { name: 'within the grace period it is a warning', objects: failingPull(CRIO, -20), expect: [{ severity: 'warning', remediation: 'imagePullSecrets' }] },
  ],
});
