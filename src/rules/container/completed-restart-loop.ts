import { describeContainer } from '../helpers/containers.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { anyCause, cap, containerProblems, isFailingNow, restartSummary, specPath, terminationEvidence } from '../helpers/restarts.js';
import type { PodRule } from '../types.js';

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
  match({ pod }) {
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'completed')) return [];
    return problems
      .filter((p) => p.cause === 'completed' && isFailingNow(p) && (p.container.kind === 'app' || p.container.kind === 'sidecar'))
      .map((p) => {
        const c = p.container;
        const evidence = terminationEvidence(p);
        evidence.push(fieldEvidence('pod', c.kind === 'sidecar' ? `${specPath(c)}.restartPolicy` : 'spec.restartPolicy', c.kind === 'sidecar' ? 'Always' : pod.restartPolicy));
        const summary = restartSummary(p);
        const first = p.mode === 'terminated' && c.restartCount === 0;
        return finding(rule, {
          severity: first ? 'warning' : 'error',
          message: `${cap(describeContainer(c))} exits with code 0 (Completed) but ${c.kind === 'sidecar' ? 'a sidecar' : `the Pod's restartPolicy is ${pod.restartPolicy}`}, so the kubelet restarts it: its process is not long-running${summary ? `; ${summary}` : ''}.`,
          evidence,
          remediation: [
            'If this is one-shot work, run it as a Job (kubectl create job ...) or CronJob instead of a Deployment.',
            `If it should be a server, make its main process stay in the foreground; check command/args: kubectl get pod -n ${pod.namespace} ${pod.name} -o jsonpath='{.spec.containers[?(@.name=="${c.name}")].command}'`,
          ],
        });
      });
  },
};

export default rule;
