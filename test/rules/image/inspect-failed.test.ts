import rule from '../../../src/rules/image/inspect-failed.js';
import { event, IMAGE } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { pulling } from './pulling.js';

const MSG = `Failed to inspect image "${IMAGE}": rpc error: code = DeadlineExceeded desc = context deadline exceeded`;
const stuck = pulling({ reason: 'ImageInspectError', message: MSG });

runRuleTests(rule, {
  valid: [
    { name: 'InspectFailed for an invalid name is image/invalid-name', objects: [pulling({ reason: 'InvalidImageName', message: `Failed to apply default image tag "x": couldn't parse image name "x": invalid reference format` })] },
    { name: 'a pull back-off', objects: [pulling({ reason: 'ErrImagePull', message: 'x' })] },
  ],
  invalid: [
    { name: 'ImageInspectError with the InspectFailed event', objects: [stuck, event(stuck, { reason: 'InspectFailed', message: MSG, fieldPath: 'spec.containers{app}' })], expect: [{ severity: 'error', message: /failed to inspect image .*context deadline exceeded/, evidence: 'InspectFailed', remediation: 'crictl inspecti' }] },
    { name: 'status only', objects: [stuck], expect: [{ evidence: 'ImageInspectError' }] },
  ],
});
