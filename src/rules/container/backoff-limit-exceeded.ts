import type { PodFacts } from '../../model/facts.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { exitRef, finishedAt, terminationMessage } from '../helpers/restarts.js';
import { ruleMessages } from '../messages/index.js';
import type { JobFailureRef } from '../messages/container.js';
import type { ContainerStateTerminated } from '../../model/k8s.js';
import type { Evidence, WorkloadRule } from '../types.js';

const NAMED = ['BackoffLimitExceeded', 'DeadlineExceeded', 'MaxFailedIndexesExceeded', 'FailedIndexes', 'PodFailurePolicy'] as const;

interface LastFailure {
  pod: PodFacts;
  container: string;
  /** Where the termination was read: `status.containerStatuses[name=app].lastState.terminated`. */
  path: string;
  term: ContainerStateTerminated;
  message: string;
  at?: number;
}

/** The most recent container failure among the Job's Pods. */
function lastFailure(pods: PodFacts[]): LastFailure | undefined {
  let best: LastFailure | undefined;
  for (const pod of pods) {
    for (const c of pod.containers) {
      const term = c.kind === 'app' || c.kind === 'init' ? (c.terminated ?? c.lastTerminated) : undefined;
      if (!term || (term.exitCode ?? 0) === 0) continue;
      const at = finishedAt(term);
      const path = `${c.statusPath}.${c.terminated ? 'state' : 'lastState'}.terminated`;
      if (!best || (at ?? 0) > (best.at ?? 0)) best = { pod, container: c.name, path, term, message: terminationMessage(term, 200), ...(at !== undefined ? { at } : {}) };
    }
  }
  return best;
}

/** The fields of a termination that explain it, in the API's order and names (the message trimmed to one line). */
function terminated({ term, message }: LastFailure): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['reason', 'exitCode', 'signal'] as const) if (term[k] !== undefined && term[k] !== null) out[k] = term[k];
  if (message) out.message = message;
  if (term.finishedAt) out.finishedAt = term.finishedAt;
  return out;
}

/** The Failed condition's reason with the counts and limits it is about. */
function jobFailure(reason: string, spec: Record<string, any>, status: Record<string, any>): JobFailureRef {
  if (reason === 'BackoffLimitExceeded') return { reason, ...(typeof status.failed === 'number' ? { failed: status.failed } : {}), backoffLimit: typeof spec.backoffLimit === 'number' ? spec.backoffLimit : 6 };
  if (reason === 'DeadlineExceeded') return { reason, ...(spec.activeDeadlineSeconds != null ? { deadline: String(spec.activeDeadlineSeconds).trim() } : {}) };
  const named = NAMED.find((r) => r === reason);
  return named !== undefined && named !== 'BackoffLimitExceeded' && named !== 'DeadlineExceeded' ? { reason: named } : { reason: 'other', name: reason };
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
  match({ workload, now, options }) {
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
    // The termination as read, by its field path (the same in every language).
    if (last) evidence.push(fieldEvidence('pod', `pods/${last.pod.name}.${last.path}`, terminated(last)));
    const m = ruleMessages(options.lang);
    const where = last ? { pod: last.pod.name, container: last.container } : undefined;
    return [
      finding(rule, {
        message: m.backoffLimitExceeded.message({ job: workload.name, why: jobFailure(reason, spec, status), condition: failed.message ?? '', ...(last && where ? { last: { ...where, exit: exitRef(last.term, last.pod.containers.find((c) => c.name === last.container)?.spec), message: last.message } } : {}) }),
        evidence,
        remediation: m.backoffLimitExceeded.fix({ namespace: workload.namespace, job: workload.name, ...(where ? { last: where } : {}) }),
      }),
    ];
  },
};

export default rule;
