import type { TeardownStep } from '../model/teardown.js';
import type { Component, DiagnosisStatus, StageState } from '../model/stages.js';
import type { ClockBasis } from '../model/snapshot.js';
import type { Stage } from '../model/stages.js';
import type { Confidence, Severity } from '../rules/types.js';
import type { Lang } from './lang.js';
import type { RevisionMessages } from './revision-messages.js';

/**
 * Everything kdiag says to a person, as data: one object per language implements this interface, so a
 * missing key or a message function with the wrong parameters fails `tsc`. Quoted cluster text (event
 * messages, log lines), names, reason strings, field paths and commands are passed in, never translated.
 */
export interface Messages {
  lang: Lang;
  /** A count in this language's digits and grouping. */
  count(n: number): string;

  /** Stage names as the stage strip and headings show them (the JSON keeps the English ids). */
  stage: Record<Stage, string>;
  stageState: Record<StageState, string>;
  status: Record<DiagnosisStatus, string>;
  severity: Record<Severity, string>;
  confidence: Record<Confidence, string>;
  component: Record<Component, string>;

  report: {
    /** The marker after clipped text (`… [1200 more characters]`); the JSON keeps the English one. */
    clipped(p: { n: number }): string;
    node(p: { node: string }): string;
    noNode: string;
    phase(p: { phase: string }): string;
    owner(p: { kind: string; name: string }): string;
    failing(p: { stage: Stage | null }): string;
    progressing(p: { stage: Stage | null }): string;
    healthy: string;
    cause: string;
    evidence: string;
    fix: string;
    alsoFound: string;
    notes: string;
    /** The heading of the notes a list's items share, after the last item's report. */
    listNotes: string;
    /** `[rule, severity, confidence]` after the cause. */
    findingTag(p: { rule: string; severity: Severity; confidence: Confidence }): string;
    more(p: { rule: string }): string;
    /** The one line under the diagnosis: who is responsible for the stage and where to look. */
    whereToLook(p: { components: string; commands: string }): string;
    noPods: string;
    /** A `pod --watch` line on stderr: the verdict each time it moves (`failing at image: …`). */
    verdictLine(p: { status: DiagnosisStatus; stage: Stage | null; summary: string }): string;
    /** Separators between listed items, e.g. ", " and "、". */
    listSeparator: string;
    /** What goes between a label ending in a colon and its text: a space after ":", nothing after "：". */
    labelGap: string;
  };

  summary: {
    completed(p: { warnings: number }): string;
    runningReady(p: { warnings: number }): string;
    /** `age` is a kubectl-style age (`5m`), absent when the creation time is unknown. */
    stillProgressing(p: { age?: string; message: string }): string;
    /** A StatefulSet's or DaemonSet's Pod within the start-up time its probes allow (`window`, kubectl-style); `message`: what it will be if not Ready by then. */
    warmingUp(p: { kind: 'StatefulSet' | 'DaemonSet'; workload: string; age?: string; window: string; message: string }): string;
    /** `init`: the init container a Pod in Init:N/M waits for (named, how long it has run, what it runs). */
    progressing(p: { stage: Stage; age?: string; init?: { name: string; position: number; total: number; runningFor?: string; runs?: string } }): string;
    /** A Pod with a deletionTimestamp, not yet overdue: the teardown step it is at; `graceLeft` while its grace period runs. */
    /** A Pod that failed in a Job that then succeeded (`progress`: the Job's counts). */
    supersededByJob(p: { job: string; progress: string }): string;
    deleting(p: { step: TeardownStep; finalizers: readonly string[]; requestedAgo?: string; graceLeft?: string }): string;
  };

  notes: {
    noEvents: string;
    nodeNotInSnapshot(p: { node: string }): string;
    nodeNotVisible(p: { node: string }): string;
    /** The input holds some Nodes as single objects, not their whole list, and not this one. */
    nodeNotListed(p: { node: string }): string;
    /** The whole Node list lacks the Node of a Pod reported Ready moments ago. */
    nodeContradicted(p: { node: string }): string;
    ruleFailed(p: { rule: string; on: 'pod' | 'workload'; error: string }): string;
    /** Which clock ages were measured from; `source` is the input's path, or undefined for standard input. */
    clock(p: { at: string; source: string | undefined; basis: ClockBasis; rejectedMtime?: string }): string;
    /** Ages measured from a time given on the command line (`reason` as the CLI words it). */
    fixedClock(p: { at: string; reason: string }): string;
    /** A live cluster: ages are measured from this machine's clock when the cluster was read. */
    liveClock(p: { at: string }): string;
    /** Many files, each with its own clock: one line for them all (the text report, without --verbose). */
    manyClocks(p: { files: number; first: string; last: string }): string;
    /** A note several items of a list carry, said once at the list's end: how many carry it. */
    inItems(p: { note: string; items: number }): string;
  };

  table: {
    head: { cluster: string; namespace: string; name: string; status: string; stage: string; cause: string; restarts: string; age: string; node: string; rule: string };
    totals(p: { items: number; failing: number; progressing: number; healthy: number }): string;
    stageLine(p: { stage: Stage; failing: number; causes: string }): string;
    /** Kinds (API kind names) that could not be read: what only they show is unknown. */
    unknownKinds(p: { kinds: string }): string;
    healthyWithWarning(p: { title: string }): string;
    completed: string;
    runningReady: string;
  };

  /** Findings kept out of the verdict by `--ignore`, `kdiag.io/ignore` or `.kdiag.yaml`: never hidden silently. */
  suppressed: {
    /** `2 findings suppressed (.kdiag.yaml:12, annotation on deploy/web) — --show-suppressed`; `shown`: they follow. */
    line(p: { count: number; sources: string; shown: boolean }): string;
    heading: string;
    /** A source as the text report names it: `annotation on deploy/web`, `.kdiag.yaml:12`, `--ignore`. */
    source(p: { source: string }): string;
    /** One suppressed finding's why: its source and the reason given there. */
    by(p: { source: string; reason?: string }): string;
    /** A workload whose every finding is suppressed. */
    allSuppressed(p: { count: number }): string;
    /** A Pod that is not Ready whose every finding that would explain it is suppressed (`rules`: their ids). */
    notReadySuppressed(p: { rules: string }): string;
  };

  workload: {
    /** A CronJob's verdict: its last Job's name, then that Job's verdict. */
    lastJob(p: { name: string; summary: string }): string;
    /** A CronJob's note on the Jobs before the last one, newest first (`more`: older ones not named). */
    earlierJobs(p: { jobs: ReadonlyArray<{ name: string; outcome: 'complete' | 'failed' | 'running'; reason?: string }>; more: number }): string;
    podCount(p: { pods: number }): string;
    noPods: string;
    sameFor(p: { more: number; names: string }): string;
    /** Whose evidence a workload's leading cause shows, and which replicas share it (`more` may be 0). */
    seenOn(p: { pod: string; more: number; names: string }): string;
    /**
     * A workload verdict's summary: how many of `total` Pods the group holds, then that group's summary. The status
     * and stage are not repeated: every report prints them beside the summary (`FAILING at image: 1/3 Pods: …`).
     */
    verdict(p: { pods: number; total: number; summary: string }): string;
    allHealthy(p: { total: number; warnings: number }): string;
    nothingFailing(p: { warnings: number }): string;
    group(p: { pods: number; total: number; status: DiagnosisStatus; stage: Stage | null; cause?: string }): string;
    /** A group's cause: the rule's title, then its id (`Image not found in the registry (image/not-found)`). */
    causeWithRule(p: { title: string; rule: string }): string;
  };

  markdown: {
    heading(p: { subject: string; status: DiagnosisStatus; stage: Stage | null }): string;
    cause(p: { title: string; rule: string; severity: Severity; confidence: Confidence }): string;
    items(p: { items: number }): string;
    head: { pod: string; status: string; stage: string; cause: string };
  };

  /** A failing revision against the last one that worked (i18n/revisions.*.ts). */
  revisions: RevisionMessages;

  gate: {
    passed(p: { seconds: number }): string;
    failed(p: { seconds: number }): string;
    timedOut(p: { seconds: number }): string;
    state: Record<'passed' | 'failed' | 'waiting' | 'missing' | 'notFinished', string>;
    junitFix: string;
    junitSubject(p: { pod?: string; kind?: string; name?: string; status: DiagnosisStatus; stage: Stage | null }): string;
    junitTimedOut(p: { progress: string }): string;
    githubTitle(p: { target: string; state: 'failed' | 'timedOut' | 'waiting' | 'missing' }): string;
    githubFix: string;
    /** Heading of a failed container's last log lines (quoted below it, never translated). */
    lastLogLines(p: { source: string }): string;
    /** Before the rollback command. */
    wayBack: string;
    /** A rollout's progress (`2/3 updated, 1/3 ready`, engine/rollout.ts) or a target's reason/detail frame (engine/gate.ts), in this language. */
    rollout(p: { progress: string }): string;
    /** One target's line: `deploy/web: failed (1/1 updated, 0/1 ready)`; `detail` already in this language. */
    targetLine(p: { target: string; state: string; detail: string }): string;
    /** A waiting target's line: `deploy/web: 1/3 updated`. */
    waitingLine(p: { target: string; progress: string }): string;
    /** Between a waiting target's progress and its detail. */
    detailSeparator: string;
    /** Progress lines on stderr while the gate waits. */
    progress: {
      start(p: { seconds: number; what: string; namespace: string }): string;
      reading: string;
      /** `+2 more` waiting targets after the first. */
      more(p: { n: number }): string;
      stillWaiting(p: { seconds: string; what: string }): string;
      nothingYet: string;
      outcome(p: { outcome: 'passed' | 'failed' | 'timeout'; seconds: number }): string;
    };
  };

  errors: {
    prefix: string;
    hint: string;
    internal(p: { message: string }): string;
    internalHint: string;
    /** An error's message or hint, or a dump or cluster reader's note (English where it was written), in this language; what no phrase covers stays English. */
    text(p: { text: string }): string;
  };

  ruleDocs: {
    header(p: { stage: Stage; severity: Severity; scope: string; failureClass?: string }): string;
    why: string;
    how: string;
    seeAlso: string;
    head: { rule: string; stage: string; severity: string; title: string };
    count(p: { rules: number }): string;
  };

  lifecycle: {
    title: string;
    intro: string;
    /** What happens at each stage, as the Kubernetes docs tell it (binding → Running → Ready). */
    what: Record<Stage, string>;
    /** The sentence in `stageOwner.description`: who acts at this stage. */
    owner: Record<Stage, string>;
    components: string;
    commands: string;
    symptoms: string;
    commandsNote: string;
  };
}
