import { finding } from '../helpers/finding.js';
import { anyCause, containerProblems, isFailingNow, restartSummary, terminationEvidence } from '../helpers/restarts.js';
import type { PodRule } from '../types.js';
import { ruleMessages } from '../messages/index.js';

// containerd's long wrapper hides the cause at the end.
const WRAPPER = /^.*?unable to start container process: (?:error during container init: )?/;

const rule: PodRule = {
  id: 'container/run-container-error',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Runtime failed to start the container',
  docs: {
    description:
      'The runtime created the container but could not start its process (`RunContainerError`, or a terminated `StartError` with exit code 128): runc failed before the application ran. The message names the cause: a mount that failed, a device, a seccomp or AppArmor profile, a working directory that cannot be created.',
    causes: [
      'a volume mount onto a path that is a file in the image (or the reverse), or a subPath problem',
      'a missing seccomp/AppArmor profile or a device that does not exist on the node',
      'a workingDir or user that cannot be set up',
    ],
    fix: ['Read the runtime\'s message: kubectl describe pod POD', 'Fix the spec field it names (mounts, securityContext, workingDir)'],
  },
  triggers: { containerProblem: true },
  match({ pod, options }) {
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'start-error')) return [];
    const m = ruleMessages(options.lang);
    return problems
      .filter((p) => p.cause === 'start-error' && isFailingNow(p))
      .map((p) => {
        const c = p.container;
        const raw = (c.waiting?.reason === 'CrashLoopBackOff' ? p.term?.message : c.waiting?.message) || p.term?.message || '';
        const cause = raw.replace(WRAPPER, '').replace(/: unknown$/, '').trim();
        const summary = restartSummary(p, m);
        return finding(rule, {
          message: m.runContainerError.message({ node: pod.nodeName, container: c, cause, reason: c.waiting?.reason ?? 'StartError', restarts: summary }),
          evidence: terminationEvidence(p),
          remediation: m.runContainerError.fix({ namespace: pod.namespace, pod: pod.name, container: c.name }),
        });
      });
  },
};

export default rule;
