import rule from '../../../src/rules/container/completed-restart-loop.js';
import { conditions, containerStatus, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { crashLooping, spec, terminated } from './crashing.js';

const stopped = (restartPolicy: string, phase: string, restartCount = 0) =>
  pod({ spec: spec({}, { restartPolicy }), status: { phase, conditions: conditions({ ready: false }), containerStatuses: [containerStatus({ terminated: terminated(0, 'Completed', -60, -10), restartCount })] } });

runRuleTests(rule, {
  valid: [
    { name: 'a Succeeded Job Pod (restartPolicy Never)', objects: [stopped('Never', 'Succeeded')] },
    { name: 'a completed OnFailure Pod', objects: [stopped('OnFailure', 'Succeeded')] },
    { name: 'a crash with exit 1', objects: [crashLooping(terminated(1, 'Error'))] },
  ],
  invalid: [
    { name: 'CrashLoopBackOff with a Completed last state', objects: [crashLooping(terminated(0, 'Completed'), { restartCount: 9 })], expect: [{ severity: 'error', message: /exits with code 0 \(Completed\) but the Pod's restartPolicy is Always.*restarted 9 times/, evidence: 'spec.restartPolicy', remediation: 'Job' }] },
    { name: 'first exit 0 under restartPolicy Always: warning', objects: [stopped('Always', 'Running')], expect: [{ severity: 'warning' }] },
    { name: 'exited again between restarts', objects: [stopped('Always', 'Running', 3)], expect: [{ severity: 'error' }] },
  ],
});
