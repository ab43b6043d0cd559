import { describeContainer } from '../helpers/containers.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { anyCause, cap, containerProblems, describeExit, logsCommand, terminationEvidence, terminationMessage } from '../helpers/restarts.js';
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
  match({ pod }) {
    const runsToCompletion = pod.restartPolicy === 'Never' || (pod.restartPolicy === 'OnFailure' && pod.phase === 'Failed');
    if (!runsToCompletion) return [];
    const job = pod.owner.ref?.kind === 'Job' ? pod.owner.ref.name : undefined;
    const backoffLimit = pod.owner.job?.spec?.backoffLimit;
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'other')) return [];
    return problems
      .filter((p) => p.container.kind === 'app' && p.mode === 'terminated' && p.cause === 'other')
      .map((p) => {
        const c = p.container;
        const evidence = terminationEvidence(p);
        evidence.push(fieldEvidence('pod', 'spec.restartPolicy', pod.restartPolicy));
        if (pod.phase) evidence.push(fieldEvidence('pod', 'status.phase', pod.phase));
        const msg = terminationMessage(p.term);
        const next = job
          ? `; Job "${job}" counts a failure and retries with a new Pod${typeof backoffLimit === 'number' ? ` until backoffLimit ${backoffLimit}` : ''}`
          : `; with restartPolicy ${pod.restartPolicy} it is not restarted`;
        return finding(rule, {
          message: `${cap(describeContainer(c))}${job ? ` of Job "${job}"` : ''} failed: it ${describeExit(p.term)}${msg ? `, message "${msg}"` : ''}${next}.`,
          evidence,
          remediation: [
            `Read its output: ${logsCommand(pod, c, false)}`,
            job ? `See the Job's failures and limits: kubectl describe job -n ${pod.namespace} ${job}` : `See the Pod's events: kubectl describe pod -n ${pod.namespace} ${pod.name}`,
            job
            ? `Fix the cause; the Job retries by itself until backoffLimit. To run a finished Job again, delete it and apply its manifest again (for a CronJob's Job: kubectl create job -n ${pod.namespace} ${job}-rerun --from=cronjob/<cronjob>).`
            : 'Fix the cause and recreate the Pod.',
          ],
        });
      });
  },
};

export default rule;
