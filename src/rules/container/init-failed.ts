import { describeContainer } from '../helpers/containers.js';
import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { anyCause, backOffEvent, cap, containerProblems, describeExit, isFailingNow, logsCommand, restartSummary, terminationEvidence, terminationMessage } from '../helpers/restarts.js';
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
  match({ pod, now }) {
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'other')) return [];
    return problems
      .filter((p) => p.container.kind === 'init' && p.cause === 'other' && isFailingNow(p))
      .map((p) => {
        const c = p.container;
        const evidence = terminationEvidence(p);
        const backOff = backOffEvent(pod, c);
        if (backOff) evidence.push(eventEvidence(backOff, now));
        const msg = terminationMessage(p.term);
        const summary = restartSummary(p);
        const waitingApps = pod.containers.filter((x) => x.kind === 'app' && x.waiting?.reason === 'PodInitializing').length;
        const consequence =
          pod.restartPolicy === 'Never' && p.mode === 'terminated'
            ? 'with restartPolicy Never the Pod has failed'
            : `the app containers ${waitingApps > 0 ? 'wait in PodInitializing' : 'cannot start'} until it succeeds`;
        return finding(rule, {
          message: `${cap(describeContainer(c))} ${describeExit(p.term)}${msg ? `, message "${msg}"` : ''}${summary ? `; ${summary}` : ''}; ${consequence}.`,
          evidence,
          remediation: [
            `Read its logs: ${logsCommand(pod, c, p.mode === 'crash-loop' || c.restartCount > 0)}`,
            `Check its command and what it depends on: kubectl get pod -n ${pod.namespace} ${pod.name} -o jsonpath='{.spec.initContainers[?(@.name=="${c.name}")]}'`,
            'Fix the step or its precondition; the kubelet retries the init container by itself unless restartPolicy is Never.',
          ],
        });
      });
  },
};

export default rule;
