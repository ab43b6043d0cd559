import rule from '../../../src/rules/admission/failed-create.js';
import { at, obj } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { controllerEvent, deployment, quotaError, replicaSet } from './workloads.js';

const rs = replicaSet();
const job = obj('Job', 'report', { spec: { parallelism: 1 }, status: {} }, 'batch/v1');
const doneJob = obj('Job', 'report', { status: { conditions: [{ type: 'Complete', status: 'True' }], succeeded: 1 } }, 'batch/v1');

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a quota refusal belongs to admission/quota-exceeded', fixture: 'real/admission-quota-exceeded.yaml', target: 'Deployment/web' },
    { name: 'real capture: a Pod Security refusal belongs to admission/pod-security', fixture: 'real/admission-pod-security.yaml', target: 'Deployment/agent' },
    { name: 'quota is its own rule', objects: [deployment(), rs, controllerEvent(rs, `Error creating: ${quotaError}`)], target: 'Deployment/api' },
    { name: 'webhook denial is its own rule', objects: [deployment(), rs, controllerEvent(rs, 'Error creating: admission webhook "x.example.com" denied the request: no')], target: 'Deployment/api' },
    { name: 'a Job that completed after an early failure', objects: [doneJob, controllerEvent(doneJob, 'Error creating: pods "report-" is forbidden: error looking up service account shop/reporter: serviceaccount "reporter" not found')], target: 'Job/report' },
  ],
  invalid: [
    { name: 'real capture: the Pod template names a ServiceAccount that does not exist', fixture: 'real/admission-failed-create.yaml', target: 'Deployment/worker', expect: [{ severity: 'error', message: /ServiceAccount "worker" does not exist in namespace kdiag-admission-failed-create/, evidence: 'serviceaccount "worker" not found' }] },
    {
      name: 'missing ServiceAccount',
      objects: [job, controllerEvent(job, 'Error creating: pods "report-" is forbidden: error looking up service account shop/reporter: serviceaccount "reporter" not found')],
      target: 'Job/report',
      expect: [{ severity: 'error', message: 'Job "report" cannot create Pods: ServiceAccount "reporter" does not exist in namespace shop.', remediation: 'kubectl create serviceaccount reporter -n shop' }],
    },
    {
      name: 'LimitRange maximum',
      objects: [deployment(), rs, controllerEvent(rs, 'Error creating: pods "api-7d9f-" is forbidden: maximum cpu usage per Container is 1, but limit is 2')],
      target: 'Deployment/api',
      expect: [{ message: "break the namespace's LimitRange (maximum cpu usage per Container is 1, but limit is 2)", remediation: 'kubectl describe limitrange -n shop' }],
    },
    {
      name: 'LimitRange in the input: its limits are evidence (a dump of limitranges is read, not skipped)',
      objects: [deployment(), rs, controllerEvent(rs, 'Error creating: pods "api-7d9f-" is forbidden: maximum cpu usage per Container is 1, but limit is 2'), obj('LimitRange', 'limits', { spec: { limits: [{ type: 'Container', max: { cpu: '1' }, defaultRequest: { cpu: '100m' } }] } })],
      target: 'Deployment/api',
      expect: [{ message: 'maximum cpu usage per Container is 1', evidence: 'limitrange/limits Container: max cpu=1; defaultRequest cpu=100m' }],
    },
    {
      name: 'an invalid template (unclassified), after the grace period',
      objects: [deployment(), rs, controllerEvent(rs, 'Error creating: Pod "api-7d9f-abcde" is invalid: spec.containers[0].image: Required value')],
      target: 'Deployment/api',
      expect: [{ severity: 'error', confidence: 'medium', message: /is invalid: spec.containers\[0\].image: Required value/ }],
    },
    { name: 'an unclassified error seen seconds ago is a warning', objects: [deployment(), rs, controllerEvent(rs, 'Error creating: etcdserver: request timed out', { first: at(-10), last: at(-10), count: 1 })], target: 'Deployment/api', expect: [{ severity: 'warning' }] },
  ],
});
