import rule from '../../../src/rules/container/sidecar-holds-completion.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { sidecarJobPod } from '../../harness/sidecar-job.js';

runRuleTests(rule, {
  valid: [
    { name: 'the sidecar exited too: the Pod Succeeded', objects: [sidecarJobPod({ finishedAgo: 300, sidecarExited: true })] },
    { name: 'a native sidecar (init container, restartPolicy Always): the kubelet stops it', objects: [sidecarJobPod({ finishedAgo: 300, native: true })] },
    { name: 'the main container failed (exit 1): a failure of its own, not a held completion', objects: [sidecarJobPod({ finishedAgo: 300, mainExit: 1 })] },
    { name: 'a long-running Pod (restartPolicy Always)', objects: [sidecarJobPod({ finishedAgo: 300, restartPolicy: 'Always' })] },
  ],
  invalid: [
    {
      name: 'istio-proxy keeps a Job Pod running 5 minutes after the work exited 0',
      objects: [sidecarJobPod({ finishedAgo: 300 })],
      expect: [{ severity: 'error', confidence: 'high', failureClass: 'deterministic', message: /container "report" exited 0, 5m ago\) but "istio-proxy" keeps running.*Job "nightly-report" never succeeds/, evidence: 'state.running', remediation: 'restartPolicy: Always' }],
    },
    { name: 'seconds after the work ended: a warning while the proxy may still be quitting', objects: [sidecarJobPod({ finishedAgo: 20 })], expect: [{ severity: 'warning', failureClass: 'transient' }] },
    { name: 'a helper of no known kind, 5 minutes on: still a warning (two workers may end apart)', objects: [sidecarJobPod({ finishedAgo: 300, sidecar: 'uploader' })], expect: [{ severity: 'warning', confidence: 'medium' }] },
    { name: 'a helper of no known kind, an hour on: failing', objects: [sidecarJobPod({ finishedAgo: 3600, sidecar: 'uploader' })], expect: [{ severity: 'error', confidence: 'medium' }] },
  ],
});
