import rule from '../../../src/rules/image/never-pull.js';
import { containerStatus, event, IMAGE, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { pulling } from './pulling.js';

const MSG = `Container image "${IMAGE}" is not present with pull policy of Never`;
const never = pulling({ reason: 'ErrImageNeverPull', message: MSG }, { spec: { containers: [{ name: 'app', image: IMAGE, imagePullPolicy: 'Never' }] } });

runRuleTests(rule, {
  valid: [
    { name: 'pull policy Never and the image is present', objects: [pod({ spec: { containers: [{ name: 'app', image: IMAGE, imagePullPolicy: 'Never' }] }, status: { phase: 'Running', containerStatuses: [containerStatus({ running: { startedAt: '2026-11-30T09:55:00Z' }, ready: true })] } })] },
    { name: 'a normal pull back-off', objects: [pulling({ reason: 'ImagePullBackOff', message: `Back-off pulling image "${IMAGE}"` })] },
  ],
  invalid: [
    { name: 'ErrImageNeverPull with its event', objects: [never, event(never, { reason: 'ErrImageNeverPull', message: MSG, count: 12, fieldPath: 'spec.containers{app}' })], expect: [{ severity: 'error', message: /not present on node node-1.*imagePullPolicy is Never/, evidence: 'Warning ErrImageNeverPull ×12', remediation: 'kind load docker-image' }] },
    { name: 'status only', objects: [never], expect: [{ evidence: /imagePullPolicy.*Never/ }] },
  ],
});
