import type { PodFacts, WorkloadFacts } from '../model/facts.js';
import type { KObject } from '../model/k8s.js';

export interface RolloutState {
  /** The controller says the new revision is fully rolled out (or the Job completed). */
  done: boolean;
  /** The controller itself gave up (Job Failed). */
  failed: boolean;
  /** Human progress, e.g. "2/3 updated, 1/3 ready". */
  progress: string;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const cond = (o: KObject, type: string): { status?: string; reason?: string; message?: string } | undefined =>
  (Array.isArray(o.status?.conditions) ? o.status.conditions : []).find((c: { type?: string }) => c?.type === type);

/** Success as the controllers mean it (the same checks as `kubectl rollout status`), not "some pods run". */
export function rolloutState(kind: string, o: KObject): RolloutState {
  const spec = o.spec ?? {};
  const st = o.status ?? {};
  const observed = num(st.observedGeneration) >= num(o.metadata?.generation);
  switch (kind) {
    case 'Deployment': {
      const want = spec.replicas === undefined ? 1 : num(spec.replicas);
      const done = observed && num(st.updatedReplicas) === want && num(st.replicas) === want && num(st.availableReplicas) === want && num(st.readyReplicas) === want;
      return { done, failed: false, progress: `${num(st.updatedReplicas)}/${want} updated, ${num(st.readyReplicas)}/${want} ready, ${num(st.availableReplicas)}/${want} available` };
    }
    case 'StatefulSet': {
      const want = spec.replicas === undefined ? 1 : num(spec.replicas);
      const onDelete = spec.updateStrategy?.type === 'OnDelete';
      const revisionDone = onDelete || !st.updateRevision || st.updateRevision === st.currentRevision || num(st.updatedReplicas) === want;
      const done = observed && revisionDone && num(st.readyReplicas) === want && num(st.availableReplicas ?? st.readyReplicas) >= want;
      return { done, failed: false, progress: `${num(st.updatedReplicas)}/${want} updated, ${num(st.readyReplicas)}/${want} ready` };
    }
    case 'DaemonSet': {
      const want = num(st.desiredNumberScheduled);
      const done = observed && num(st.updatedNumberScheduled) === want && num(st.numberAvailable) === want;
      return { done, failed: false, progress: `${num(st.updatedNumberScheduled)}/${want} updated, ${num(st.numberAvailable)}/${want} available` };
    }
    case 'Job': {
      const complete = cond(o, 'Complete')?.status === 'True' || cond(o, 'SuccessCriteriaMet')?.status === 'True';
      const failed = cond(o, 'Failed')?.status === 'True' || cond(o, 'FailureTarget')?.status === 'True';
      const completions = spec.completions === undefined ? 1 : num(spec.completions);
      return { done: complete, failed, progress: `${num(st.succeeded)}/${completions} succeeded, ${num(st.active)} active, ${num(st.failed)} failed` };
    }
    case 'Pod': {
      const ready = cond(o, 'Ready')?.status === 'True' || st.phase === 'Succeeded';
      return { done: ready, failed: st.phase === 'Failed', progress: `phase ${st.phase ?? 'unknown'}${ready ? ', ready' : ''}` };
    }
    default:
      return { done: false, failed: false, progress: 'unknown kind' };
  }
}

/** The Pods of the revision being rolled out: older ReplicaSets' Pods are going away and do not count. */
export function currentRevisionPods(w: WorkloadFacts): PodFacts[] {
  if (w.kind === 'Deployment') {
    const newest = w.replicaSets[0]?.object.metadata?.name;
    return newest ? w.pods.filter((p) => p.owner.replicaSet?.metadata?.name === newest) : w.pods;
  }
  if (w.kind === 'StatefulSet') {
    const rev = w.object.status?.updateRevision;
    return rev ? w.pods.filter((p) => p.pod.metadata?.labels?.['controller-revision-hash'] === rev) : w.pods;
  }
  if (w.kind === 'DaemonSet') {
    const gen = String(w.object.metadata?.generation ?? '');
    const current = w.pods.filter((p) => p.pod.metadata?.labels?.['pod-template-generation'] === gen);
    return current.length > 0 ? current : w.pods;
  }
  return w.pods;
}
