import type { Lang } from '../model/lang.js';
import type { PodFacts, WorkloadFacts } from '../model/facts.js';
import type { KObject, Node, Pod } from '../model/k8s.js';
import type { Snapshot, SnapshotKind } from '../model/snapshot.js';
import type { Stage } from '../model/stages.js';
import type { TrafficHopName } from '../model/hops.js';

export type Severity = 'error' | 'warning' | 'info';
export type Confidence = 'high' | 'medium' | 'low';

/**
 * Whether a failing signal can clear by itself, which decides how time changes the verdict:
 * - `deterministic`: cannot clear without a change by a person (not found, unauthorized, x509, invalid name,
 *   a missing ConfigMap known absent, a selector no node matches …): failing at once, whatever the Pod's age;
 * - `transient`: may clear by itself (a registry timeout, a first FailedMount, insufficient cpu while an
 *   autoscaler scales up): a warning for the grace period (`--grace`), failing after it;
 * - `repeated`: the same failure several times, a back-off loop, several liveness kills: failing however
 *   recent the last occurrence was.
 */
export type FailureClass = 'deterministic' | 'transient' | 'repeated';

export const FAILURE_CLASSES: readonly FailureClass[] = ['deterministic', 'transient', 'repeated'];

/** One observed fact that made a rule fire: an event line or a status field, quoted exactly. */
export interface Evidence {
  /** What it was read from: pod, event, node, pvc, workload, service, log. */
  source: string;
  text: string;
  /** Field path for status evidence, e.g. `status.containerStatuses[name=app].state.waiting.reason`. */
  path?: string;
  /** ISO time the evidence was last observed, when known. */
  at?: string;
}

export interface Finding {
  rule: string;
  stage: Stage;
  severity: Severity;
  confidence: Confidence;
  /** Present on every error and warning finding (never on info): see FailureClass. */
  failureClass?: FailureClass;
  title: string;
  message: string;
  evidence: Evidence[];
  remediation: string[];
}

export interface RuleDocs {
  /** What the finding means, in a sentence or two. */
  description: string;
  /** Why it happens: the usual causes. */
  causes: string[];
  /** How to fix it, step by step (kubectl commands welcome). */
  fix: string[];
  links?: string[];
}

/** Thresholds that decide when a condition stops being "still progressing". */
export interface RuleOptions {
  /** How long a condition that can clear by itself may last before it counts as failing. */
  graceMs: number;
  /** How long a Pod may sit in one step with no error before it counts as stuck. */
  stuckMs: number;
  /** Restarts within `recentMs` that make a healthy Pod worth a warning. */
  restartWarn: number;
  /** What "recent" means for restarts and events. */
  recentMs: number;
  /** The language of titles, messages and remediation (machine fields stay English). */
  lang: Lang;
}

export const DEFAULT_RULE_OPTIONS: RuleOptions = {
  graceMs: 60_000,
  stuckMs: 10 * 60_000,
  restartWarn: 3,
  recentMs: 60 * 60_000,
  lang: 'en',
};

/** Read-only lookups over the whole snapshot (other Nodes, ConfigMaps, Services …). */
export interface ClusterView {
  readonly nodes: readonly Node[];
  /** Every Pod in the snapshot (complete for dumps and scans; only the diagnosed Pod for `kdiag pod NAME` live). */
  readonly pods: readonly Pod[];
  get(kind: SnapshotKind, namespace: string, name: string): KObject | undefined;
  /** Every object of a namespaced kind in one namespace (Services, Pods, ConfigMaps …). */
  list(kind: SnapshotKind, namespace: string): readonly KObject[];
  /**
   * True when absence in the snapshot means the object really does not exist: the input holds the kind's
   * whole list in `namespace` (cluster-scoped kinds: everywhere; no namespace: in every namespace), or
   * looked `name` up. A partial input (single objects, one namespace's lists) makes absence unknown.
   */
  saw(kind: SnapshotKind, namespace?: string, name?: string): boolean;
}

interface RuleBase {
  /** Stable forever: `<stage>/<slug>`. */
  id: string;
  stage: Stage;
  severity: Severity;
  /** The class of what this rule usually finds; a finding may override it (e.g. a missing Secret not known absent). */
  failureClass?: FailureClass;
  /**
   * A "stuck, no progress" fallback: its findings count only when no other rule finds an error or warning
   * for the Pod (the specific cause, when there is one, is always the better verdict).
   */
  fallback?: true;
  /**
   * An inference about the input rather than the Pod's own failure (a node status gone stale): when
   * another rule finds an error, this rule's errors are shown behind it as warnings.
   */
  yields?: true;
  title: string;
  docs: RuleDocs;
}

export interface PodRuleContext {
  pod: PodFacts;
  cluster: ClusterView;
  /** Epoch ms: the capture time for dumps, never the wall clock inside a rule. */
  now: number;
  options: RuleOptions;
  /**
   * False when `now` may be later than the capture (a file's modification time: a copied or re-saved file
   * has a new one; the wall clock reading standard input): then "older than its heartbeat allows" is not
   * proof. True or absent for a recorded capture time, a live read, --now, or the input's newest timestamp.
   */
  clockTrusted?: boolean;
}

export interface WorkloadRuleContext {
  workload: WorkloadFacts;
  cluster: ClusterView;
  now: number;
  options: RuleOptions;
}

/**
 * Necessary conditions, declared so the engine can skip a rule cheaply: a rule with triggers can only
 * find something when at least one of them holds for the Pod (each must follow from the rule's own first
 * checks). Optional: a rule without triggers always runs, and skipping never changes a diagnosis
 * (test/engine/triggers.test.ts runs every fixture both ways).
 */
export interface PodTriggers {
  /** The Pod waits to be scheduled (not bound, PodScheduled not True, not finished, not being deleted). */
  unscheduled?: true;
  /** The Pod is bound and waits for its sandbox (volumes, network), and is not being deleted. */
  awaitingSandbox?: true;
  /** Some container other than an ephemeral one waits, has stopped, or has restarted: what a container problem (containerProblems) needs. */
  containerProblem?: true;
  /** Some container waits with one of these reasons. */
  waiting?: readonly string[];
  /** One of the Pod's own events has one of these reasons. */
  events?: readonly string[];
  /** status.phase is one of these. */
  phase?: readonly string[];
  /** status.reason is one of these. */
  reason?: readonly string[];
  /** The Pod is being deleted. */
  deleting?: true;
  /** The Pod mounts a PersistentVolumeClaim. */
  claims?: true;
  /** A Service selects the Pod. */
  services?: true;
}

export interface PodRule extends RuleBase {
  scope: 'pod';
  triggers?: PodTriggers;
  match(ctx: PodRuleContext): Finding[];
}

export interface WorkloadRule extends RuleBase {
  scope: 'workload';
  match(ctx: WorkloadRuleContext): Finding[];
}

/** What a traffic rule judges: one Service or Ingress of the snapshot, for the client --from named (if any). */
export interface TrafficRuleContext {
  snapshot: Snapshot;
  target: KObject;
  /** `pod/NAME`, `pod/NS/NAME` or `ns/NAME`; undefined for the target's default clients. */
  from?: string;
  options: RuleOptions;
}

/**
 * A finding of the traffic path (`ingress → service → endpoints → network policy → pod port`, plus egress and
 * DNS). Its id is `traffic/<slug>`, not `<stage>/<slug>`: the path is a pipeline of its own beside the
 * lifecycle, and its findings belong to the lifecycle's readiness stage (`stage` is always `readiness`).
 */
export interface TrafficRule extends RuleBase {
  scope: 'traffic';
  /** The hop it judges (`dns`: what the Pod must reach by name), for `kdiag explain` and `kdiag lifecycle`. */
  hop: TrafficHopName;
  stage: 'readiness';
  match(ctx: TrafficRuleContext): Finding[];
}

export type Rule = PodRule | WorkloadRule | TrafficRule;
