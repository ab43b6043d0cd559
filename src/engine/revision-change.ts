import type { WorkloadFacts } from '../model/facts.js';
import type { Snapshot } from '../model/snapshot.js';
import { revisionChange } from '../revisions/change.js';
import type { Diagnosis } from './diagnosis.js';

/**
 * A failing workload's verdict with what changed in its failing revision against the last one that worked
 * (`change`), tied to the verdict's leading cause. Healthy and progressing verdicts are left as they are.
 */
export function withRevisionChange(snapshot: Snapshot, w: WorkloadFacts, verdict: Diagnosis): Diagnosis {
  if (verdict.status !== 'failing') return verdict;
  const change = revisionChange(w, { controllerRevisions: snapshot.controllerRevisions, jobs: snapshot.jobs }, verdict.findings[0]);
  return change ? { ...verdict, change } : verdict;
}
