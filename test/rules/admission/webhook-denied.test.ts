import rule from '../../../src/rules/admission/webhook-denied.js';
import { at } from '../../harness/builders.js';
import { capturedAt, runRuleTests } from '../../harness/rule-tester.js';
import { controllerEvent, deployment, quotaError, replicaSet } from './workloads.js';

const rs = replicaSet();
const full = replicaSet('api-7d9f', { status: { replicas: 3 } });
const denied = 'Error creating: admission webhook "validate.policy.example.com" denied the request: image registry 127.0.0.1:5000 is not in the allowed list';
const unreachable = 'Error creating: Internal error occurred: failed calling webhook "validate.policy.example.com": failed to call webhook: Post "https://policy-webhook.policy-system.svc:443/validate?timeout=10s": dial tcp 10.96.12.7:443: connect: connection refused';

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a missing ServiceAccount belongs to admission/failed-create', fixture: 'real/admission-failed-create.yaml', target: 'Deployment/worker' },
    { name: 'quota is another rule', belongsTo: 'admission/quota-exceeded', objects: [deployment(), rs, controllerEvent(rs, `Error creating: ${quotaError}`)], target: 'Deployment/api' },
    { name: 'webhook recovered: SuccessfulCreate since and all replicas exist', objects: [deployment(), full, controllerEvent(full, unreachable, { last: at(-300) }), controllerEvent(full, 'Created pod: api-7d9f-abc', { reason: 'SuccessfulCreate', type: 'Normal', last: at(-200) })], target: 'Deployment/api' },
  ],
  invalid: [
    { name: 'real capture: a failurePolicy Fail webhook whose Service does not exist (young: a warning)', fixture: 'real/admission-webhook-unreachable.yaml', target: 'Deployment/api', expect: [{ severity: 'warning', failureClass: 'transient', message: /admission webhook "pods\.policy\.example\.com" could not be called for \d+s.*service "policy" not found/, evidence: 'failed calling webhook' }] },
    { name: 'real capture judged 2 minutes later: an error', fixture: 'real/admission-webhook-unreachable.yaml', target: 'Deployment/api', now: capturedAt('real/admission-webhook-unreachable.yaml') + 120_000, expect: [{ severity: 'error', message: 'pods.policy.example.com' }] },
    { name: 'denied with a reason', objects: [deployment(), rs, controllerEvent(rs, denied)], target: 'Deployment/api', expect: [{ severity: 'error', message: 'admission webhook "validate.policy.example.com" denied the request: image registry 127.0.0.1:5000 is not in the allowed list', remediation: /grep validate.policy.example.com/ }] },
    { name: 'denied without explanation', objects: [deployment(), rs, controllerEvent(rs, 'Error creating: admission webhook "deny-all.example.com" denied the request without explanation')], target: 'Deployment/api', expect: [{ message: /denied the request without explanation/ }] },
    { name: 'webhook unreachable for 10m: error, its Service named', objects: [deployment(), rs, controllerEvent(rs, unreachable)], target: 'Deployment/api', expect: [{ severity: 'error', message: /could not be called/, remediation: "Check the webhook's Service policy-webhook and its Pods: kubectl get services,endpointslices -n policy-system" }] },
    { name: 'webhook unreachable for seconds: warning', objects: [deployment(), rs, controllerEvent(rs, unreachable, { first: at(-20), last: at(-5), count: 2 })], target: 'Deployment/api', expect: [{ severity: 'warning' }] },
  ],
});
