import rule from '../../../src/rules/admission/webhook-denied.js';
import { at } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { controllerEvent, deployment, quotaError, replicaSet } from './workloads.js';

const rs = replicaSet();
const full = replicaSet('api-7d9f', { status: { replicas: 3 } });
const denied = 'Error creating: admission webhook "validate.policy.example.com" denied the request: image registry 127.0.0.1:5000 is not in the allowed list';
const unreachable = 'Error creating: Internal error occurred: failed calling webhook "validate.policy.example.com": failed to call webhook: Post "https://policy-webhook.policy-system.svc:443/validate?timeout=10s": dial tcp 10.96.12.7:443: connect: connection refused';

runRuleTests(rule, {
  valid: [
    { name: 'quota is another rule', belongsTo: 'admission/quota-exceeded', objects: [deployment(), rs, controllerEvent(rs, `Error creating: ${quotaError}`)], target: 'Deployment/api' },
    { name: 'webhook recovered: SuccessfulCreate since and all replicas exist', objects: [deployment(), full, controllerEvent(full, unreachable, { last: at(-300) }), controllerEvent(full, 'Created pod: api-7d9f-abc', { reason: 'SuccessfulCreate', type: 'Normal', last: at(-200) })], target: 'Deployment/api' },
  ],
  invalid: [
    { name: 'denied with a reason', objects: [deployment(), rs, controllerEvent(rs, denied)], target: 'Deployment/api', expect: [{ severity: 'error', message: 'admission webhook "validate.policy.example.com" denied the request: image registry 127.0.0.1:5000 is not in the allowed list', remediation: /grep validate.policy.example.com/ }] },
    { name: 'denied without explanation', objects: [deployment(), rs, controllerEvent(rs, 'Error creating: admission webhook "deny-all.example.com" denied the request without explanation')], target: 'Deployment/api', expect: [{ message: /denied the request without explanation/ }] },
    { name: 'webhook unreachable for 10m: error, its Service named', objects: [deployment(), rs, controllerEvent(rs, unreachable)], target: 'Deployment/api', expect: [{ severity: 'error', message: /could not be called/, remediation: 'kubectl get endpoints policy-webhook -n policy-system' }] },
    { name: 'webhook unreachable for seconds: warning', objects: [deployment(), rs, controllerEvent(rs, unreachable, { first: at(-20), last: at(-5), count: 2 })], target: 'Deployment/api', expect: [{ severity: 'warning' }] },
  ],
});
