import rule from '../../../src/rules/kubelet/deadline-exceeded.js';
import { at, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// pkg/kubelet/active_deadline.go (k8s-messages.md §2.8, §4.1).
const JOB = { ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'nightly-report', controller: true }] };
const exceeded = pod({ metadata: JOB, spec: { activeDeadlineSeconds: 600, restartPolicy: 'Never' }, status: { phase: 'Failed', reason: 'DeadlineExceeded', message: 'Pod was active on the node longer than the specified deadline', startTime: at(-620) } });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a Failed Pod evicted for its storage belongs to kubelet/evicted', fixture: 'real/kubelet-evicted-ephemeral-storage.yaml' },
    { name: 'a Job Pod that completed', objects: [pod({ metadata: JOB, spec: { activeDeadlineSeconds: 600 }, status: { phase: 'Succeeded' } })] },
    { name: 'a Job-level DeadlineExceeded is the workload rule\'s, not the Pod\'s', objects: [pod({ metadata: JOB, status: { phase: 'Failed' } })] },
  ],
  invalid: [
    { name: 'real capture: a bare Pod with activeDeadlineSeconds 5', fixture: 'real/kubelet-deadline-exceeded.yaml', expect: [{ severity: 'error', message: /activeDeadlineSeconds of 5s\. .*nothing owns this one/, evidence: 'DeadlineExceeded' }] },
    { name: 'activeDeadlineSeconds exceeded', objects: [exceeded], expect: [{ severity: 'error', message: /activeDeadlineSeconds of 600s \(10m\).*Job "nightly-report"/, evidence: /activeDeadlineSeconds\W+600/ }] }],
});
