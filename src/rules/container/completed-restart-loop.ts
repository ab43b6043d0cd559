import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { anyCause, containerProblems, isFailingNow, restartSummary, specPath, terminationEvidence } from '../helpers/restarts.js';
import type { PodRule } from '../types.js';
import { ruleMessages } from '../messages/index.js';

const rule: PodRule = {
  id: 'container/completed-restart-loop',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'repeated',
  title: 'Container exits successfully and is restarted forever',
  docs: {
    description:
      'The container exits with code 0 (`Completed`) but the Pod\'s restartPolicy is Always (every Deployment, StatefulSet and DaemonSet Pod), so the kubelet restarts it and eventually backs off (`CrashLoopBackOff` with a last state of Completed). The process is not a long-running server.',
    causes: [
      'a one-shot task (migration, batch job, script) deployed as a Deployment instead of a Job',
      'the entrypoint starts a daemon in the background and exits (e.g. `service nginx start` instead of `nginx -g "daemon off;"`)',
      'command/args override the image\'s server command with one that returns',
    ],
    fix: [
      'Run one-shot work as a Job (restartPolicy: OnFailure or Never) or a CronJob',
      'Run the server in the foreground as the container\'s main process',
    ],
  },
  triggers: { containerProblem: true },
  match({ pod, options }) {
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'completed')) return [];
    const m = ruleMessages(options.lang);
    return problems
      .filter((p) => p.cause === 'completed' && isFailingNow(p) && (p.container.kind === 'app' || p.container.kind === 'sidecar'))
      .map((p) => {
        const c = p.container;
        const evidence = terminationEvidence(p);
        evidence.push(fieldEvidence('pod', c.kind === 'sidecar' ? `${specPath(c)}.restartPolicy` : 'spec.restartPolicy', c.kind === 'sidecar' ? 'Always' : pod.restartPolicy));
        const summary = restartSummary(p, m);
        const first = p.mode === 'terminated' && c.restartCount === 0;
        return finding(rule, {
          severity: first ? 'warning' : 'error',
          message: m.completedRestartLoop.message({ container: c, sidecar: c.kind === 'sidecar', policy: pod.restartPolicy, restarts: summary }),
          evidence,
          remediation: m.completedRestartLoop.fix({ namespace: pod.namespace, pod: pod.name, container: c.name }),
        });
      });
  },
};

export default rule;
