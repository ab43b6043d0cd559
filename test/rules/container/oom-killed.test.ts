import rule from '../../../src/rules/container/oom-killed.js';
import { conditions, containerStatus, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { crashLooping, runningPod, spec, terminated } from './crashing.js';

runRuleTests(rule, {
  valid: [
    { name: 'an OOM kill days ago, running since', objects: [runningPod({ startedSeconds: -200_000, last: terminated(137, 'OOMKilled', -210_000, -200_005) })] },
    { name: 'exit 137 without the OOMKilled reason is not an OOM', objects: [crashLooping(terminated(137, 'Error'))] },
    { name: 'a healthy container', objects: [runningPod()] },
  ],
  invalid: [
    { name: 'crash loop from OOM quotes the limit', objects: [crashLooping(terminated(137, 'OOMKilled'))], expect: [{ severity: 'error', message: /was OOMKilled: it exceeded its memory limit of 256Mi \(request 128Mi\); restarted 5 times/, evidence: 'OOMKilled', remediation: '--limits=memory=512Mi' }] },
    { name: 'recent OOM, running again: a warning', objects: [runningPod({ startedSeconds: -590, last: terminated(137, 'OOMKilled', -3000, -600) })], expect: [{ severity: 'warning', message: /OOMKilled 10m ago/ }] },
    { name: 'no memory limit: the node ran out', objects: [crashLooping(terminated(137, 'OOMKilled'), { spec: spec({ resources: {} }) })], expect: [{ message: 'no memory limit' }] },
    {
      name: 'a Job Pod (restartPolicy Never) killed for memory',
      objects: [pod({ spec: spec({}, { restartPolicy: 'Never' }), status: { phase: 'Failed', conditions: conditions({ ready: false }), containerStatuses: [containerStatus({ terminated: terminated(137, 'OOMKilled') })] } })],
      expect: [{ severity: 'error' }],
    },
  ],
});
