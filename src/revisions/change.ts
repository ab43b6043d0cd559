import type { WorkloadFacts } from '../model/facts.js';
import type { Finding } from '../rules/types.js';
import { linkCause, type CauseLink } from './cause-link.js';
import { lastGoodRevision, type GoodEvidence } from './last-good.js';
import { diffPodTemplates, type FieldChange } from './template-diff.js';
import { workloadRevisions, type Revision, type RevisionInput, type RevisionSource } from './workload-revisions.js';

export interface RevisionRef {
  /** The controller's revision number; absent for a CronJob's Job. */
  revision?: number;
  /** The ReplicaSet, ControllerRevision or Job that holds it. */
  name: string;
  createdAt?: string;
}

/**
 * What changed between the revision that fails and the last one that worked: the `change` object of a
 * workload's (or gate's) Diagnosis. Env values are never in it.
 */
export interface Change {
  source: RevisionSource;
  to: RevisionRef;
  /** The revision compared with; null when there is none in the input (`missing` says why). */
  from: (RevisionRef & { evidence: GoodEvidence; count?: number; ranForSeconds?: number }) | null;
  /**
   * `first-revision`: the current revision is the first (nothing to compare); `no-earlier-revision`: older ones
   * are not in the input; `no-history`: the failing revision's own object is not in the input either (a dump
   * without ReplicaSets or ControllerRevisions), so `to` is named from the workload's status and Pods.
   */
  missing?: 'first-revision' | 'no-earlier-revision' | 'no-history';
  /** The Pod template fields that differ, in template order. */
  fields: FieldChange[];
  /** Differences named once and left out (`annotation kubectl.kubernetes.io/restartedAt`). */
  noise: string[];
  /** The fields tied to the failing finding, surest first. */
  cause: CauseLink[];
  /** The command that goes back to `from` (Deployments, StatefulSets, DaemonSets). */
  undo?: string;
}

const SHORT: Record<string, string> = { Deployment: 'deploy', StatefulSet: 'sts', DaemonSet: 'ds' };

/** The change behind a workload's failing revision; undefined for kinds without revisions, or when the current revision is not in the input. */
export function revisionChange(w: WorkloadFacts, input: RevisionInput, lead: Finding | undefined): Change | undefined {
  const history = workloadRevisions(w, input);
  if (!history) return undefined;
  if (!history.current) {
    // Older revisions in the input without the current one: nothing to say about either.
    const named = history.older.length === 0 ? unreadRevision(w) : undefined;
    return named ? { source: history.source, to: named, from: null, missing: 'no-history', fields: [], noise: [], cause: [] } : undefined;
  }
  const to = ref(history.current);
  const good = lastGoodRevision(history);
  if (!good) {
    const first = history.current.number === 1;
    return { source: history.source, to, from: null, missing: first ? 'first-revision' : 'no-earlier-revision', fields: [], noise: [], cause: [] };
  }
  const diff = diffPodTemplates(good.revision.template, history.current.template);
  const from = {
    ...ref(good.revision),
    evidence: good.evidence,
    ...(good.count !== undefined ? { count: good.count } : {}),
    ...(good.ranForMs !== undefined ? { ranForSeconds: Math.round(good.ranForMs / 1000) } : {}),
  };
  const short = SHORT[w.kind];
  const undo = short && good.revision.number !== undefined ? `kubectl rollout undo ${short}/${w.name} --to-revision=${good.revision.number} -n ${w.namespace}` : undefined;
  return { source: history.source, to, from, fields: diff.changes, noise: diff.noise, cause: linkCause(lead, diff.changes), ...(undo ? { undo } : {}) };
}

/**
 * The failing revision when its ReplicaSet or ControllerRevision is not in the input: named the way the
 * controller names it (the workload's name and the template hash its newest Pod carries), a StatefulSet's
 * from its status; a Deployment's number from its own annotation. Undefined when nothing names it (a CronJob).
 */
function unreadRevision(w: WorkloadFacts): RevisionRef | undefined {
  const label = w.kind === 'Deployment' ? 'pod-template-hash' : w.kind === 'StatefulSet' || w.kind === 'DaemonSet' ? 'controller-revision-hash' : undefined;
  if (!label) return undefined;
  const newest = [...w.pods].sort((a, b) => String(b.pod.metadata?.creationTimestamp ?? '').localeCompare(String(a.pod.metadata?.creationTimestamp ?? '')))[0];
  const hash = newest?.pod.metadata?.labels?.[label];
  const update = w.kind === 'StatefulSet' ? w.object.status?.updateRevision : undefined;
  const name = typeof update === 'string' && update !== '' ? update : typeof hash === 'string' && hash !== '' ? (hash.startsWith(`${w.name}-`) ? hash : `${w.name}-${hash}`) : undefined;
  if (!name) return undefined;
  const own = w.kind === 'Deployment' ? w.object.metadata?.annotations?.['deployment.kubernetes.io/revision'] : undefined;
  const revision = typeof own === 'string' && /^\d+$/.test(own) ? Number(own) : undefined;
  return { ...(revision !== undefined && Number.isSafeInteger(revision) ? { revision } : {}), name };
}

function ref(r: Revision): RevisionRef {
  return { ...(r.number !== undefined ? { revision: r.number } : {}), name: r.name, ...(r.createdAt ? { createdAt: r.createdAt } : {}) };
}
