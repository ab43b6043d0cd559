import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { anyCause, backOffEvent, containerProblems, logsCommand, terminationEvidence, terminationMessage, type ContainerProblem, exitRef } from '../helpers/restarts.js';
import { ruleMessages } from '../messages/index.js';
import type { PodFacts } from '../../model/facts.js';
import type { PodRule } from '../types.js';

/** App containers and sidecars that will be restarted: a loop, not a one-shot failure (that is job-failed). */
function loops(pod: PodFacts, p: ContainerProblem): boolean {
  if (p.container.kind === 'sidecar') return true;
  if (p.container.kind !== 'app') return false;
  if (p.mode === 'crash-loop') return true;
  return p.mode === 'terminated' && (pod.restartPolicy === 'Always' || (pod.restartPolicy === 'OnFailure' && pod.phase !== 'Failed'));
}

const rule: PodRule = {
  id: 'container/crash-loop',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'repeated',
  title: 'Container keeps crashing (CrashLoopBackOff)',
  docs: {
    description:
      'The container starts, then exits with an error, and the kubelet restarts it with a growing back-off (10s doubling up to 5m): `CrashLoopBackOff`. The exit code and the previous instance\'s logs say why. More specific rules take over when the cause is known (OOM, missing command, probe kills, hooks, exit 0).',
    causes: [
      'the application fails at start-up: missing or wrong configuration, environment variables, secrets, or arguments',
      'a dependency (database, queue, another service) is unreachable and the app exits instead of retrying',
      'a crash in the application (exit 1, SIGSEGV 139, SIGABRT 134)',
    ],
    fix: [
      'Read the previous instance\'s logs: kubectl logs POD -c CONTAINER --previous',
      'Read the exit code and message: kubectl describe pod POD (Last State)',
      'Reproduce locally with the same image, command, args and environment',
    ],
    links: ['https://kubernetes.io/docs/tasks/debug/debug-application/debug-pods/'],
  },
  triggers: { containerProblem: true },
  match({ pod, now, options }) {
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'other')) return [];
    const m = ruleMessages(options.lang);
    return problems
      .filter((p) => p.cause === 'other' && loops(pod, p))
      .map((p) => {
        const c = p.container;
        const evidence = terminationEvidence(p);
        const backOff = backOffEvent(pod, c);
        if (backOff) evidence.push(eventEvidence(backOff, now));
        const msg = terminationMessage(p.term);
        const summary = m.restarts({ restarts: c.restartCount, ...(p.backOff ? { backOff: p.backOff.delay } : {}) });
        const firstCrash = p.mode === 'terminated' && c.restartCount === 0;
        const exit = m.exit(exitRef(p.term, c.spec));
        return finding(rule, {
          severity: firstCrash ? 'warning' : 'error',
          message: m.crashLoop.message({ container: c, mode: p.mode === 'crash-loop' ? 'loop' : firstCrash ? 'first' : 'again', exit, terminationMessage: msg, restarts: summary }),
          evidence,
          remediation: m.crashLoop.remediation({ logs: logsCommand(pod, c, p.mode === 'crash-loop' || c.restartCount > 0), namespace: pod.namespace, pod: pod.name }),
        });
      });
  },
};

export default rule;
