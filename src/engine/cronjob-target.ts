import type { WorkloadFacts } from '../model/facts.js';
import { parseTime } from '../model/time.js';
import type { Diagnosis } from './diagnosis.js';
import type { Engine } from './diagnose.js';
import { withRevisionChange } from './revision-change.js';
import { workloadVerdict } from './rollup.js';

/**
 * `pod cronjob/NAME`: the CronJob's own state (suspended, missed starts) and its last Job's verdict — the
 * Job's Pods' cause leading, the Job's own findings (back-off limit, deadline) following — then that Job's
 * Pods. Older Jobs are history: a run that failed before the last one does not fail the CronJob.
 */
export function diagnoseCronJob(engine: Engine, cron: WorkloadFacts): Diagnosis[] {
  const own = engine.diagnoseWorkload(cron);
  const jobs = engine
    .workloads()
    .filter((w) => w.kind === 'Job' && w.namespace === cron.namespace && (w.object.metadata?.ownerReferences ?? []).some((r) => r?.kind === 'CronJob' && r?.name === cron.name))
    // Newest first. Creation times have one-second resolution: on a tie the later name wins (the CronJob
    // controller names its Jobs NAME-<scheduled minute>), so the verdict does not depend on the list's order.
    .sort((a, b) => (parseTime(b.object.metadata?.creationTimestamp) ?? 0) - (parseTime(a.object.metadata?.creationTimestamp) ?? 0) || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  const last = jobs[0];
  const lastOwn = last ? engine.diagnoseWorkload(last) : undefined;
  const pods = last ? last.pods.map((p) => engine.diagnoseFacts(p)) : [];
  const verdict = workloadVerdict(cron, own, pods, lastOwn ? [lastOwn] : [], engine.t);
  // Healthy but suspended: that is what the person asked about. Otherwise the verdict is the last Job's.
  const summary = verdict.status === 'healthy' && own?.findings[0] ? own.findings[0].message : last ? engine.t.workload.lastJob({ name: last.name, summary: verdict.summary }) : verdict.summary;
  const earlier = jobs.slice(1);
  const notes = earlier.length === 0 ? verdict.notes : [...verdict.notes, engine.t.workload.earlierJobs({ jobs: earlier.slice(0, EARLIER_SHOWN).map(outcome), more: Math.max(0, earlier.length - EARLIER_SHOWN) })];
  return [withRevisionChange(engine.snapshot, cron, { ...verdict, summary, notes }), ...pods];
}

const EARLIER_SHOWN = 5;

/** How a Job ended, from its conditions (Complete / Failed with the reason the Job controller set), else running. */
function outcome(job: WorkloadFacts): { name: string; outcome: 'complete' | 'failed' | 'running'; reason?: string } {
  const conditions = Array.isArray(job.object.status?.conditions) ? (job.object.status.conditions as Array<{ type?: unknown; status?: unknown; reason?: unknown }>) : [];
  const on = (type: string) => conditions.find((c) => c?.type === type && c?.status === 'True');
  const failed = on('Failed');
  if (failed) return { name: job.name, outcome: 'failed', ...(typeof failed.reason === 'string' && failed.reason ? { reason: failed.reason } : {}) };
  return { name: job.name, outcome: on('Complete') ? 'complete' : 'running' };
}
