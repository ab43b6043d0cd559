import type { PodFacts } from '../../model/facts.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { describeExit, finishedAt, terminationMessage } from '../helpers/restarts.js';
import type { Evidence, WorkloadRule } from '../types.js';

const REASONS: Record<string, string> = {
  BackoffLimitExceeded: 'its Pods failed too many times',
  DeadlineExceeded: 'it ran longer than activeDeadlineSeconds',
  MaxFailedIndexesExceeded: 'too many of its indexes failed',
  FailedIndexes: 'some of its indexes failed',
  PodFailurePolicy: 'a Pod failure matched a FailJob rule of its podFailurePolicy',
};

/** The most recent container failure among the Job's Pods. */
function lastFailure(pods: PodFacts[]): { pod: PodFacts; container: string; text: string; at?: number } | undefined {
  let best: { pod: PodFacts; container: string; text: string; at?: number } | undefined;
  for (const pod of pods) {
    for (const c of pod.containers) {
      const term = c.kind === 'app' || c.kind === 'init' ? (c.terminated ?? c.lastTerminated) : undefined;
      if (!term || (term.exitCode ?? 0) === 0) continue;
      const at = finishedAt(term);
      if (!best || (at ?? 0) > (best.at ?? 0)) {
        const msg = terminationMessage(term, 200);
        best = { pod, container: c.name, text: `${describeExit(term)}${msg ? `, message "${msg}"` : ''}`, ...(at !== undefined ? { at } : {}) };
      }
    }
  }
  return best;
}

const rule: WorkloadRule = {
  id: 'container/backoff-limit-exceeded',
  scope: 'workload',
  stage: 'container',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Job failed (backoff limit or deadline exceeded)',
  docs: {
    description:
      'The Job controller gave up: the Job has condition Failed with reason `BackoffLimitExceeded` (`Job has reached the specified backoff limit`) or `DeadlineExceeded` (`Job was active longer than specified deadline`). No new Pods will be created; the failing Pods (if not yet deleted) hold the reason.',
    causes: ['the Job\'s container keeps failing (see its Pods\' exit codes and logs)', 'the work takes longer than activeDeadlineSeconds'],
    fix: [
      'Read a failed Pod\'s logs: kubectl logs job/JOB (or kubectl logs POD for a specific one)',
      'Fix the cause, then delete and recreate the Job (its spec.template is immutable)',
      'Raise spec.backoffLimit or spec.activeDeadlineSeconds only if failures are expected and transient',
    ],
    links: ['https://kubernetes.io/docs/concepts/workloads/controllers/job/#pod-backoff-failure-policy'],
  },
  match({ workload, now }) {
    if (workload.kind !== 'Job') return [];
    const failed = workload.conditions.Failed;
    if (failed?.status !== 'True') return [];
    const reason = failed.reason ?? '';
    const spec = workload.object.spec ?? {};
    const status = workload.object.status ?? {};
    const evidence: Evidence[] = [fieldEvidence('workload', 'status.conditions[type=Failed]', { reason, message: failed.message ?? '' })];
    const event = latestEvent(workload.events, reason);
    if (event) evidence.push(eventEvidence(event, now));
    if (typeof status.failed === 'number') evidence.push(fieldEvidence('workload', 'status.failed', status.failed));
    const last = lastFailure(workload.pods);
    if (last) evidence.push({ source: 'pod', text: `pod ${last.pod.name} container ${last.container} ${last.text}` });
    const why =
      reason === 'BackoffLimitExceeded'
        ? `its Pods failed ${typeof status.failed === 'number' ? `${status.failed} times` : 'repeatedly'}, reaching backoffLimit ${typeof spec.backoffLimit === 'number' ? spec.backoffLimit : 6}`
        : reason === 'DeadlineExceeded'
          ? `it ran longer than activeDeadlineSeconds ${spec.activeDeadlineSeconds ?? ''}`.trim()
          : (REASONS[reason] ?? `reason ${reason || 'unknown'}`);
    return [
      finding(rule, {
        message: `Job "${workload.name}" failed: ${why}${failed.message ? ` (${failed.message})` : ''}${last ? `; the last failure: Pod ${last.pod.name}, container ${last.container} ${last.text}` : ''}.`,
        evidence,
        remediation: [
          last ? `Read the failed container's output: kubectl logs -n ${workload.namespace} ${last.pod.name} -c ${last.container}` : `Read the Job's output: kubectl logs -n ${workload.namespace} job/${workload.name}`,
          `See its history: kubectl describe job -n ${workload.namespace} ${workload.name}`,
          'Fix the cause, then delete and recreate the Job (its Pod template is immutable); raise backoffLimit or activeDeadlineSeconds only for expected, transient failures.',
        ],
      }),
    ];
  },
};

export default rule;
