import type { PodFacts, WorkloadFacts } from '../model/facts.js';
import type { Pod } from '../model/k8s.js';
import { parseTime } from '../model/time.js';
import type { FailureClass, Finding } from '../rules/types.js';
import type { Engine } from './diagnose.js';
import type { Diagnosis } from './diagnosis.js';
import type { LabelSelector } from './label-selector.js';
import { currentRevisionPods, passedWords, rollbackHint, rolloutState } from './rollout.js';
import type { Target } from './targets.js';
import type { Change } from '../revisions/change.js';
import { withRevisionChange } from './revision-change.js';
import { workloadVerdict } from './rollup.js';
import { servesWorkload } from './diagnose-all.js';
import { noEndpointsBlame, serviceVerdict } from './service-target.js';
import { servicePath } from '../traffic/path/service-path.js';

export type GateState = 'passed' | 'failed' | 'waiting' | 'missing';

export interface GateResult {
  /** `deploy/api` as the user wrote it. */
  target: string;
  kind: string;
  namespace: string;
  name: string;
  state: GateState;
  /** The controller's counts while waiting ("1/3 updated, …"); what passed once passed ("3/3 ready and stable for 5s"). */
  progress: string;
  /** While waiting: the Pod that is furthest from done, and why ("pod api-x progressing at image: …"). */
  detail?: string;
  /** Changes only when the state does (not with ages): progress lines are printed when it changes. */
  stateKey?: string;
  /** Why it failed, in a sentence (the primary finding of the first doomed Pod or of the workload). */
  reason?: string;
  /** The way back from a failed rollout. */
  rollback?: { command: string; previousImages?: string[]; previousRevision?: string };
  /** A failed rollout: its revision against the last one that worked (also on the workload's diagnosis). */
  change?: Change;
  /** The Pod whose diagnosis failed the gate (its logs are worth reading). */
  failedPod?: string;
  /** When the verdict may change with no cluster event (a settle time or a grace period ends), epoch ms. */
  recheckAt?: number;
  /** The workload's own diagnosis (if any) and its current-revision Pods'. */
  diagnoses: Diagnosis[];
}

export interface GateOptions {
  /** A crash loop (or any back-off loop) counts as doomed only after this many restarts. */
  maxRestarts: number;
  /**
   * Every current Pod must have been Ready this long before the gate passes: a container that crashes a
   * moment after starting is briefly Ready, and the controller counts it available.
   */
  settleMs?: number;
  /** How long a missing ConfigMap/Secret/PVC may stay missing before it dooms the rollout (kubectl apply order). */
  graceMs?: number;
}

const SHORT: Record<string, string> = { Deployment: 'deploy', StatefulSet: 'sts', DaemonSet: 'ds', Job: 'job', ReplicaSet: 'rs', Pod: 'pod' };

/** Rules whose finding is "an object the Pod names does not exist": it may be created a moment later. */
const MISSING_OBJECT = new Set(['volume/missing-configmap-or-secret', 'kubelet/create-container-config-error', 'scheduling/pvc-not-found']);

export interface DoomContext {
  /** The kind of the workload the Pod belongs to (a Job's Pods are retried by the Job). */
  workloadKind: string;
  now: number;
  maxRestarts: number;
  graceMs: number;
}

/**
 * The one decision of what fails the gate before its timeout. Doomed: a deterministic failure (cannot
 * clear without a person: a missing image, an invalid spec, quota/PodSecurity rejection, a selector no node
 * matches), a missing object still missing after --grace, a back-off loop past --max-restarts, a controller
 * that gave up (Job past backoffLimit/activeDeadlineSeconds, Deployment past progressDeadlineSeconds).
 * Everything else waits: it may clear (not yet Ready, a first FailedMount, a transient FailedScheduling, a
 * Job Pod failing within backoffLimit) — until it clears, turns doomed, or the timeout.
 */
export function doomVerdict(d: Diagnosis, facts: PodFacts | undefined, ctx: DoomContext): { doomed: boolean; recheckAt?: number } {
  if (d.status !== 'failing') return { doomed: false };
  const f = d.findings[0];
  if (!f || f.severity !== 'error') return { doomed: false };
  const cls = failureClass(f);
  if (!facts) return { doomed: cls === 'deterministic' }; // a workload's own finding (quota, PodSecurity, deadline)
  // Readiness is the controller's call: a slow warm-up is judged by progressDeadlineSeconds, not by us.
  if (f.stage === 'readiness') return { doomed: false };
  // A Job retries its failed Pods: only the Job's own Failed condition (backoffLimit) is final.
  const inJob = ctx.workloadKind === 'Job' || facts.owner.job !== undefined;
  if (inJob && (f.stage === 'container' || facts.phase === 'Failed')) return { doomed: false };
  if (cls === 'transient') return { doomed: false };
  if (cls === 'repeated') {
    const restarts = facts.containers.reduce((n, c) => n + c.restartCount, 0);
    return { doomed: restarts >= ctx.maxRestarts || facts.phase === 'Failed' };
  }
  if (MISSING_OBJECT.has(f.rule) && facts.createdAt !== undefined && ctx.now - facts.createdAt < ctx.graceMs) {
    return { doomed: false, recheckAt: facts.createdAt + ctx.graceMs };
  }
  return { doomed: true };
}

/** The finding's class (every error finding has one); an unclassified one waits rather than fail a good rollout. */
function failureClass(f: Finding): FailureClass {
  return f.failureClass ?? 'transient';
}

/** Pure: decides for each target whether the rollout passed, is doomed, or is still worth waiting for. */
export function evaluateGate(engine: Engine, targets: readonly Target[], namespace: string, options: GateOptions): GateResult[] {
  const workloads = engine.workloads();
  const ctx = { now: engine.now, maxRestarts: options.maxRestarts, graceMs: options.graceMs ?? 60_000 };
  return targets.map((t): GateResult => {
    const base = { target: `${SHORT[t.kind] ?? t.kind.toLowerCase()}/${t.name}`, kind: t.kind, namespace, name: t.name };
    if (t.kind === 'Pod') {
      const pod = engine.snapshot.pods.find((p) => p.metadata?.name === t.name && p.metadata?.namespace === namespace);
      if (!pod) return { ...base, state: 'missing', progress: 'not found', stateKey: 'missing', diagnoses: [] };
      const facts = engine.index.podFacts(pod as Pod);
      const rollout = rolloutState('Pod', pod);
      const done = rollout.done && settled([facts], engine.now, options);
      return decide(base, { done, failed: rollout.failed, progress: rollout.progress, passed: passedWords('Pod', pod, options.settleMs ?? 0) }, [], [facts], engine, { ...ctx, workloadKind: 'Pod' }, options);
    }
    const w = workloads.find((x) => x.kind === t.kind && x.name === t.name && x.namespace === namespace);
    if (!w) return { ...base, state: 'missing', progress: 'not found', stateKey: 'missing', diagnoses: [] };
    const rollout = rolloutState(t.kind, w.object);
    const own = engine.diagnoseWorkload(w);
    const current = currentRevisionPods(w);
    const done = rollout.done && (t.kind === 'Job' || settled(current, engine.now, options));
    const result = decide(
      base,
      { done, failed: rollout.failed, ...(rollout.failedBecause ? { failedBecause: rollout.failedBecause } : {}), progress: rollout.progress, passed: passedWords(t.kind, w.object, options.settleMs ?? 0) },
      own ? [own] : [],
      current,
      engine,
      { ...ctx, workloadKind: t.kind },
      options,
    );
    if (result.state === 'passed') failOnServiceWithoutEndpoints(result, w, workloads, engine);
    if (result.state === 'failed') {
      const hint = rollbackHint(w);
      if (hint) result.rollback = hint;
      withChange(result, w, own, engine);
    }
    return result;
  });
}

/**
 * A rollout the controller calls done still fails when a Service that serves the workload ends with no ready
 * endpoints: it selects none of the new Pods (their labels changed), none is Ready, or its named targetPort
 * is on no container port any more. Clients see refused connections, whatever the Pods' own state.
 */
function failOnServiceWithoutEndpoints(result: GateResult, w: WorkloadFacts, workloads: readonly WorkloadFacts[], engine: Engine): void {
  if (w.kind === 'Job' || w.kind === 'CronJob') return;
  for (const s of workloads) {
    if (s.kind !== 'Service' || s.namespace !== w.namespace || !servesWorkload(s, w)) continue;
    const path = servicePath(engine.snapshot, s.object, { lang: engine.t.lang });
    const blame = noEndpointsBlame(engine, s, path);
    if (!blame) continue;
    const { kept, suppressed } = blame;
    // Each finding that would fail it suppressed: the gate does not fail on it, and the Service's verdict carries
    // them under suppressed[] so the report still says so.
    if (!blame.fails) {
      const own = workloadVerdict(s, engine.diagnoseWorkload(s), [], [], engine.t);
      const already = new Set((own.suppressed ?? []).map((f) => `${f.rule}\u0000${f.message}`));
      result.diagnoses = [{ ...own, suppressed: [...(own.suppressed ?? []), ...suppressed.filter((f) => !already.has(`${f.rule}\u0000${f.message}`))] }, ...result.diagnoses];
      continue;
    }
    const hop = path.hops.find((h) => h.state === 'failed');
    // The port no container declares is why the endpoints are empty (the Pods may well be Ready): it says so first.
    const why = (kept.find((f) => f.rule === 'traffic/target-port-undeclared') ?? kept.find((f) => f.severity === 'error'))?.message ?? `${hop?.hop ?? ''}: ${hop?.detail ?? ''}`;
    result.state = 'failed';
    result.stateKey = 'failed';
    result.reason = `Service ${s.name} has no ready endpoints: ${why}`;
    // The Service's verdict as `pod svc/NAME`, `pod deploy/NAME` and scan give it.
    result.diagnoses = [serviceVerdict(engine, s), ...result.diagnoses];
    return;
  }
}

/**
 * A failed rollout's diagnoses lead with the workload's verdict, the one `kdiag pod KIND/NAME` and scan give
 * (workloadVerdict decides what leads: a Job past its backoffLimit leads with its Pod's cause, the Job's
 * BackoffLimitExceeded follows), carrying what changed; the way back names the revision that worked.
 */
function withChange(result: GateResult, w: WorkloadFacts, own: Diagnosis | undefined, engine: Engine): void {
  const pods = result.diagnoses.filter((d) => d.pod);
  const verdict = withRevisionChange(engine.snapshot, w, workloadVerdict(w, own, pods, [], engine.t));
  // A rollout failed by a Service with no endpoints keeps the Service's verdict in the lead.
  if (verdict.status !== 'failing') return;
  result.diagnoses = [verdict, ...pods];
  if (!verdict.change) return;
  result.change = verdict.change;
  const from = verdict.change.from;
  if (!verdict.change.undo || from?.revision === undefined) return;
  // The images the hint read are those of the revision just before, which may not be the one that worked.
  const images = result.rollback?.previousRevision === String(from.revision) ? result.rollback.previousImages : undefined;
  result.rollback = { command: verdict.change.undo, previousRevision: String(from.revision), ...(images ? { previousImages: images } : {}) };
}

interface Rollout {
  done: boolean;
  failed: boolean;
  failedBecause?: string;
  progress: string;
  passed: string;
}

function decide(
  base: Pick<GateResult, 'target' | 'kind' | 'namespace' | 'name'>,
  rollout: Rollout,
  own: Diagnosis[],
  pods: readonly PodFacts[],
  engine: Engine,
  ctx: DoomContext,
  options: GateOptions,
): GateResult {
  const podDiagnoses = pods.map((p) => engine.diagnoseFacts(p));
  const diagnoses = [...own, ...podDiagnoses];
  if (rollout.done) return { ...base, state: 'passed', progress: rollout.passed, stateKey: 'passed', diagnoses };
  let recheckAt = settleEnds(pods, options);
  const ownDoomed = own.find((d) => doomVerdict(d, undefined, ctx).doomed);
  if (rollout.failed || ownDoomed) {
    const reason = ownDoomed ? `${ownDoomed.workload?.kind ?? base.kind} ${ownDoomed.workload?.name ?? base.name}: ${ownDoomed.summary}` : `the controller gave up: ${rollout.failedBecause ?? 'failed'}`;
    const worst = podDiagnoses.find((d) => d.status === 'failing');
    return { ...base, state: 'failed', progress: rollout.progress, stateKey: 'failed', reason, ...(worst?.pod ? { failedPod: worst.pod.name } : {}), diagnoses };
  }
  for (let i = 0; i < pods.length; i++) {
    const d = podDiagnoses[i]!;
    const v = doomVerdict(d, pods[i], ctx);
    if (v.doomed) return { ...base, state: 'failed', progress: rollout.progress, stateKey: 'failed', reason: `pod ${d.pod?.name ?? ''}: ${d.summary}`, failedPod: d.pod?.name ?? '', diagnoses };
    if (v.recheckAt !== undefined) recheckAt = Math.min(recheckAt ?? Infinity, v.recheckAt);
  }
  const stuck = podDiagnoses.find((d) => d.status === 'failing') ?? podDiagnoses.find((d) => d.status === 'progressing');
  const detail = stuck?.pod ? `pod ${stuck.pod.name} ${stuck.status}${stuck.stage ? ` at ${stuck.stage}` : ''}: ${stuck.summary}` : pods.length === 0 ? 'no Pods of the current revision yet' : undefined;
  const stateKey = `waiting|${rollout.progress}|${stuck ? `${stuck.pod?.name}|${stuck.status}|${stuck.stage}|${stuck.findings[0]?.rule ?? ''}` : pods.length}`;
  return { ...base, state: 'waiting', progress: rollout.progress, stateKey, ...(detail ? { detail } : {}), ...(recheckAt !== undefined ? { recheckAt } : {}), diagnoses };
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

/** The earliest time a Ready Pod completes its settle time. */
function settleEnds(pods: readonly PodFacts[], options: GateOptions): number | undefined {
  const settleMs = options.settleMs ?? 0;
  let at: number | undefined;
  for (const p of pods) {
    const ready = p.conditions.Ready;
    const since = parseTime(ready?.lastTransitionTime);
    if (ready?.status === 'True' && since !== undefined) at = Math.min(at ?? Infinity, since + settleMs);
  }
  return at;
}

/**
 * What `-l SELECTOR` gates: each matching Pod's top workload (so only its current revision counts, and a
 * Complete Job's earlier failed Pods do not), and bare Pods by name; targets already named are not repeated.
 */
export function selectorTargets(engine: Engine, selector: LabelSelector | undefined, named: readonly Target[], namespace: string): Target[] {
  if (!selector) return [];
  const out: Target[] = [];
  const seen = new Set(named.map((t) => `${t.kind}/${t.name}`));
  for (const pod of engine.snapshot.pods) {
    if (pod.metadata?.namespace !== namespace || !selector(pod.metadata?.labels ?? {})) continue;
    const owner = engine.index.podFacts(pod).owner;
    const top = owner.deployment ?? owner.statefulSet ?? owner.daemonSet ?? owner.job ?? owner.replicaSet;
    // A Pod whose owner is not visible (or not a workload kdiag knows) is gated on its own.
    const target: Target = top && typeof top.kind === 'string' && top.kind in SHORT ? { kind: top.kind as Target['kind'], name: String(top.metadata?.name ?? '') } : { kind: 'Pod', name: String(pod.metadata?.name ?? '') };
    if (!target.name) continue;
    const key = `${target.kind}/${target.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(target);
  }
  return out;
}

export type { WorkloadFacts };
