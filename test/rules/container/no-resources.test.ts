import rule from '../../../src/rules/container/no-resources.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { runningPod, spec } from './crashing.js';

runRuleTests(rule, {
  valid: [
    { name: 'requests and a limit set', objects: [runningPod()] },
    { name: 'only a memory limit (Burstable)', objects: [runningPod({ spec: spec({ resources: { limits: { memory: '256Mi' } } }) })] },
  ],
  invalid: [
    { name: 'no resources at all: BestEffort', objects: [runningPod({ spec: spec({ resources: undefined }), podPatch: { status: { qosClass: 'BestEffort' } } })], expect: [{ severity: 'info', message: /Container "app" sets no CPU or memory requests or limits: the Pod is BestEffort/, evidence: 'qosClass', remediation: 'kubectl set resources' }] },
    { name: 'empty resources object', objects: [runningPod({ spec: spec({ resources: {} }) })], expect: [{ severity: 'info' }] },
  ],
});
