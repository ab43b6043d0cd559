import type { PodFacts, WorkloadFacts } from '../model/facts.js';
import type { KObject } from '../model/k8s.js';
import { parseTime } from '../model/time.js';

/** The object that keeps one revision of a workload's Pod template. */
export type RevisionSource = 'ReplicaSet' | 'ControllerRevision' | 'Job';

/** One revision of a workload: the controller's revision number, the object that holds it, its Pod template and its Pods in the input. */
export interface Revision {
  /** The controller's revision number (`deployment.kubernetes.io/revision`, a ControllerRevision's `revision`); a CronJob's Job has none. */
  number?: number;
  /** The ReplicaSet, ControllerRevision or Job that holds the template. */
  name: string;
  object: KObject;
  template: unknown;
  /** ISO time the holding object was created. */
  createdAt?: string;
  /** The Pods of this revision in the input. */
  pods: PodFacts[];
}

export interface RevisionHistory {
  source: RevisionSource;
  /** The revision the workload runs now (being rolled out); undefined when its object is not in the input. */
  current?: Revision;
  /** Older revisions in the input, newest first. */
  older: Revision[];
}

/** What the revisions are read from besides the workload's own facts. */
export interface RevisionInput {
  controllerRevisions: readonly KObject[];
  jobs: readonly KObject[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The revision history of a Deployment, StatefulSet, DaemonSet or CronJob; undefined for kinds that have none. */
export function workloadRevisions(w: WorkloadFacts, input: RevisionInput): RevisionHistory | undefined {
  switch (w.kind) {
    case 'Deployment':
      return deploymentRevisions(w);
    case 'StatefulSet':
    case 'DaemonSet':
      return controllerRevisions(w, input.controllerRevisions);
    case 'CronJob':
      return cronJobRuns(w, input.jobs);
    default:
      return undefined;
  }
}

/** A Deployment's ReplicaSets by `deployment.kubernetes.io/revision`; the current one is the Deployment's own revision. */
function deploymentRevisions(w: WorkloadFacts): RevisionHistory {
  const all: Revision[] = w.replicaSets.map(({ object }) => {
    const name = str(object.metadata?.name) ?? '';
    return {
      ...numbered(object.metadata?.annotations?.['deployment.kubernetes.io/revision']),
      name,
      object,
      template: object.spec?.template,
      ...created(object),
      pods: w.pods.filter((p) => p.owner.replicaSet?.metadata?.name === name),
    };
  });
  const own = numbered(w.object.metadata?.annotations?.['deployment.kubernetes.io/revision']).number;
  return split('ReplicaSet', all, own);
}

/**
 * A StatefulSet's or DaemonSet's ControllerRevisions (`data` holds the Pod template as a patch). The current
 * one: a StatefulSet's `status.updateRevision`, else the highest number.
 */
function controllerRevisions(w: WorkloadFacts, list: readonly KObject[]): RevisionHistory {
  const uid = str(w.object.metadata?.uid);
  const all: Revision[] = list
    .filter((cr) => cr.metadata?.namespace === w.namespace && (cr.metadata?.ownerReferences ?? []).some((r) => r?.kind === w.kind && (uid && r.uid ? r.uid === uid : r.name === w.name)))
    .map((cr) => {
      const name = str(cr.metadata?.name) ?? '';
      // Pods carry the revision's name (StatefulSet) or its hash (DaemonSet) in controller-revision-hash.
      const hash = str(cr.metadata?.labels?.['controller-revision-hash']);
      return {
        ...numbered(cr.revision),
        name,
        object: cr,
        template: stripPatch((cr as Record<string, any>).data?.spec?.template),
        ...created(cr),
        pods: w.pods.filter((p) => {
          const label = p.pod.metadata?.labels?.['controller-revision-hash'];
          return label !== undefined && (label === name || label === hash);
        }),
      };
    });
  const update = str(w.object.status?.updateRevision);
  const current = update ? all.find((r) => r.name === update)?.number : undefined;
  return split('ControllerRevision', all, current);
}

/** A CronJob's Jobs, newest first: each run carries the `jobTemplate` it was created from. */
function cronJobRuns(w: WorkloadFacts, jobs: readonly KObject[]): RevisionHistory {
  const runs: Revision[] = jobs
    .filter((j) => j.metadata?.namespace === w.namespace && (j.metadata?.ownerReferences ?? []).some((r) => r?.kind === 'CronJob' && r?.name === w.name))
    .map((j) => {
      const name = str(j.metadata?.name) ?? '';
      return { name, object: j, template: j.spec?.template, ...created(j), pods: w.pods.filter((p) => p.owner.job?.metadata?.name === name) };
    })
    // Creation times have one-second resolution: on a tie the later name (NAME-<scheduled minute>) is newer.
    .sort((a, b) => (parseTime(b.createdAt) ?? 0) - (parseTime(a.createdAt) ?? 0) || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  return { source: 'Job', ...(runs[0] ? { current: runs[0] } : {}), older: runs.slice(1) };
}

/** Newest first by number; the current revision is `own` when given (and present), else the highest. */
function split(source: RevisionSource, all: Revision[], own: number | undefined): RevisionHistory {
  const sorted = [...all].sort((a, b) => (b.number ?? 0) - (a.number ?? 0));
  const current = (own !== undefined ? sorted.find((r) => r.number === own) : undefined) ?? (own === undefined ? sorted[0] : undefined);
  if (!current) return { source, older: own === undefined ? [] : sorted.filter((r) => (r.number ?? 0) < own) };
  return { source, current, older: sorted.filter((r) => r !== current && (r.number ?? 0) < (current.number ?? 0)) };
}

function numbered(v: unknown): { number?: number } {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? { number: n } : {};
}

function created(o: KObject): { createdAt?: string } {
  const t = str(o.metadata?.creationTimestamp);
  return t ? { createdAt: t } : {};
}

/** A ControllerRevision's template is a strategic-merge patch: its `$patch: replace` marker is not part of the Pod template. */
function stripPatch(template: unknown): unknown {
  if (!isObject(template)) return template;
  const { $patch: _marker, ...rest } = template;
  return rest;
}
