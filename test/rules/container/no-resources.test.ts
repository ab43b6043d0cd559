import rule from '../../../src/rules/container/no-resources.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { crashLooping, runningPod, spec, terminated } from './crashing.js';

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a Ready Pod with requests and limits', fixture: 'real/healthy-ready.yaml' },
    { name: 'requests and a limit set', objects: [runningPod()] },
    { name: 'a failing Pod: its cause matters, not its resources', objects: [crashLooping(terminated(1, 'Error'), { spec: spec({ resources: {} }) })] },
    { name: 'a Pod not Ready yet', objects: [runningPod({ ready: false, spec: spec({ resources: {} }) })] },
    { name: 'only a memory limit (Burstable)', objects: [runningPod({ spec: spec({ resources: { limits: { memory: '256Mi' } } }) })] },
  ],
  invalid: [
    { name: 'real capture: a Ready busybox Pod with no resources', fixture: 'real/readiness-service-target-port.yaml', target: 'catalog', expect: [{ severity: 'info', message: /Container "app" sets no CPU or memory requests or limits: the Pod is BestEffort/ }] },
    { name: 'no resources at all: BestEffort', objects: [runningPod({ spec: spec({ resources: undefined }), podPatch: { status: { qosClass: 'BestEffort' } } })], expect: [{ severity: 'info', message: /Container "app" sets no CPU or memory requests or limits: the Pod is BestEffort/, evidence: 'qosClass', remediation: 'kubectl set resources' }] },
    { name: 'empty resources object', objects: [runningPod({ spec: spec({ resources: {} }) })], expect: [{ severity: 'info' }] },
  ],
});
