import type { PodRule } from '../types.js';
import { probeKillFindings } from './liveness-failed.js';

const rule: PodRule = {
  id: 'container/startup-probe-failed',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'repeated',
  title: 'Container never passes its startup probe',
  docs: {
    description:
      'Until a container\'s startup probe succeeds, its liveness and readiness probes are not run; after failureThreshold failures the kubelet kills it (`Killing`: `Container <c> failed startup probe, will be restarted`, after `Unhealthy`: `Startup probe failed: ...`). Repeated kills end in CrashLoopBackOff.',
    causes: [
      'the application takes longer to start than failureThreshold × periodSeconds',
      'the probe points at the wrong path or port, or the application fails during start-up',
    ],
    fix: [
      'Measure the real start time and set failureThreshold × periodSeconds above it',
      'Run the probe by hand: kubectl exec POD -c CONTAINER -- curl -sv http://localhost:PORT/PATH',
    ],
    links: ['https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/#define-startup-probes'],
  },
  triggers: { containerProblem: true, events: ['Unhealthy'] },
  match(ctx) {
    return probeKillFindings(rule, 'Startup', 'startup-probe', ctx);
  },
};

export default rule;
