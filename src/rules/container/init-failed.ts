import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { anyCause, backOffEvent, containerProblems, exitRef, isFailingNow, logsCommand, restartSummary, terminationEvidence, terminationMessage } from '../helpers/restarts.js';
import { ruleMessages } from '../messages/index.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'container/init-failed',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'repeated',
  title: 'Init container failed',
  docs: {
    description:
      'An init container exited non-zero (`Init:Error`, `Init:ExitCode:N`, or `Init:CrashLoopBackOff` as it is retried). Init containers run one by one and must all succeed before the app containers start, so the app containers wait in `PodInitializing`: that is a consequence, not the cause. Native sidecars (init containers with restartPolicy: Always) are not init steps and are judged as running containers.',
    causes: [
      'a migration, setup script or wait-for-dependency step that fails (wrong credentials, dependency down, bad arguments)',
      'the init container\'s command exits non-zero by design when a precondition is not met',
    ],
    fix: [
      'Read its logs: kubectl logs POD -c INIT_CONTAINER (add --previous if it is being retried)',
      'Fix the precondition or the script; the kubelet retries it (unless restartPolicy is Never)',
    ],
    links: ['https://kubernetes.io/docs/tasks/debug/debug-application/debug-init-containers/'],
  },
  triggers: { containerProblem: true },
  match({ pod, now, options }) {
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'other')) return [];
    const m = ruleMessages(options.lang);
    return problems
      .filter((p) => p.container.kind === 'init' && p.cause === 'other' && isFailingNow(p))
      .map((p) => {
        const c = p.container;
        const evidence = terminationEvidence(p);
        const backOff = backOffEvent(pod, c);
        if (backOff) evidence.push(eventEvidence(backOff, now));
        const waitingApps = pod.containers.some((x) => x.kind === 'app' && x.waiting?.reason === 'PodInitializing');
        const consequence = pod.restartPolicy === 'Never' && p.mode === 'terminated' ? 'pod-failed' : waitingApps ? 'apps-waiting' : 'apps-blocked';
        return finding(rule, {
          message: m.initFailed.message({ container: c, exit: exitRef(p.term, c.spec), message: terminationMessage(p.term), restarts: restartSummary(p, m), consequence }),
          evidence,
          remediation: m.initFailed.fix({ logs: logsCommand(pod, c, p.mode === 'crash-loop' || c.restartCount > 0), namespace: pod.namespace, pod: pod.name, container: c.name }),
        });
      });
  },
};

export default rule;
