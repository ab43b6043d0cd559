import type { PodFacts } from '../model/facts.js';
import type { Pod } from '../model/k8s.js';
import { parseTime } from '../model/time.js';
import type { Engine } from './diagnose.js';
import type { Diagnosis } from './diagnosis.js';
import { currentRevisionPods, rolloutState } from './rollout.js';
import type { Target } from './targets.js';

export type GateState = 'passed' | 'failed' | 'waiting' | 'missing';

export interface GateResult {
  /** `deploy/api` as the user wrote it. */
  target: string;
  kind: string;
  namespace: string;
  name: string;
  state: GateState;
  progress: string;
  /** Why it failed, in a sentence (the primary finding of the first failing Pod or of the workload). */
  reason?: string;
  /** The workload's own diagnosis (if any) and its current-revision Pods'. */
  diagnoses: Diagnosis[];
}

export interface GateOptions {
  /** A crash loop counts as doomed only after this many restarts. */
  maxRestarts: number;
  /**
   * Every current Pod must have been Ready this long before the gate passes: a container that crashes a
   * moment after starting is briefly Ready, and the controller counts it available.
   */
  settleMs?: number;
}

const SHORT: Record<string, string> = { Deployment: 'deploy', StatefulSet: 'sts', DaemonSet: 'ds', Job: 'job', ReplicaSet: 'rs', Pod: 'pod' };

/** Pure: decides for each target whether the rollout passed, is doomed, or is still worth waiting for. */
export function evaluateGate(engine: Engine, targets: readonly Target[], namespace: string, options: GateOptions): GateResult[] {
  const workloads = engine.workloads();
  return targets.map((t) => {
    const base = { target: `${SHORT[t.kind] ?? t.kind.toLowerCase()}/${t.name}`, kind: t.kind, namespace, name: t.name };
    if (t.kind === 'Pod') {
      const pod = engine.snapshot.pods.find((p) => p.metadata?.name === t.name && p.metadata?.namespace === namespace);
      if (!pod) return { ...base, state: 'missing', progress: 'not found', diagnoses: [] };
      const d = engine.diagnosePod(pod as Pod);
      const rollout = rolloutState('Pod', pod);
      return decide(base, rollout.done && settled([engine.index.podFacts(pod as Pod)], engine.now, options), rollout.failed, rollout.progress, [d], options);
    }
    const w = workloads.find((x) => x.kind === t.kind && x.name === t.name && x.namespace === namespace);
    if (!w) return { ...base, state: 'missing', progress: 'not found', diagnoses: [] };
    const rollout = rolloutState(t.kind, w.object);
    const own = engine.diagnoseWorkload(w);
    const current = currentRevisionPods(w);
    const pods = current.map((p) => engine.diagnoseFacts(p));
    const done = rollout.done && (t.kind === 'Job' || settled(current, engine.now, options));
    return decide(base, done, rollout.failed, rollout.progress, [...(own ? [own] : []), ...pods], options);
  });
}

function decide(
  base: Omit<GateResult, 'state' | 'progress' | 'diagnoses'>,
  done: boolean,
  controllerFailed: boolean,
  progress: string,
  diagnoses: Diagnosis[],
  options: GateOptions,
): GateResult {
  if (done) return { ...base, state: 'passed', progress, diagnoses };
  const doomed = diagnoses.find((d) => d.status === 'failing' && !belowRestartThreshold(d, options));
  if (doomed || controllerFailed) {
    const reason = doomed ? `${doomed.pod ? `pod ${doomed.pod.name}` : `${doomed.workload?.kind ?? ''} ${doomed.workload?.name ?? ''}`}: ${doomed.summary}` : 'the controller marked it failed';
    return { ...base, state: 'failed', progress, reason, diagnoses };
  }
  return { ...base, state: 'waiting', progress, diagnoses };
}

/** True when every Pod (that has not completed) has been Ready for at least the settle time. */
function settled(pods: readonly PodFacts[], now: number, options: GateOptions): boolean {
  const settleMs = options.settleMs ?? 0;
  if (settleMs <= 0) return true;
  return pods.every((p) => {
    if (p.phase === 'Succeeded') return true;
    const ready = p.conditions.Ready;
    const since = parseTime(ready?.lastTransitionTime);
    return ready?.status === 'True' && since !== undefined && now - since >= settleMs;
  });
}

/** A crash loop with fewer restarts than the threshold may still be a slow start. */
function belowRestartThreshold(d: Diagnosis, options: GateOptions): boolean {
  return d.findings[0]?.rule === 'container/crash-loop' && d.pod !== null && d.pod.restarts < options.maxRestarts;
}
