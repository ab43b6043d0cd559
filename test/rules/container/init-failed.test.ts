import rule from '../../../src/rules/container/init-failed.js';
import { at, conditions, containerStatus, event, IMAGE, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { APP, backOffWaiting, terminated } from './crashing.js';

const MIGRATE = { name: 'migrate', image: '127.0.0.1:5000/shop/migrate:1.4.2' };
function initPod(init: Record<string, any>, app: Record<string, any>, phase = 'Pending', restartPolicy = 'Always', initSpec: Record<string, any> = MIGRATE) {
  return pod({
    spec: { restartPolicy, initContainers: [initSpec], containers: [APP] },
    status: { phase, conditions: conditions({ sandbox: true, initialized: false, ready: false }), initContainerStatuses: [containerStatus({ name: initSpec.name, ...init })], containerStatuses: [containerStatus(app)] },
  });
}
const PSQL = 'psql: error: connection to server at "db" (10.96.0.12), port 5432 failed: Connection refused';
const looping = initPod({ waiting: backOffWaiting('1m20s', 'migrate'), lastTerminated: terminated(2, 'Error', -90, -85, PSQL), restartCount: 4 }, { waiting: { reason: 'PodInitializing' } });

runRuleTests(rule, {
  valid: [
    { name: 'app containers in PodInitializing while the init container runs', objects: [initPod({ running: { startedAt: at(-10) } }, { waiting: { reason: 'PodInitializing' } })] },
    { name: 'init container completed, app running', objects: [initPod({ terminated: terminated(0, 'Completed', -500, -480) }, { running: { startedAt: at(-470) }, ready: true }, 'Running')] },
    {
      name: 'a native sidecar restarting is not an init failure',
      objects: [initPod({ waiting: backOffWaiting('40s', 'proxy'), lastTerminated: terminated(1, 'Error'), restartCount: 2 }, { running: { startedAt: at(-300) } }, 'Running', 'Always', { name: 'proxy', image: IMAGE, restartPolicy: 'Always' })],
    },
    { name: 'init container OOMKilled is container/oom-killed', objects: [initPod({ waiting: backOffWaiting('40s', 'migrate'), lastTerminated: terminated(137, 'OOMKilled'), restartCount: 2 }, { waiting: { reason: 'PodInitializing' } })] },
  ],
  invalid: [
    {
      name: 'Init:CrashLoopBackOff names the init container, code and message',
      objects: [looping, event(looping, { reason: 'BackOff', message: 'Back-off restarting failed container migrate in pod api-7d9f-x2k_shop(x)', count: 6, fieldPath: 'spec.initContainers{migrate}' })],
      expect: [{ severity: 'error', message: /Init container "migrate" exited with code 2, message "psql: .*Connection refused"; restarted 4 times; the kubelet waits 1m20s.*wait in PodInitializing/, evidence: 'Back-off restarting failed container migrate', remediation: 'kubectl logs -n shop api-7d9f-x2k -c migrate --previous' }],
    },
    { name: 'Init:Error under restartPolicy Never fails the Pod', objects: [initPod({ terminated: terminated(1, 'Error', -60, -50) }, { waiting: { reason: 'PodInitializing' } }, 'Failed', 'Never')], expect: [{ message: 'the Pod has failed' }] },
    { name: 'Init:Error before its first retry', objects: [initPod({ terminated: terminated(1, 'Error', -30, -20) }, { waiting: { reason: 'PodInitializing' } })], expect: [{ message: 'exited with code 1' }] },
  ],
});
