import rule from '../../../src/rules/container/job-failed.js';
import { at, conditions, containerStatus, merge, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { crashLooping, spec, terminated } from './crashing.js';

const JOB = obj('Job', 'report-2911', { spec: { backoffLimit: 4 } }, 'batch/v1');
const owned = { metadata: { name: 'report-2911-x7k2p', ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'report-2911', uid: JOB.metadata.uid, controller: true }] } };
function jobPod(state: Record<string, any>, phase: string, restartPolicy = 'Never', patch: Record<string, any> = owned) {
  return pod(merge({ spec: spec({}, { restartPolicy }), status: { phase, conditions: conditions({ ready: false }), containerStatuses: [containerStatus(state)] } }, patch));
}

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a Job that succeeded on its third run (restartPolicy OnFailure)', fixture: 'real/healthy-job-after-retries.yaml' },
    { name: 'a Succeeded Job Pod (near miss)', objects: [jobPod({ terminated: terminated(0, 'Completed') }, 'Succeeded'), JOB] },
    { name: 'restartPolicy OnFailure crash-looping in place is container/crash-loop', objects: [crashLooping(terminated(1, 'Error'), { spec: spec({}, { restartPolicy: 'OnFailure' }) })] },
    { name: 'OOMKilled is container/oom-killed', objects: [jobPod({ terminated: terminated(137, 'OOMKilled') }, 'Failed'), JOB] },
    { name: 'an evicted Pod (status.reason Evicted) belongs to the kubelet stage', belongsTo: 'kubelet/evicted', objects: [jobPod({ terminated: terminated(137, 'Error') }, 'Failed', 'Never', { ...owned, status: { reason: 'Evicted', message: 'The node was low on resource: memory. ' } })] },
    { name: 'a Job Pod being deleted', objects: [jobPod({ terminated: terminated(143, 'Error') }, 'Running', 'Never', { metadata: { ...owned.metadata, deletionTimestamp: at(-20) } })] },
  ],
  invalid: [
    { name: 'real capture: the only attempt of a backoffLimit 0 Job exits 1; the Job has failed, so no retry is promised', fixture: 'real/container-job-backoff-limit.yaml', expect: [{ severity: 'error', message: /exited with code 1.*Job "migrate" has failed \(BackoffLimitExceeded\) and creates no more Pods/, evidence: 'BackoffLimitExceeded', remediation: 'will not retry' }] },
    {
      name: 'restartPolicy Never, phase Failed, exit 1',
      objects: [jobPod({ terminated: terminated(1, 'Error', -130, -100, 'report: upstream returned 502') }, 'Failed'), JOB],
      expect: [{ severity: 'error', message: /Container "app" of Job "report-2911" failed: it exited with code 1, .*upstream returned 502.*until backoffLimit 4/, evidence: 'spec.restartPolicy', remediation: 'kubectl logs -n shop report-2911-x7k2p -c app' }],
    },
    { name: 'a bare Pod with restartPolicy Never', objects: [jobPod({ terminated: terminated(3, 'Error') }, 'Failed', 'Never', {})], expect: [{ message: 'with restartPolicy Never it is not restarted' }] },
  ],
});
