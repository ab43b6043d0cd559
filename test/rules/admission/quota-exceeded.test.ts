import rule from '../../../src/rules/admission/quota-exceeded.js';
import { at, obj } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { controllerEvent, deployment, quotaError, replicaSet } from './workloads.js';

const rs = replicaSet();
const full = replicaSet('api-7d9f', { status: { replicas: 3 } });
const old = replicaSet('api-5c8b', { spec: { replicas: 0 }, status: { replicas: 0 } }, '1');
const multi = 'pods "api-7d9f-" is forbidden: exceeded quota: mem-cpu, requested: limits.memory=1Gi,requests.memory=512Mi, used: limits.memory=3584Mi,requests.memory=1792Mi, limited: limits.memory=4Gi,requests.memory=2Gi';
const noStatus = replicaSet();
delete noStatus.status;
const sts = obj('StatefulSet', 'db', { spec: { replicas: 3 }, status: { replicas: 1 } }, 'apps/v1');
const job = obj('Job', 'report', { spec: { parallelism: 1 }, status: {} }, 'batch/v1');

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a missing ServiceAccount belongs to admission/failed-create', fixture: 'real/admission-failed-create.yaml', target: 'Deployment/worker' },
    {
      name: 'stale: quota failure followed by SuccessfulCreate and every replica created',
      objects: [deployment(), full, controllerEvent(full, `Error creating: ${quotaError}`, { last: at(-400) }), controllerEvent(full, 'Created pod: api-7d9f-x2k', { reason: 'SuccessfulCreate', type: 'Normal', last: at(-300) })],
      target: 'Deployment/api',
    },
    {
      name: 'an old ReplicaSet scaled to zero keeps its old FailedCreate events',
      objects: [deployment(), old, controllerEvent(old, `Error creating: ${quotaError}`)],
      target: 'Deployment/api',
    },
    { name: 'PodSecurity is another rule', belongsTo: 'admission/pod-security', objects: [deployment(), rs, controllerEvent(rs, 'Error creating: pods "api-7d9f-" is forbidden: violates PodSecurity "restricted:latest": privileged (container "app" must not set securityContext.privileged=true)')], target: 'Deployment/api' },
  ],
  invalid: [
    { name: 'real capture: a Pod asking for more cpu than the quota holds', fixture: 'real/admission-quota-exceeded.yaml', target: 'Deployment/web', expect: [{ severity: 'error', confidence: 'high', message: /exceed ResourceQuota "compute" in namespace kdiag-admission-quota-exceeded \(requests\.cpu: requested 200m, used 0 of 100m\)/, evidence: 'exceeded quota: compute' }] },
    {
      name: 'Deployment: quota read from its newest ReplicaSet\'s events',
      objects: [deployment(), rs, replicaSet('api-5c8b', { spec: { replicas: 0 } }, '1'), controllerEvent(rs, `Error creating: ${quotaError}`)],
      target: 'Deployment/api',
      expect: [{ severity: 'error', confidence: 'high', message: 'Deployment "api" (ReplicaSet "api-7d9f") cannot create Pods: they would exceed ResourceQuota "compute" in namespace shop (requests.cpu: requested 500m, used 3800m of 4)', evidence: /FailedCreate ×7/, remediation: 'kubectl describe resourcequota compute -n shop' }],
    },
    {
      name: 'ReplicaFailure condition is the truth even without events',
      objects: [deployment(), replicaSet('api-7d9f', { status: { conditions: [{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: multi, lastTransitionTime: at(-500) }] } })],
      target: 'Deployment/api',
      expect: [{ message: /ResourceQuota "mem-cpu" .*limits.memory: requested 1Gi, used 3584Mi of 4Gi; requests.memory: requested 512Mi, used 1792Mi of 2Gi/, evidence: /ReplicaFailure\]\.reason: FailedCreate/ }],
    },
    {
      name: 'events only (no status in the dump): medium confidence',
      objects: [deployment(), noStatus, controllerEvent(noStatus, `Error creating: ${quotaError}`)],
      target: 'Deployment/api',
      expect: [{ confidence: 'medium' }],
    },
    {
      name: 'StatefulSet wording',
      objects: [sts, controllerEvent(sts, 'create Pod db-1 in StatefulSet db failed error: pods "db-1" is forbidden: exceeded quota: storage, requested: requests.storage=10Gi, used: requests.storage=95Gi, limited: requests.storage=100Gi')],
      target: 'StatefulSet/db',
      expect: [{ message: /StatefulSet "db" cannot create Pods: they would exceed ResourceQuota "storage"/ }],
    },
    {
      name: 'quota requires limits the containers do not set (Job)',
      objects: [job, controllerEvent(job, 'Error creating: pods "report-" is forbidden: failed quota: compute: must specify limits.cpu for: report; requests.memory for: report')],
      target: 'Job/report',
      expect: [{ message: 'ResourceQuota "compute" requires resources the containers do not set (must specify limits.cpu for: report; requests.memory for: report)', remediation: /LimitRange/ }],
    },
  ],
});
