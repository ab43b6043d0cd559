import { parseTime } from '../model/time.js';
import type { Revision, RevisionHistory } from './workload-revisions.js';

/**
 * What shows that an older revision worked, strongest first:
 * - `ready-pods`: Pods of that revision are Ready in the input;
 * - `available-replicas`: its ReplicaSet's status still counts available replicas (an old ReplicaSet keeps
 *   serving while a rolling update is stuck);
 * - `completed`: a CronJob's Job that completed;
 * - `previous`: nothing in the input shows it worked: it is only the revision the workload ran before (a
 *   ReplicaSet scaled to 0 keeps no trace of having been Ready).
 */
export type GoodEvidence = 'ready-pods' | 'available-replicas' | 'completed' | 'previous';

export interface LastGood {
  revision: Revision;
  evidence: GoodEvidence;
  /** The Pods or replicas the evidence counts. */
  count?: number;
  /** How long it ran before the next revision replaced it, when the input shows both times. */
  ranForMs?: number;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The newest older revision that the input shows working; else the revision just before the current one,
 * marked `previous` (so it is compared with, but never called good). Undefined when no older revision is in the input.
 */
export function lastGoodRevision(history: RevisionHistory): LastGood | undefined {
  const newer = (r: Revision): Revision | undefined => {
    const i = history.older.indexOf(r);
    return i > 0 ? history.older[i - 1] : history.current;
  };
  for (const r of history.older) {
    const proof = evidenceOf(r, history.source);
    if (proof) return { revision: r, ...proof, ...ranFor(r, newer(r), history.source) };
  }
  const before = history.older[0];
  return before ? { revision: before, evidence: 'previous', ...ranFor(before, newer(before), history.source) } : undefined;
}

function evidenceOf(r: Revision, source: RevisionHistory['source']): { evidence: GoodEvidence; count: number } | undefined {
  if (source === 'Job') {
    const done = (Array.isArray(r.object.status?.conditions) ? r.object.status.conditions : []).some((c: { type?: unknown; status?: unknown }) => c?.type === 'Complete' && c?.status === 'True');
    return done ? { evidence: 'completed', count: num(r.object.status?.succeeded) } : undefined;
  }
  const ready = r.pods.filter((p) => p.conditions.Ready?.status === 'True').length;
  if (ready > 0) return { evidence: 'ready-pods', count: ready };
  const available = source === 'ReplicaSet' ? num(r.object.status?.availableReplicas) : 0;
  if (available > 0) return { evidence: 'available-replicas', count: available };
  return undefined;
}

/**
 * A Job ran from its start to its completion. A revision ran from its creation until the next revision
 * was created — unknown for a ReplicaSet a rollback reused (`revision-history`: it ran at several times).
 */
function ranFor(r: Revision, next: Revision | undefined, source: RevisionHistory['source']): { ranForMs?: number } {
  if (source === 'Job') {
    const start = parseTime(r.object.status?.startTime);
    const end = parseTime(r.object.status?.completionTime);
    return start !== undefined && end !== undefined && end >= start ? { ranForMs: end - start } : {};
  }
  if (r.object.metadata?.annotations?.['deployment.kubernetes.io/revision-history'] !== undefined) return {};
  const from = parseTime(r.createdAt);
  const to = parseTime(next?.createdAt);
  return from !== undefined && to !== undefined && to >= from ? { ranForMs: to - from } : {};
}
