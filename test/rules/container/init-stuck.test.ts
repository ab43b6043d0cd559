import rule from '../../../src/rules/container/init-stuck.js';
import { at, conditions, containerStatus, IMAGE, pod } from '../../harness/builders.js';
import { capturedAt, runRuleTests } from '../../harness/rule-tester.js';
import { APP, terminated } from './crashing.js';

const WAIT = { name: 'wait-db', image: IMAGE, command: ['sh', '-c', 'until nslookup db; do sleep 2; done'] };
function initPod(init: Record<string, any>, extra: { phase?: string; initSpecs?: Record<string, any>[]; statuses?: Record<string, any>[]; deleting?: boolean } = {}) {
  const specs = extra.initSpecs ?? [WAIT];
  return pod({
    metadata: extra.deleting ? { deletionTimestamp: at(-5) } : {},
    spec: { initContainers: specs, containers: [APP] },
    status: {
      phase: extra.phase ?? 'Pending',
      conditions: conditions({ sandbox: true, initialized: false, ready: false }),
      initContainerStatuses: extra.statuses ?? [containerStatus({ name: specs[0]!.name, ...init })],
      containerStatuses: [containerStatus({ waiting: { reason: 'PodInitializing' } })],
    },
  });
}

runRuleTests(rule, {
  valid: [
    { name: 'real capture at 20 s: the init container is young', fixture: 'real/container-init-hang.yaml' },
    { name: 'an init container running for 2 minutes is still progressing', objects: [initPod({ running: { startedAt: at(-120) } })] },
    { name: 'an init container that finished long ago', objects: [initPod({ terminated: terminated(0, 'Completed', -3000, -2990) }, { phase: 'Running' })] },
    { name: 'a native sidecar running for an hour is not an init container that hangs', objects: [initPod({ running: { startedAt: at(-3600) } }, { phase: 'Running', initSpecs: [{ name: 'proxy', image: IMAGE, restartPolicy: 'Always' }] })] },
    { name: 'a Pod being deleted', objects: [initPod({ running: { startedAt: at(-3600) } }, { deleting: true })] },
    { name: 'no start time: nothing to measure', objects: [initPod({ running: {} })] },
  ],
  invalid: [
    { name: 'real capture judged 15 minutes later: the init container waits for a Service that does not exist', fixture: 'real/container-init-hang.yaml', now: capturedAt('real/container-init-hang.yaml') + 15 * 60_000, expect: [{ severity: 'error', message: /init container "wait-db" \(1 of 1\) has been running for 15m/ }] },
    {
      name: 'waiting for a Service that is not there for 18 minutes: named, with how long and what it runs',
      objects: [initPod({ running: { startedAt: at(-18 * 60) } })],
      expect: [{ severity: 'error', failureClass: 'transient', message: 'init container "wait-db" (1 of 1) has been running for 18m and has not finished; it runs `sh -c "until nslookup db; do sleep 2; done"`', evidence: at(-18 * 60), remediation: 'kubectl logs -n shop api-7d9f-x2k -c wait-db' }],
    },
    {
      name: 'the second of two init containers, the first completed; no command: the image default',
      objects: [
        initPod({}, {
          initSpecs: [{ name: 'migrate', image: IMAGE }, { name: 'fetch', image: '127.0.0.1:5000/fetch:1' }],
          statuses: [containerStatus({ name: 'migrate', terminated: terminated(0, 'Completed', -1300, -1250) }), containerStatus({ name: 'fetch', running: { startedAt: at(-1200) } })],
        }),
      ],
      expect: [{ message: 'init container "fetch" (2 of 2) has been running for 20m and has not finished; it runs the default command of image "127.0.0.1:5000/fetch:1"' }],
    },
  ],
});
