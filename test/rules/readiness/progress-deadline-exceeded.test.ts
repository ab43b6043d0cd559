import { describe, expect, it } from 'vitest';
import rule from '../../../src/rules/readiness/progress-deadline-exceeded.js';
import { kdiagInProcess } from '../../support/cli.js';
import { at, containerStatus, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { controllerEvent, deployment, quotaError, replicaSet } from '../admission/workloads.js';

const timedOut = { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: 'ReplicaSet "api-7d9f" has timed out progressing.', lastUpdateTime: at(-60), lastTransitionTime: at(-60) };
const stuck = deployment({ status: { replicas: 3, updatedReplicas: 3, readyReplicas: 0, conditions: [timedOut] } });
const rs = replicaSet('api-7d9f', { status: { replicas: 3 } });
const empty = replicaSet();
const owned = { metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-7d9f', controller: true, uid: 'rs' }] } };
const crashing = pod({ ...owned, status: { phase: 'Running', containerStatuses: [containerStatus({ waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container=app' }, restartCount: 7 })] } });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a Deployment whose rollout finished', fixture: 'real/healthy-ready.yaml', target: 'Deployment/hello' },
    { name: 'rollout complete', objects: [deployment({ status: { conditions: [{ type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable', message: 'ReplicaSet "api-7d9f" has successfully progressed.' }] } })], target: 'Deployment/api' },
    { name: 'a new spec not yet observed resets the condition', objects: [deployment({ metadata: { generation: 3 }, status: { observedGeneration: 2, conditions: [timedOut] } })], target: 'Deployment/api' },
    { name: 'not a Deployment', objects: [replicaSet('solo', { metadata: { ownerReferences: [] }, status: { conditions: [timedOut] } })], target: 'ReplicaSet/solo' },
  ],
  invalid: [
    { name: 'real capture: progressDeadlineSeconds 10 and a Pod whose readiness probe always fails', fixture: 'real/readiness-progress-deadline.yaml', target: 'Deployment/api', expect: [{ severity: 'error', message: /Deployment "api" exceeded its progress deadline \(10s\): ReplicaSet "api-\w+" has timed out progressing: 1 of 1 Pods are not Ready/, evidence: 'ProgressDeadlineExceeded' }] },
    { name: 'points at the Pods that are not Ready', objects: [stuck, rs, crashing], target: 'Deployment/api', expect: [{ severity: 'error', confidence: 'high', message: 'exceeded its progress deadline (600s): ReplicaSet "api-7d9f" has timed out progressing: 1 of 1 Pods are not Ready: api-7d9f-x2k (CrashLoopBackOff). Diagnose them: kdiag pod api-7d9f-x2k -n shop.', evidence: 'ProgressDeadlineExceeded' }] },
    { name: 'no Pods because of a FailedCreate: follows that finding', objects: [stuck, empty, controllerEvent(empty, `Error creating: ${quotaError}`)], target: 'Deployment/api', expect: [{ confidence: 'low', message: /because its ReplicaSet cannot create Pods/ }] },
    { name: 'Pods not in the input', objects: [stuck], target: 'Deployment/api', expect: [{ message: /3 of 3 replicas are updated and 0 available/ }] },
    { name: 'a later revision: rolling back is offered', objects: [deployment({ metadata: { annotations: { 'deployment.kubernetes.io/revision': '4' } }, status: stuck.status })], target: 'Deployment/api', expect: [{ remediation: 'kubectl rollout undo deploy/api -n shop' }] },
  ],
});

describe('revision 1 has nothing to roll back to (kubectl rollout undo answers "no rollout history found")', () => {
  it('the real capture (revision 1) suggests no rollout undo, through the whole CLI', async () => {
    const r = await kdiagInProcess(['pod', 'deploy/api', '-n', 'kdiag-readiness-progress-deadline', '-f', 'fixtures/real/readiness-progress-deadline.yaml', '-o', 'json']);
    expect(r.stdout).toContain('kubectl rollout status deploy/api');
    expect(r.stdout).not.toContain('rollout undo');
  });
});
