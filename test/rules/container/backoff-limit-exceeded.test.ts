import rule from '../../../src/rules/container/backoff-limit-exceeded.js';
import { at, conditions, containerStatus, event, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { spec, terminated } from './crashing.js';

function job(condition?: Record<string, any>, extra: Record<string, any> = {}) {
  return obj('Job', 'report-2911', { spec: { backoffLimit: 2, ...extra }, status: { failed: condition?.reason === 'BackoffLimitExceeded' ? 3 : 1, conditions: condition ? [{ status: 'True', lastTransitionTime: at(-60), ...condition }] : [] } }, 'batch/v1');
}
function failedPod(j: Record<string, any>, name: string, exitCode: number, end: number) {
  return pod({
    metadata: { name, ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'report-2911', uid: j.metadata.uid, controller: true }] },
    spec: spec({}, { restartPolicy: 'Never' }),
    status: { phase: 'Failed', conditions: conditions({ ready: false }), containerStatuses: [containerStatus({ terminated: terminated(exitCode, 'Error', end - 30, end, 'upstream returned 502') })] },
  });
}
const exceeded = job({ type: 'Failed', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' });
const deadline = job({ type: 'Failed', reason: 'DeadlineExceeded', message: 'Job was active longer than specified deadline' }, { activeDeadlineSeconds: 600 });
const running = job();

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a Job that completed after two failed runs', fixture: 'real/healthy-job-after-retries.yaml', target: 'Job/flaky' },
    { name: 'a Job that completed', target: 'Job/report-2911', objects: [job({ type: 'Complete', reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' })] },
    { name: 'a Job still retrying after one failed Pod', target: 'Job/report-2911', objects: [running, failedPod(running, 'report-2911-a', 1, -100)] },
  ],
  invalid: [
    { name: 'real capture: backoffLimit 0 reached on the first failure', fixture: 'real/container-job-backoff-limit.yaml', target: 'Job/migrate', expect: [{ severity: 'error', message: /Job "migrate" failed: its Pods failed 1 time, reaching backoffLimit 0.*container migrate exited with code 1/, evidence: 'BackoffLimitExceeded' }] },
    {
      name: 'BackoffLimitExceeded names the last failing Pod',
      target: 'Job/report-2911',
      objects: [exceeded, failedPod(exceeded, 'report-2911-a', 1, -300), failedPod(exceeded, 'report-2911-b', 2, -80), event(exceeded, { reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit', source: 'job-controller' })],
      expect: [{ severity: 'error', message: /Job "report-2911" failed: its Pods failed 3 times, reaching backoffLimit 2 .*Pod report-2911-b, container app exited with code 2/, evidence: 'BackoffLimitExceeded', remediation: 'kubectl logs -n shop report-2911-b -c app' }],
    },
    {
      // The last failure is evidence by its field path, as read: the same line in every language.
      name: 'the last failure is shown as the termination read from the Pod',
      target: 'Job/report-2911',
      objects: [exceeded, failedPod(exceeded, 'report-2911-a', 1, -300), failedPod(exceeded, 'report-2911-b', 2, -80)],
      expect: [{ evidence: /^pods\/report-2911-b\.status\.containerStatuses\[name=app\]\.(last)?[sS]tate\.terminated: \{"reason":"Error","exitCode":2/ }],
    },
    { name: 'DeadlineExceeded', target: 'Job/report-2911', objects: [deadline], expect: [{ message: 'activeDeadlineSeconds 600' }] },
  ],
});
