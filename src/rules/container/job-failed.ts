import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { anyCause, containerProblems, exitRef, logsCommand, terminationEvidence, terminationMessage } from '../helpers/restarts.js';
import { ruleMessages } from '../messages/index.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'container/job-failed',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Run-to-completion container failed',
  docs: {
    description:
      'A container of a Pod with restartPolicy Never (or OnFailure, once the Pod has failed) exited non-zero. The kubelet does not restart it: the Pod is Failed, and its Job (if any) counts a failure and may create a new Pod until backoffLimit is reached. A Succeeded Pod (exit 0) is healthy.',
    causes: ['the task itself failed: bad input, a dependency down, wrong arguments or configuration'],
    fix: [
      'Read the container\'s logs: kubectl logs POD -c CONTAINER',
      'Check the Job: kubectl describe job JOB (failed count, backoffLimit, conditions)',
      'Fix the cause and re-run the Job (Jobs are immutable: delete and recreate it)',
    ],
    links: ['https://kubernetes.io/docs/concepts/workloads/controllers/job/#handling-pod-and-container-failures'],
  },
  triggers: { containerProblem: true },
  match({ pod, options }) {
    const runsToCompletion = pod.restartPolicy === 'Never' || (pod.restartPolicy === 'OnFailure' && pod.phase === 'Failed');
    if (!runsToCompletion) return [];
    const job = pod.owner.ref?.kind === 'Job' ? pod.owner.ref.name : undefined;
    const backoffLimit = pod.owner.job?.spec?.backoffLimit;
    // A Job that has given up (condition Failed=True) creates no more Pods: no retry is coming.
    const jobConditions: Array<{ type?: string; status?: string; reason?: string }> = Array.isArray(pod.owner.job?.status?.conditions) ? pod.owner.job.status.conditions : [];
    const gaveUp = jobConditions.find((c) => c?.type === 'Failed' && c.status === 'True');
    const failed = gaveUp ? { failed: typeof gaveUp.reason === 'string' && gaveUp.reason ? gaveUp.reason : 'Failed' } : {};
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'other')) return [];
    const m = ruleMessages(options.lang);
    return problems
      .filter((p) => p.container.kind === 'app' && p.mode === 'terminated' && p.cause === 'other')
      .map((p) => {
        const c = p.container;
        const evidence = terminationEvidence(p);
        evidence.push(fieldEvidence('pod', 'spec.restartPolicy', pod.restartPolicy));
        if (pod.phase) evidence.push(fieldEvidence('pod', 'status.phase', pod.phase));
        if (gaveUp && job) evidence.push(fieldEvidence('workload', `jobs/${job}.status.conditions[type=Failed].reason`, failed.failed ?? 'Failed'));
        return finding(rule, {
          message: m.jobFailed.message({ container: c, exit: exitRef(p.term, c.spec), message: terminationMessage(p.term), ...(job ? { job: { name: job, ...(typeof backoffLimit === 'number' ? { backoffLimit } : {}), ...failed } } : {}), policy: pod.restartPolicy }),
          evidence,
          remediation: m.jobFailed.fix({ logs: logsCommand(pod, c, false), namespace: pod.namespace, pod: pod.name, ...(job ? { job, jobFailed: gaveUp !== undefined } : {}) }),
        });
      });
  },
};

export default rule;
