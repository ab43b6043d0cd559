import type { EventIndex } from '../model/events.js';
import { controllerRef, freshlyReady, SnapshotIndex, type PodFacts, type WorkloadFacts } from '../model/facts.js';
import type { KObject, Pod } from '../model/k8s.js';
import { clockKey, type Snapshot, type SnapshotMeta, type SourceClock } from '../model/snapshot.js';
import { POD_STAGES, STAGES, stageIndex, type Stage } from '../model/stages.js';
import { formatAge, parseTime } from '../model/time.js';
import { runsText } from '../rules/helpers/runs.js';
import { ALL_RULES } from '../rules/index.js';
import { TriggerIndex } from '../rules/triggers.js';
import { DEFAULT_RULE_OPTIONS, type ClusterView, type Finding, type PodRule, type PodRuleContext, type Rule, type RuleOptions, type WorkloadRule } from '../rules/types.js';
import { messagesFor, type Messages } from '../i18n/index.js';
import { localizeTitles } from '../i18n/rule-text.js';
import { currentStage } from './current-stage.js';
import { withLogEvidence } from './log-evidence.js';
import type { Diagnosis, DiagnosisStatus, StageState } from './diagnosis.js';
import { orderFindings } from './order-findings.js';
import { provenStages } from './stage-evidence.js';
import { stageOwner, troubledContainer, waitingImage } from './stage-owner.js';
import { workloadDiagnosis } from './workload-diagnosis.js';
import { partitionFindings, type SuppressedFinding, type SuppressionSubject, type Suppressions } from './suppress.js';
import { SuppressionSubjects } from './suppression-subject.js';
import { teardownOf, type Teardown } from '../model/teardown.js';
import { teardownOwner } from './teardown-owner.js';
import { judgedByController } from './controller-judgement.js';

export interface DiagnoseOptions {
  /** Epoch ms for every object. Defaults to each input's own capture time; the engine never reads the clock itself. */
  now?: number;
  /** Why `now` is what it is, for the notes (e.g. "given with --now"). */
  nowReason?: string;
  rules?: readonly Rule[];
  ruleOptions?: Partial<RuleOptions>;
  /** Most log lines shown as evidence for a stopped container (from `snapshot.logs`); 0 for none. Default 5. */
  logLines?: number;
  /** Events already indexed (a streamed scan keeps no raw Events). */
  events?: EventIndex;
  /** Called whenever a rule reads the cluster's Pods: the verdict then depends on the whole Pod list. */
  onPodsRead?: () => void;
  /** Findings to keep out of the verdict (still reported, under `suppressed`). */
  suppressions?: Suppressions;
  /** Notes of the run for every report (an expired suppression, say): in each item's notes and the list's. */
  notes?: readonly string[];
}

/** A prepared engine over one Snapshot: index once, diagnose many Pods. */
export class Engine {
  readonly index: SnapshotIndex;
  readonly now: number;
  private readonly podRules: PodRule[];
  private readonly fallbackRules: ReadonlySet<string>;
  private readonly yieldingRules: ReadonlySet<string>;
  private readonly triggers: TriggerIndex;
  private readonly workloadRules: WorkloadRule[];
  private readonly options: RuleOptions;
  private readonly cluster: ClusterView;
  /** The catalogue of the diagnosis' language (rule options' `lang`). */
  readonly t: Messages;
  private readonly titleOf: (id: string) => string | undefined;
  private readonly logLines: number;
  private readonly fixedNow: boolean;
  private readonly nowReason: string | undefined;
  private readonly suppressions: Suppressions;
  private readonly runNotes: readonly string[];
  private readonly subjects: SuppressionSubjects;

  constructor(
    readonly snapshot: Snapshot,
    options: DiagnoseOptions = {},
  ) {
    this.index = new SnapshotIndex(snapshot, options.events);
    this.now = options.now ?? parseTime(snapshot.meta.capturedAt) ?? 0;
    this.fixedNow = options.now !== undefined;
    this.nowReason = options.nowReason;
    // Annotations (kdiag.io/ignore) are read even when the command line names nothing to ignore.
    this.suppressions = options.suppressions ?? { entries: [] };
    this.runNotes = options.notes ?? [];
    this.subjects = new SuppressionSubjects(snapshot);
    const rules = options.rules ?? ALL_RULES;
    this.podRules = rules.filter((r): r is PodRule => r.scope === 'pod');
    this.fallbackRules = new Set(this.podRules.filter((r) => r.fallback).map((r) => r.id));
    this.yieldingRules = new Set(this.podRules.filter((r) => r.yields).map((r) => r.id));
    this.triggers = new TriggerIndex(this.podRules);
    this.workloadRules = rules.filter((r): r is WorkloadRule => r.scope === 'workload');
    this.options = { ...DEFAULT_RULE_OPTIONS, ...options.ruleOptions };
    this.t = messagesFor(this.options.lang);
    const titles = new Map(rules.map((r) => [r.id, r.title]));
    this.titleOf = (id) => titles.get(id);
    this.logLines = options.logLines ?? 5;
    const index = this.index;
    const onPodsRead = options.onPodsRead;
    this.cluster = onPodsRead
      ? {
          nodes: snapshot.nodes,
          get pods() {
            onPodsRead();
            return snapshot.pods;
          },
          get: (k, ns, n) => index.get(k, ns, n),
          list: (k, ns) => (k === 'Pod' && onPodsRead(), index.list(k, ns)),
          saw: (k, ns, n) => index.saw(k, ns, n),
        }
      : { nodes: snapshot.nodes, pods: snapshot.pods, get: (k, ns, n) => index.get(k, ns, n), list: (k, ns) => index.list(k, ns), saw: (k, ns, n) => index.saw(k, ns, n) };
  }

  diagnosePod(pod: Pod): Diagnosis {
    return this.diagnoseFacts(this.index.podFacts(pod));
  }

  /** The "now" an object is judged against: `--now`, else the capture time of the input it was read from. */
  nowFor(object: KObject): number {
    if (this.fixedNow) return this.now;
    const clock = this.clockOf(object);
    if (!clock) return this.now;
    let at = this.clockTimes.get(clock);
    if (at === undefined) this.clockTimes.set(clock, (at = Date.parse(clock.at)));
    return at;
  }

  /** Each input clock's time as a number, parsed once (a dump has a handful of clocks and thousands of Pods). */
  private readonly clockTimes = new Map<SourceClock, number>();
  /** The last object whose clock was looked up: a diagnosis asks for its Pod's clock three times in a row. */
  private lastClockObject: KObject | undefined;
  private lastClock: SourceClock | undefined;

  private clockOf(object: KObject): SourceClock | undefined {
    if (this.lastClockObject === object) return this.lastClock;
    const meta = this.snapshot.meta;
    const i = meta.objectClock === undefined ? meta.defaultClock : meta.objectClock[clockKey(object)];
    const clock = i === undefined ? undefined : meta.clocks?.[i];
    this.lastClockObject = object;
    this.lastClock = clock;
    return clock;
  }

  /** Whether `now` for this object cannot be later than its capture (see PodRuleContext.clockTrusted). */
  clockTrusted(object: KObject): boolean {
    if (this.fixedNow) return true;
    const basis = this.clockOf(object)?.basis;
    return basis !== 'mtime' && basis !== 'wall';
  }

  private readonly clockSentences = new Map<SourceClock, string>();

  /** The note that says which clock ages were measured from, and why: every report carries one. */
  clockNote(object: KObject): string | undefined {
    if (this.fixedNow && this.nowReason) return this.t.notes.fixedClock({ at: isoSeconds(this.now), reason: this.nowReason });
    const clock = this.fixedNow ? undefined : this.clockOf(object);
    if (clock) {
      // One sentence per input clock, not one per Pod (a 150k-Pod analyze has a handful of clocks).
      let note = this.clockSentences.get(clock);
      if (note === undefined) this.clockSentences.set(clock, (note = clockSentence(clock, this.t)));
      return note;
    }
    // No input clock: a live read (or a re-diagnosis at this machine's time, as gate and --watch do).
    return this.liveNote();
  }

  /** Every clock a list report (scan, analyze) used, one note each, in input order. */
  clockNotes(): string[] {
    if (this.fixedNow && this.nowReason) return [this.t.notes.fixedClock({ at: isoSeconds(this.now), reason: this.nowReason })];
    const clocks = this.fixedNow ? [] : (this.snapshot.meta.clocks ?? []);
    if (clocks.length > 0) return [...new Set(clocks.map((c) => clockSentence(c, this.t)))];
    const live = this.liveNote();
    return live ? [live] : [];
  }

  /** What a list report prints besides its items: what could not be read, and the clocks (when some item has an age). */
  listMeta(items: readonly Diagnosis[]): { unreadable: SnapshotMeta['unreadable']; notes: string[] } {
    return { unreadable: this.snapshot.meta.unreadable, notes: [...this.snapshot.meta.notes, ...this.runNotes, ...(items.length > 0 ? this.clockNotes() : [])] };
  }

  private liveNote(): string | undefined {
    const live = this.snapshot.meta.sources.some((s) => s.startsWith('cluster:'));
    return live && this.now > 0 ? this.t.notes.liveClock({ at: isoSeconds(this.now) }) : undefined;
  }

  diagnoseFacts(facts: PodFacts): Diagnosis {
    const notes: string[] = [];
    const found: Finding[] = [];
    const now = this.nowFor(facts.pod);
    // One context for every rule: rules are pure and only read it.
    const ctx: PodRuleContext = { pod: facts, cluster: this.cluster, now, options: this.options, clockTrusted: this.clockTrusted(facts.pod) };
    // A rule none of whose triggers holds would find nothing: skip it.
    const holds = this.triggers.podMask(facts);
    const masks = this.triggers.masks;
    const rules = this.podRules;
    for (let r = 0; r < rules.length; r++) {
      const rule = rules[r]!;
      const mask = masks[r]!;
      if (mask !== 0 && (mask & holds) === 0) continue;
      try {
        const out = rule.match(ctx);
        for (let i = 0; i < out.length; i++) found.push(out[i]!);
      } catch (err) {
        notes.push(this.t.notes.ruleFailed({ rule: rule.id, on: 'pod', error: err instanceof Error ? err.message : String(err) }));
      }
    }
    const { kept, suppressed } = found.length === 0 ? { kept: found, suppressed: [] } : partitionFindings(found, this.subjects.forPod(facts), this.suppressions);
    const findings = withLogEvidence(facts, localizeTitles(orderFindings(this.withoutNeedlessFallbacks(kept)), this.options.lang, this.titleOf), this.snapshot.logs, this.logLines);
    // A Pod being deleted is going away, not starting: progressing at its teardown until it is overdue.
    const teardown = teardownOf(facts);
    const failingStatus = podStatus(facts, findings);
    const status = teardown && failingStatus !== 'failing' ? 'progressing' : failingStatus;
    const tearingDown = teardown !== undefined && (status === 'progressing' || findings[0]?.rule === 'kubelet/stuck-terminating');
    const proven = provenStages(facts);
    // Not Ready and nothing left to say why but suppressed findings: the stage is theirs, and the summary says
    // they are suppressed (never a guess such as "pulling images" for a Pod whose crash loop was accepted).
    const hidden = status === 'progressing' && !teardown && suppressed.length > 0 && !findings.some((f) => f.severity !== 'info') ? orderFindings(suppressed) : undefined;
    const stage = status === 'healthy' ? null : status === 'failing' ? findings[0]!.stage : teardown ? 'kubelet' : hidden ? hidden[0]!.stage : (findings.find((f) => f.severity === 'warning')?.stage ?? currentStage(facts, proven));
    const own: Diagnosis = {
      apiVersion: 'kdiag/v1',
      kind: 'Diagnosis',
      pod: {
        namespace: facts.namespace,
        name: facts.name,
        node: facts.nodeName || null,
        phase: facts.phase || null,
        owner: facts.owner.ref ?? null,
        restarts: facts.containers.reduce((n, c) => n + c.restartCount, 0),
        createdAt: typeof facts.pod.metadata?.creationTimestamp === 'string' ? facts.pod.metadata.creationTimestamp : null,
      },
      status,
      stage,
      summary: teardown && status === 'progressing' ? deletingSummary(teardown, now, this.t) : hidden ? this.t.suppressed.notReadySuppressed({ rules: [...new Set(hidden.map((f) => f.rule))].join(', ') }) : summarize(facts, status, findings, now, this.t),
      stages: stageStates(POD_STAGES, status, stage, proven),
      stageOwner: tearingDown ? teardownOwner(facts, teardown, this.t) : stageOwner(stage, { namespace: facts.namespace, name: facts.name, node: facts.nodeName || null, ...(facts.nodeName && !facts.node && this.index.saw('Node', undefined, facts.nodeName) ? { nodeMissing: true as const } : {}), ...(stage === 'image' ? { image: waitingImage(facts.containers) } : {}), ...(stage === 'container' ? { container: troubledContainer(facts.containers) } : {}) }, this.t),
      findings,
      ...this.suppressedPart(suppressed),
      notes: notes.length === 0 ? this.visibilityNotes(facts) : [...this.visibilityNotes(facts), ...notes],
      ...(now > 0 ? { observedAt: isoSeconds(now) } : {}),
    };
    return judgedByController(facts, own, now, this.t);
  }

  /** Suppressed findings in the engine's order and the report's language; nothing when none. */
  private suppressedPart(suppressed: SuppressedFinding[]): { suppressed?: SuppressedFinding[] } {
    if (suppressed.length === 0) return {};
    return { suppressed: localizeTitles(orderFindings(suppressed), this.options.lang, this.titleOf) as SuppressedFinding[] };
  }

  /**
   * The "stuck, no progress" findings stand only when nothing else explains the Pod; an inference about
   * the input (a stale node status) stands behind the Pod's own error, as a warning.
   */
  private withoutNeedlessFallbacks(found: Finding[]): Finding[] {
    const own = (f: Finding): boolean => !this.fallbackRules.has(f.rule) && !this.yieldingRules.has(f.rule);
    let out = found;
    if (out.some((f) => this.fallbackRules.has(f.rule)) && out.some((f) => f.severity !== 'info' && !this.fallbackRules.has(f.rule))) {
      out = out.filter((f) => !this.fallbackRules.has(f.rule));
    }
    if (out.some((f) => this.yieldingRules.has(f.rule) && f.severity === 'error') && out.some((f) => f.severity === 'error' && own(f))) {
      out = out.map((f) => (this.yieldingRules.has(f.rule) && f.severity === 'error' ? { ...f, severity: 'warning' as const } : f));
    }
    return out;
  }

  /** Findings made outside the rules (a traffic path) split by this run's suppressions, as a workload's own are. */
  partitionForWorkload(found: readonly Finding[], workload: WorkloadFacts): { kept: Finding[]; suppressed: SuppressedFinding[] } {
    return this.partitionFor(found, this.subjects.forWorkload(workload));
  }

  /** The same for a Pod (its Traffic part: its Services' paths, DNS, its StatefulSet's Service), as its own findings are. */
  partitionForPod(found: readonly Finding[], pod: Pod): { kept: Finding[]; suppressed: SuppressedFinding[] } {
    return this.partitionFor(found, this.subjects.forPod(this.index.podFacts(pod)));
  }

  /** The same for an object with no Pods of its own to judge (an Ingress's path). */
  partitionForObject(found: readonly Finding[], kind: string, object: KObject): { kept: Finding[]; suppressed: SuppressedFinding[] } {
    return this.partitionFor(found, this.subjects.forObject(kind, object));
  }

  private partitionFor(found: readonly Finding[], subject: SuppressionSubject): { kept: Finding[]; suppressed: SuppressedFinding[] } {
    if (found.length === 0) return { kept: [], suppressed: [] };
    const { kept, suppressed } = partitionFindings(found, subject, this.suppressions);
    return { kept, suppressed: this.suppressedPart(suppressed).suppressed ?? [] };
  }

  /** A workload-level diagnosis, or undefined when its rules find nothing. */
  diagnoseWorkload(workload: WorkloadFacts): Diagnosis | undefined {
    const found: Finding[] = [];
    const notes: string[] = [];
    const now = this.nowFor(workload.object);
    for (const rule of this.workloadRules) {
      try {
        found.push(...rule.match({ workload, cluster: this.cluster, now, options: this.options }));
      } catch (err) {
        notes.push(this.t.notes.ruleFailed({ rule: rule.id, on: 'workload', error: err instanceof Error ? err.message : String(err) }));
      }
    }
    if (found.length === 0) return undefined;
    const { kept, suppressed } = partitionFindings(found, this.subjects.forWorkload(workload), this.suppressions);
    const findings = localizeTitles(orderFindings(kept), this.options.lang, this.titleOf);
    const primary = findings[0];
    if (!primary) return workloadDiagnosis(workload, { status: 'healthy', stage: null, stages: stageStates(STAGES, 'healthy', null), summary: this.t.suppressed.allSuppressed({ count: suppressed.length }), findings, ...this.suppressedPart(suppressed), notes: [...this.snapshot.meta.notes, ...this.runNotes, ...withClock(this.clockNote(workload.object)), ...notes] }, this.t);
    // Context alone (info) does not make a workload unhealthy; a warning means it is still settling.
    const status: DiagnosisStatus = primary.severity === 'error' ? 'failing' : primary.severity === 'warning' ? 'progressing' : 'healthy';
    const stage = status === 'healthy' ? null : primary.stage;
    return workloadDiagnosis(workload, { status, stage, stages: stageStates(STAGES, status, stage), summary: primary.message, findings, ...this.suppressedPart(suppressed), notes: [...this.snapshot.meta.notes, ...this.runNotes, ...withClock(this.clockNote(workload.object)), ...notes] }, this.t);
  }

  /** Every workload in the snapshot with its Pods, for the workload rules. */
  workloads(): WorkloadFacts[] {
    const s = this.snapshot;
    const kinds: Array<[string, KObject[]]> = [
      ['Deployment', s.deployments],
      ['StatefulSet', s.statefulSets],
      ['DaemonSet', s.daemonSets],
      ['Job', s.jobs],
      // A CronJob's own state (suspended, missed starts); its Jobs' Pods belong to the Jobs.
      ['CronJob', s.cronJobs],
      // ReplicaSets owned by a Deployment in the snapshot are read through it; without it (`kubectl get rs,events`) they stand alone.
      ['ReplicaSet', s.replicaSets.filter((rs) => !this.ownedByDeploymentInSnapshot(rs))],
      // A Service's Pods are the ones its selector selects.
      ['Service', s.services],
    ];
    const podsByOwner = new Map<string, PodFacts[]>();
    // No workload of any kind: every row below is empty, so no Pod's facts are needed (a List of Pods and Events).
    if (kinds.every(([, list]) => list.length === 0)) return [];
    for (const pod of s.pods) {
      // Only a Pod a Service selects or a workload controls is any workload's: the rest need no facts.
      if (!this.index.belongsToWorkload(pod)) continue;
      const facts = this.index.podFacts(pod);
      for (const svc of facts.services) {
        const key = `Service/${facts.namespace}/${svc.metadata?.name ?? ''}`;
        const list = podsByOwner.get(key);
        if (list) list.push(facts);
        else podsByOwner.set(key, [facts]);
      }
      const top = facts.owner.deployment ?? facts.owner.replicaSet ?? facts.owner.statefulSet ?? facts.owner.daemonSet ?? facts.owner.job;
      if (!top) continue;
      const key = `${top.kind ?? ''}/${facts.namespace}/${top.metadata?.name ?? ''}`;
      const list = podsByOwner.get(key);
      if (list) list.push(facts);
      else podsByOwner.set(key, [facts]);
    }
    return kinds.flatMap(([kind, list]) =>
      list.map((o) => this.index.workloadFacts(kind, o, podsByOwner.get(`${kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`) ?? [])),
    );
  }

  private ownedByDeploymentInSnapshot(rs: KObject): boolean {
    const ref = controllerRef(rs);
    return ref?.kind === 'Deployment' && this.index.get('Deployment', rs.metadata?.namespace ?? '', ref.name) !== undefined;
  }

  private visibilityNotes(facts: PodFacts): string[] {
    const notes = [...this.snapshot.meta.notes, ...this.runNotes];
    const clock = this.clockNote(facts.pod);
    if (clock) notes.push(clock);
    if (!this.index.saw('Event', facts.namespace)) notes.push(this.t.notes.noEvents);
    // A Node kdiag was forbidden to read already has its note, naming the permission; "no Node objects in
    // the input" beside it would contradict it.
    const nodeForbidden = this.snapshot.meta.unreadable.some((u) => u.kind === 'Node');
    if (facts.nodeName && !facts.node && !nodeForbidden) {
      const known = this.index.completeness('Node', undefined, facts.nodeName);
      notes.push(
        known === 'complete'
          ? freshlyReady(facts, this.nowFor(facts.pod), this.options.graceMs)
            ? this.t.notes.nodeContradicted({ node: facts.nodeName })
            : this.t.notes.nodeNotInSnapshot({ node: facts.nodeName })
          : known === 'partial'
            ? this.t.notes.nodeNotListed({ node: facts.nodeName })
            : this.t.notes.nodeNotVisible({ node: facts.nodeName }),
      );
    }
    return notes;
  }
}

function podStatus(facts: PodFacts, findings: Finding[]): DiagnosisStatus {
  if (findings[0]?.severity === 'error') return 'failing';
  // Ready as last reported by a node that has stopped reporting is not evidence of health.
  if (findings.some((f) => f.rule === 'kubelet/node-not-ready' && f.severity === 'warning')) return 'progressing';
  if (facts.phase === 'Succeeded') return 'healthy';
  if (facts.phase === 'Running' && facts.conditions.Ready?.status === 'True') return 'healthy';
  return 'progressing';
}

/**
 * Stages before the current one are passed (the Pod got there); the current one is failed or pending;
 * a later one is passed when the Pod's status proves it (an IP, pulled images, running containers: a Pod
 * on a node that stopped reporting got that far), else pending.
 */
export function stageStates(stages: readonly Stage[], status: DiagnosisStatus, stage: Stage | null, proven?: ReadonlySet<Stage>): Array<{ stage: Stage; state: StageState }> {
  return stages.map((s) => {
    if (status === 'healthy' || stage === null) return { stage: s, state: status === 'healthy' ? 'passed' : 'unknown' };
    const cmp = stageIndex(s) - stageIndex(stage);
    const state: StageState = cmp < 0 ? 'passed' : cmp === 0 ? (status === 'failing' ? 'failed' : 'pending') : proven?.has(s) ? 'passed' : 'pending';
    return { stage: s, state };
  });
}

function summarize(facts: PodFacts, status: DiagnosisStatus, findings: Finding[], now: number, t: Messages): string {
  if (status === 'failing') return findings[0]!.message;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  if (status === 'healthy') return facts.phase === 'Succeeded' ? t.summary.completed({ warnings }) : t.summary.runningReady({ warnings });
  const age = facts.createdAt !== undefined ? formatAge(now - facts.createdAt) : undefined;
  const first = findings[0];
  if (first && first.severity === 'warning') return t.summary.stillProgressing({ ...(age ? { age } : {}), message: first.message });
  const stage = currentStage(facts);
  const init = stage === 'container' ? runningInit(facts, now) : undefined;
  return t.summary.progressing({ stage, ...(age ? { age } : {}), ...(init ? { init } : {}) });
}

function deletingSummary(teardown: Teardown, now: number, t: Messages): string {
  const asked = now - teardown.requestedAt;
  const left = teardown.deadline - now;
  return t.summary.deleting({ step: teardown.step, finalizers: teardown.finalizers, ...(asked > 0 ? { requestedAgo: formatAge(asked) } : {}), ...(left > 0 && !teardown.kubeletDone ? { graceLeft: formatAge(left) } : {}) });
}

function withClock(note: string | undefined): string[] {
  return note ? [note] : [];
}

/** ISO time to the second (a live clock has milliseconds nobody needs in a note). */
function isoSeconds(ms: number): string {
  if (ms === lastIso.ms) return lastIso.text;
  const text = new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.000Z$/, 'Z');
  lastIso = { ms, text };
  return text;
}
/** The last time written by isoSeconds: every Pod of one input is observed at the same time. */
let lastIso = { ms: Number.NaN, text: '' };

/** "ages measured from 2026-11-30T10:00:00Z, the modification time of x.yaml", in the report's language. */
function clockSentence(clock: SourceClock, t: Messages): string {
  const at = isoSeconds(Date.parse(clock.at));
  const rejected = clock.rejectedMtime ? isoSeconds(Date.parse(clock.rejectedMtime)) : undefined;
  return t.notes.clock({ at, source: clock.source === '-' ? undefined : clock.source, basis: clock.basis, ...(rejected ? { rejectedMtime: rejected } : {}) });
}

/** The init container a Pod in Init:N/M waits for: its name, place, how long it has run and what it runs. */
function runningInit(facts: PodFacts, now: number): { name: string; position: number; total: number; runningFor?: string; runs?: string } | undefined {
  const inits = facts.containers.filter((c) => c.kind === 'init' || c.kind === 'sidecar');
  const c = inits.find((x) => x.kind === 'init' && x.running && !x.terminated);
  if (!c) return undefined;
  const started = parseTime(c.running!.startedAt);
  const runs = runsText(c.spec);
  return { name: c.name, position: inits.indexOf(c) + 1, total: inits.length, ...(started !== undefined ? { runningFor: formatAge(now - started) } : {}), ...(runs ? { runs } : {}) };
}
