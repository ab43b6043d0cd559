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
    // A bare Pod's resources cannot be changed in place (kubectl set resources pod/… is refused): it is recreated with them.
    { name: 'real capture: a Ready busybox Pod with no resources', fixture: 'real/readiness-service-target-port.yaml', target: 'catalog', expect: [{ severity: 'info', message: /Container "app" sets no CPU or memory requests or limits: the Pod is BestEffort/, remediation: 'kubectl get -n kdiag-readiness-service-target-port pod/catalog -o yaml | kubectl set resources --local -f - -c app --requests=cpu=100m,memory=128Mi --limits=memory=256Mi -o yaml | kubectl replace --force -f -' }] },
    // Near miss: a Deployment's Pod template takes kubectl set resources as it is.
    { name: 'real capture: a Deployment\'s Pod with no resources', fixture: 'real/traffic-ingress.yaml', expect: [{ severity: 'info', remediation: 'kubectl set resources -n kdiag-traffic-ingress deploy/web -c app --requests=cpu=100m,memory=128Mi --limits=memory=256Mi' }] },
    { name: 'no resources at all: BestEffort', objects: [runningPod({ spec: spec({ resources: undefined }), podPatch: { status: { qosClass: 'BestEffort' } } })], expect: [{ severity: 'info', message: /Container "app" sets no CPU or memory requests or limits: the Pod is BestEffort/, evidence: 'qosClass', remediation: 'kubectl set resources' }] },
    { name: 'empty resources object', objects: [runningPod({ spec: spec({ resources: {} }) })], expect: [{ severity: 'info' }] },
  ],
});
