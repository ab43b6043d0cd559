import type { PodFacts, WorkloadFacts } from '../model/facts.js';
import type { KObject } from '../model/k8s.js';

export interface RolloutState {
  /** The controller says the new revision is fully rolled out (or the Job completed). */
  done: boolean;
  /** The controller itself gave up: a Job past backoffLimit/activeDeadlineSeconds, a Deployment past progressDeadlineSeconds. */
  failed: boolean;
  /** The controller's own words for giving up (its condition's reason and message). */
  failedBecause?: string;
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
      const progressing = cond(o, 'Progressing');
      const failed = !done && progressing?.status === 'False' && progressing.reason === 'ProgressDeadlineExceeded';
      return {
        done,
        failed,
        ...(failed ? { failedBecause: `ProgressDeadlineExceeded: ${progressing?.message ?? `no progress for ${num(spec.progressDeadlineSeconds || 600)}s`}` } : {}),
        progress: `${num(st.updatedReplicas)}/${want} updated, ${num(st.readyReplicas)}/${want} ready, ${num(st.availableReplicas)}/${want} available`,
      };
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
      const gaveUp = [cond(o, 'Failed'), cond(o, 'FailureTarget')].find((c) => c?.status === 'True');
      const completions = spec.completions === undefined ? 1 : num(spec.completions);
      return {
        done: complete,
        failed: gaveUp !== undefined,
        ...(gaveUp ? { failedBecause: `${gaveUp.reason ?? 'Failed'}: ${gaveUp.message ?? 'the Job failed'}` } : {}),
        progress: `${num(st.succeeded)}/${completions} succeeded, ${num(st.active)} active, ${num(st.failed)} failed (backoffLimit ${spec.backoffLimit ?? 6})`,
      };
    }
    case 'Pod': {
      const ready = cond(o, 'Ready')?.status === 'True' || st.phase === 'Succeeded';
      return { done: ready, failed: st.phase === 'Failed', progress: `phase ${st.phase ?? 'unknown'}${ready ? ', ready' : ''}` };
    }
    default:
      return { done: false, failed: false, progress: 'unknown kind' };
  }
}

/** What a passed rollout reached, in words: "3/3 ready and stable for 5s", "succeeded (1/1 completions)". */
export function passedWords(kind: string, o: KObject, settleMs: number): string {
  const st = o.status ?? {};
  const stable = settleMs > 0 ? ` and stable for ${Math.round(settleMs / 1000)}s` : '';
  switch (kind) {
    case 'Deployment':
    case 'StatefulSet': {
      const want = o.spec?.replicas === undefined ? 1 : num(o.spec.replicas);
      return `${num(st.readyReplicas)}/${want} ready${stable}`;
    }
    case 'DaemonSet':
      return `${num(st.numberAvailable)}/${num(st.desiredNumberScheduled)} available${stable}`;
    case 'Job':
      return `succeeded (${num(st.succeeded)}/${o.spec?.completions === undefined ? 1 : num(o.spec.completions)} completions)`;
    case 'Pod':
      return st.phase === 'Succeeded' ? 'succeeded' : `ready${stable}`;
    default:
      return 'done';
  }
}

/**
 * The Pods of the revision being rolled out: older ReplicaSets' Pods are going away and do not count, nor
 * do a StatefulSet's or DaemonSet's Pods of an older revision, nor Pods of another Job of the same name.
 */
export function currentRevisionPods(w: WorkloadFacts): PodFacts[] {
  // Right after kubectl apply the controller has not seen the new spec: no Pod is of the new revision yet
  // (the old ones must not fail a rollout that is about to replace them).
  const generation = w.object.metadata?.generation;
  const observed = w.object.status?.observedGeneration;
  if (w.kind !== 'Job' && typeof generation === 'number' && (typeof observed !== 'number' || observed < generation)) return [];
  if (w.kind === 'Deployment') {
    const newest = w.replicaSets[0]?.object.metadata?.name;
    return newest ? w.pods.filter((p) => p.owner.replicaSet?.metadata?.name === newest) : [];
  }
  if (w.kind === 'Job') {
    const uid = w.object.metadata?.uid;
    return uid ? w.pods.filter((p) => (p.pod.metadata?.ownerReferences ?? []).some((r) => r?.controller && r.uid === uid)) : w.pods;
  }
  if (w.kind === 'StatefulSet') {
    const rev = w.object.status?.updateRevision;
    return rev ? w.pods.filter((p) => p.pod.metadata?.labels?.['controller-revision-hash'] === rev) : w.pods;
  }
  if (w.kind === 'DaemonSet') {
    const gen = String(w.object.metadata?.generation ?? '');
    // Pods without the label (very old controllers) cannot be told apart: keep them all.
    if (!w.pods.some((p) => p.pod.metadata?.labels?.['pod-template-generation'] !== undefined)) return w.pods;
    return w.pods.filter((p) => p.pod.metadata?.labels?.['pod-template-generation'] === gen);
  }
  return w.pods;
}

/** The way back from a doomed rollout: the undo command and what the previous revision ran. */
export function rollbackHint(w: WorkloadFacts): { command: string; previousImages?: string[]; previousRevision?: string } | undefined {
  const short = w.kind === 'Deployment' ? 'deploy' : w.kind === 'StatefulSet' ? 'sts' : w.kind === 'DaemonSet' ? 'ds' : undefined;
  if (!short) return undefined;
  const command = `kubectl rollout undo ${short}/${w.name} -n ${w.namespace}`;
  const previous = w.replicaSets[1]?.object;
  // A Deployment's first revision has nothing to go back to.
  if (!previous) return w.kind === 'Deployment' ? undefined : { command };
  const containers: Array<{ image?: unknown }> = Array.isArray(previous.spec?.template?.spec?.containers) ? previous.spec.template.spec.containers : [];
  const images = containers.map((c) => c?.image).filter((i): i is string => typeof i === 'string');
  const rev = previous.metadata?.annotations?.['deployment.kubernetes.io/revision'];
  return { command, ...(images.length > 0 ? { previousImages: images } : {}), ...(typeof rev === 'string' ? { previousRevision: rev } : {}) };
}
