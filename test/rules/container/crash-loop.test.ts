import rule from '../../../src/rules/container/crash-loop.js';
import { at, conditions, containerStatus, IMAGE, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { APP, backOffEvent, backOffWaiting, crashLooping, killing, runningPod, spec, terminated } from './crashing.js';

const killed137 = crashLooping(terminated(137, 'Error'));
const exit1 = crashLooping(terminated(1, 'Error', -130, -100, 'Error: DATABASE_URL is not set'), { delay: '5m0s', restartCount: 7 });

/** A native sidecar "proxy" next to app container "app". */
function withSidecar(proxy: Record<string, any>, app: Record<string, any>, phase = 'Running'): Record<string, any> {
  return pod({
    spec: { initContainers: [{ name: 'proxy', image: '127.0.0.1:5000/shop/proxy:2.1', restartPolicy: 'Always' }], containers: [APP] },
    status: { phase, conditions: conditions({ sandbox: true, initialized: true, ready: false }), initContainerStatuses: [containerStatus({ name: 'proxy', ...proxy })], containerStatuses: [containerStatus(app)] },
  });
}

const jobPod = (state: Record<string, any>, phase: string, restartPolicy = 'Never') =>
  pod({ spec: spec({}, { restartPolicy }), status: { phase, conditions: conditions({ sandbox: true, initialized: true, ready: false }), containerStatuses: [containerStatus(state)] } });

runRuleTests(rule, {
  valid: [
    { name: 'OOMKilled loop belongs to container/oom-killed', objects: [crashLooping(terminated(137, 'OOMKilled'))] },
    { name: 'exit 0 loop belongs to container/completed-restart-loop', objects: [crashLooping(terminated(0, 'Completed'))] },
    { name: 'exit 127 belongs to container/command-not-found', objects: [crashLooping(terminated(127, 'Error'))] },
    { name: 'a liveness kill belongs to container/liveness-failed', objects: [killed137, killing(killed137, 'Container app failed liveness probe, will be restarted', -102)] },
    { name: 'a Succeeded Job Pod (exit 0, restartPolicy Never)', objects: [jobPod({ terminated: terminated(0, 'Completed') }, 'Succeeded')] },
    { name: 'a failed Job Pod with restartPolicy Never is container/job-failed', objects: [jobPod({ terminated: terminated(1, 'Error') }, 'Failed')] },
    { name: 'restarts long ago, Running and Ready now', objects: [runningPod({ startedSeconds: -86_000, last: terminated(1, 'Error', -87_000, -86_010), restartCount: 3 })] },
    {
      name: 'a Pod being deleted: its container exited 143 as asked',
      objects: [pod({ metadata: { deletionTimestamp: at(-20), deletionGracePeriodSeconds: 30 }, status: { phase: 'Running', containerStatuses: [containerStatus({ terminated: terminated(143, 'Error', -500, -15) })] } })],
    },
    {
      name: 'an ephemeral debug container that exited',
      objects: [pod({ spec: { ephemeralContainers: [{ name: 'debugger', image: IMAGE }] }, status: { phase: 'Running', containerStatuses: [containerStatus({ running: { startedAt: at(-500) }, ready: true })], ephemeralContainerStatuses: [containerStatus({ name: 'debugger', terminated: terminated(130, 'Error', -100, -50) })] } })],
    },
    { name: 'a native sidecar running next to the app', objects: [withSidecar({ running: { startedAt: at(-500) }, ready: true, started: true }, { running: { startedAt: at(-490) }, ready: true })] },
    {
      name: 'sidecar stopped with 143 after the Job container finished',
      objects: [
        pod({
          spec: { restartPolicy: 'Never', initContainers: [{ name: 'proxy', image: IMAGE, restartPolicy: 'Always' }], containers: [APP] },
          status: { phase: 'Succeeded', initContainerStatuses: [containerStatus({ name: 'proxy', terminated: terminated(143, 'Error', -500, -10) })], containerStatuses: [containerStatus({ terminated: terminated(0, 'Completed', -490, -12) })] },
        }),
      ],
    },
  ],
  invalid: [
    {
      name: 'CrashLoopBackOff after exit 1, with back-off and message',
      objects: [exit1, backOffEvent(exit1)],
      expect: [{ severity: 'error', message: /Container "app" is crash-looping: it exited with code 1, message "Error: DATABASE_URL is not set"; restarted 7 times; the kubelet waits 5m0s/, evidence: 'Back-off restarting failed container app', remediation: 'kubectl logs -n shop api-7d9f-x2k -c app --previous' }],
    },
    { name: 'segmentation fault (139)', objects: [crashLooping(terminated(139, 'Error'))], expect: [{ message: 'SIGSEGV' }] },
    { name: 'exit 137 without OOM or probe kill', objects: [crashLooping(terminated(137, 'Error'))], expect: [{ message: 'SIGKILL' }] },
    {
      name: 'a native sidecar crash-looping IS a crash loop of that sidecar',
      objects: [withSidecar({ waiting: backOffWaiting('1m20s', 'proxy'), lastTerminated: terminated(1, 'Error'), restartCount: 4 }, { running: { startedAt: at(-490) }, ready: true })],
      expect: [{ message: /Sidecar container "proxy" is crash-looping.*1m20s/ }],
    },
    {
      name: 'first crash, not yet restarted: a warning',
      objects: [pod({ status: { phase: 'Running', conditions: conditions({ ready: false, sandbox: true }), containerStatuses: [containerStatus({ terminated: terminated(2, 'Error', -20, -2) })] } })],
      expect: [{ severity: 'warning', message: 'crashed' }],
    },
    { name: 'a Job Pod with restartPolicy OnFailure loops in place', objects: [crashLooping(terminated(1, 'Error'), { spec: spec({}, { restartPolicy: 'OnFailure' }) })], expect: [{ severity: 'error' }] },
  ],
});
