import { aimCommand, aimDiagnosis, commandTarget } from '../../engine/command-target.js';
import { Engine } from '../../engine/diagnose.js';
import { diagnosisList } from '../../engine/diagnosis.js';
import { evaluateGate, selectorTargets, type GateResult } from '../../engine/gate.js';
import { parseLabelSelector } from '../../engine/label-selector.js';
import { parseTarget, requiredKinds } from '../../engine/targets.js';
import { NotFoundError, TimeoutError, UsageError } from '../../errors.js';
import { messagesFor } from '../../i18n/index.js';
import { resolveLang, type Lang } from '../../i18n/lang.js';
import type { Snapshot, SnapshotKind } from '../../model/snapshot.js';
import { parseDuration } from '../../model/time.js';
import { renderGateText, type GateOutcome } from '../../report/gate.js';
import { renderGithubAnnotations } from '../../report/github.js';
import { renderJunit } from '../../report/junit.js';
import { renderList } from '../../report/render.js';
import { neutralize } from '../../report/sanitize.js';
import { neutralizeOutput } from '../../text/neutralize.js';
import type { ApiClient } from '../../sources/cluster/api-client.js';
import { Collector } from '../../sources/cluster/collector.js';
import { fetchNamespaceSnapshot } from '../../sources/cluster/fetch-namespace.js';
import { resourcePath } from '../../sources/cluster/resources.js';
import { redactLateText } from '../../sources/redact-snapshot.js';
import { DeadlineError } from '../../sources/cluster/api-errors.js';
import { Changes, watchAll } from '../../sources/cluster/watch.js';
import { applyWatchEvent } from '../../sources/cluster/apply-watch-event.js';
import { EXIT } from '../exit-codes.js';
import { parseFailOn, verdictExit } from '../fail-on.js';
import { outputFormat, type GlobalOptions } from '../global-options.js';
import { checkNewFile, reportOptions, warn, warnNote, writeNewFile, writeReport } from '../io.js';
import { suppressionsFrom, type TeamOptions } from '../suppression-options.js';
import { gateProgress } from './gate-progress.js';
import type { LiveOptions } from './live-options.js';
import { openSession } from './live-session.js';

export interface GateOptions extends GlobalOptions, LiveOptions, TeamOptions {
  timeout?: string;
  settle?: string;
  maxRestarts?: string;
  junit?: string;
  force?: boolean;
  selector?: string;
  waitForCreation?: boolean;
}

/** Re-evaluates what it holds at least this often (no request): settle times and grace periods end on it. */
const TICK_MS = 5_000;
/** A named workload absent at start is looked for once more after this, then it is exit 4. */
const CONFIRM_MS = 1_000;
/**
 * How far past --timeout the gate may end, its last evaluation, report and writes included: one second, so
 * that with the process's own start and exit no run passes its --timeout by more than two.
 */
const END_SLACK_MS = 1_000;
/** A first evaluation's cost, before one was measured: per Pod, container and Event read (~15 µs measured on a busy 2-core machine; guessed high). */
const FIRST_EVAL_US = 60;

/** The kinds whose changes matter to a rollout: watched from the resourceVersion of their list. */
const WATCHED: readonly SnapshotKind[] = ['Pod', 'Event', 'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'ControllerRevision', 'Job'];

/**
 * `kdiag gate WORKLOAD…`: lists the namespace once, then watches it (list-then-watch, no polling) and
 * applies each change to what it holds (re-evaluated debounced); time thresholds re-evaluate what is held on a timer. Passes when every rollout
 * is done as its controller means it, fails before the timeout only when one is doomed (engine/gate.ts
 * decides), and always says why. Exit 0 passed, 1 failed, 4 not found, 5 timed out.
 */
export async function gateCommand(workloads: string[], opts: GateOptions): Promise<number> {
  const format = outputFormat(opts.output);
  const failOn = parseFailOn(opts.failOn);
  const timeoutMs = parseDuration(opts.timeout ?? '5m');
  if (timeoutMs === undefined || timeoutMs <= 0) throw new UsageError(`--timeout: "${opts.timeout}" is not a duration`, { hint: 'e.g. --timeout 5m' });
  const maxRestarts = Number(opts.maxRestarts ?? '3');
  if (!Number.isInteger(maxRestarts) || maxRestarts < 0) throw new UsageError(`--max-restarts: "${opts.maxRestarts}" is not a whole number`);
  if (workloads.length === 0 && !opts.selector) throw new UsageError('gate needs at least one workload (deploy/NAME, sts/NAME, ds/NAME, job/NAME, pod/NAME) or -l SELECTOR');
  for (const t of workloads) if (!t.includes('/')) throw new UsageError(`gate: "${t}" needs a kind, e.g. deploy/${t}`);
  const targets = workloads.map(parseTarget);
  const service = targets.find((t) => t.kind === 'Service');
  if (service) throw new UsageError(`gate waits for rollouts, and svc/${service.name} has none`, { hint: 'gate the workload behind it (deploy/NAME), or ask why it has no endpoints: kdiag pod svc/NAME' });
  const cron = targets.find((t) => t.kind === 'CronJob');
  if (cron) throw new UsageError(`gate waits for rollouts, and cronjob/${cron.name} has none`, { hint: `gate one run: kubectl create job --from=cronjob/${cron.name} NAME, then kdiag gate job/NAME; or see its last Job: kdiag pod cronjob/${cron.name}` });
  const selector = opts.selector ? parseLabelSelector(opts.selector) : undefined;
  const graceMs = parseDuration(opts.grace ?? '60s') ?? 60_000;
  const lang = resolveLang(opts.lang);
  // The same suppressions as scan and analyze (--ignore, .kdiag.yaml, kdiag.io/ignore): a suppressed finding
  // cannot doom a rollout nor fail it under --fail-on warning; it stays in the report.
  const { suppressions, notes: teamNotes } = suppressionsFrom(opts);
  const engineOptions = (now: number) => ({ now, ruleOptions: { graceMs, lang }, suppressions, notes: teamNotes });
  const settleMs = parseDuration(opts.settle ?? '5s');
  if (settleMs === undefined) throw new UsageError(`--settle: "${opts.settle}" is not a duration`, { hint: 'e.g. --settle 5s' });

  // A --junit file that cannot be written is a usage error now, not after the rollout has been waited for
  // (it is checked again when written: the file may appear meanwhile).
  if (opts.junit) checkNewFile(opts.junit, '--junit', opts.force);

  // --timeout is absolute: no request (and no trickling server) runs past it.
  const { connection, client } = await openSession(opts, opts.verbose === true, { ms: timeoutMs, label: `gate --timeout ${opts.timeout ?? '5m'}` });
  const namespace = connection.namespace;
  const started = Date.now();
  const deadline = started + timeoutMs;
  const what = [...workloads, ...(opts.selector ? [`-l ${opts.selector}`] : [])].join(', ');
  const t = messagesFor(lang);
  const progress = gateProgress(started, t.gate.progress.start({ seconds: Math.round(timeoutMs / 1000), what: neutralize(what), namespace: neutralize(namespace) }), t);

  const read = async (): Promise<{ snapshot: Snapshot; collector: Collector }> => {
    const collector = new Collector(client, `cluster:${connection.context}`);
    // Forbidden is not absent: a target kind (or the ReplicaSets a Deployment's Pods are found through) that cannot be listed is exit 3 naming the permission.
    return { snapshot: await fetchNamespaceSnapshot(collector, { namespace, required: requiredKinds(targets), now: () => Date.now() }), collector };
  };
  let first;
  try {
    first = await read();
  } catch (err) {
    progress.stop();
    if (err instanceof DeadlineError && err.kind === 'command') throw new TimeoutError(err.message, { hint: err.hint });
    throw err;
  }
  let { snapshot, collector } = first;
  const changes = new Changes(300, 1_500);
  const stop = new AbortController();
  // Watch events update the snapshot in place (an informer's cache): no re-read per change. Only a
  // resync (after 410 Gone, or a poll tick when watching is forbidden) re-reads the namespace.
  let reread = false;
  const watching = watchAll(
    client,
    watchSpecs(collector, namespace),
    {
      onChange: () => {
        reread = true;
        changes.notify();
      },
      onObject: (spec, type, object) => {
        if (spec.kind) applyWatchEvent(snapshot, spec.kind, type, object);
        changes.notify();
      },
      onNote: (note) => progress.line(`gate: ${neutralize(t.errors.text({ text: note }))}`),
    },
    stop.signal,
  );

  let results: GateResult[] = [];
  let engine: Engine | undefined;
  let outcome: GateOutcome = 'timeout';
  let confirmed = false;
  // --timeout bounds the work after the reads too: an evaluation (measured, or guessed from what was read
  // before the first) that would end past the deadline is not started; the verdict stands as it was.
  let evalMs = estimateEvaluation(snapshot);
  let measured = false;
  const evaluate = (now: number): void => {
    const begun = performance.now();
    engine = new Engine(snapshot, engineOptions(now));
    results = evaluateGate(engine, [...targets, ...selectorTargets(engine, selector, targets, namespace)], namespace, { maxRestarts, settleMs, graceMs });
    // Once measured, the slowest evaluation so far (the guess is only for the first).
    const took = performance.now() - begun;
    evalMs = measured ? Math.max(evalMs, took) : took;
    measured = true;
  };
  let unjudged = false;
  try {
    for (;;) {
      const now = Date.now();
      if (now + evalMs > deadline + END_SLACK_MS / 2) {
        unjudged = engine === undefined;
        break;
      }
      evaluate(now);
      progress.update(results, now);
      const missing = results.filter((r) => r.state === 'missing');
      if (missing.length > 0 && !opts.waitForCreation) {
        // One confirmation, a moment later, then exit 4: waiting a minute for a typo helps nobody.
        if (confirmed) throw new NotFoundError(`${missing.map((r) => r.target).join(', ')} not found in namespace "${namespace}"`, { hint: 'check the names and -n; pass --wait-for-creation if something else creates it later' });
        confirmed = true;
        await changes.next(CONFIRM_MS);
        ({ snapshot } = await read());
        continue;
      }
      if (results.some((r) => r.state === 'failed')) {
        outcome = 'failed';
        break;
      }
      if (results.length > 0 && results.every((r) => r.state === 'passed')) {
        outcome = 'passed';
        break;
      }
      if (now >= deadline) break;
      const recheck = Math.min(...results.map((r) => r.recheckAt ?? Infinity));
      // The last look ends at the deadline: it starts an evaluation's length before it.
      const wait = Math.max(50, Math.min(TICK_MS, deadline - evalMs - Date.now(), recheck - now + 50));
      if ((await changes.next(wait)) && reread) {
        reread = false;
        ({ snapshot } = await read());
      }
    }
  } catch (err) {
    // The gate's own deadline fired inside a read: that is the timeout outcome, with what was seen so far.
    if (!(err instanceof DeadlineError && err.kind === 'command')) throw err;
  } finally {
    stop.abort();
    await watching;
    progress.stop();
  }

  // The failing Pods' crashed containers' last log lines go into the snapshot, so the report shows them:
  // when there is time to read them, evaluate again and still render before the deadline.
  if (outcome === 'failed' && engine && Date.now() + 3 * evalMs < deadline && (await readFailedLogs(client, connection.context, namespace, snapshot, results)) && Date.now() + 2 * evalMs < deadline) {
    evaluate((engine as Engine).now);
  }
  // The commands the report prints (fix steps, where to look, the way back) act on the cluster the gate read.
  const cluster = commandTarget(opts);
  results = results.map((r) => ({ ...r, diagnoses: r.diagnoses.map((d) => aimDiagnosis(d, cluster)), ...(r.rollback ? { rollback: { ...r.rollback, command: aimCommand(r.rollback.command, cluster) } } : {}) }));
  const elapsed = Date.now() - started;
  // A report is rendered at about an evaluation's cost: when that would end past the deadline, the report
  // keeps each rollout's verdict line and reason and leaves the diagnoses out (stderr says so).
  const brief = unjudged || Date.now() + evalMs > deadline + END_SLACK_MS / 2;
  if (brief) {
    warnNote(unjudged ? `gate --timeout ${opts.timeout ?? '5m'} ran out before kdiag could judge what it read` : `gate --timeout ${opts.timeout ?? '5m'} left no time to render the diagnoses; the report has each verdict and its reason only`, lang);
    results = results.map((r) => ({ ...r, diagnoses: [] }));
  }
  for (const note of teamNotes) warn(`gate: ${neutralize(t.errors.text({ text: note }))}`);
  warn(`[${new Date().toISOString().slice(11, 19)}] ${t.gate.progress.outcome({ outcome, seconds: elapsed / 1000 })}`);
  for (const r of results) if (r.state === 'passed') warn(`  ✔ ${neutralize(r.target)}: ${neutralize(t.gate.rollout({ progress: r.progress }))}`);
  const logs = engine?.snapshot.logs ?? {};
  const report = reportOptions(opts, engine?.now);
  const annotations = process.env.GITHUB_ACTIONS === 'true' && format === 'text' ? renderGithubAnnotations(results, outcome, logs, lang) : '';
  if (format === 'text') writeReport(renderGateText(results, outcome, elapsed, report, logs), annotations);
  else writeReport(renderList(diagnosisList(results.flatMap((r) => r.diagnoses), { unreadable: [], notes: teamNotes }), format, report));
  // After the report: a JUnit file that cannot be written is exit 2 and one line, the verdict already on stdout.
  if (opts.junit) writeNewFile(opts.junit, neutralizeOutput(renderJunit(results, outcome, elapsed, new Date(started).toISOString(), logs, lang)), '--junit', opts.force);
  const code = outcome === 'timeout' ? EXIT.timeout
    // A doomed rollout is failing Pods; --fail-on decides whether that, or a warning on a finished one, fails the job.
    : failOn === 'never' ? EXIT.ok
    : outcome === 'failed' ? EXIT.failing
    : failOn === 'warning' ? verdictExit(results.flatMap((r) => r.diagnoses), failOn) : EXIT.ok;
  endByDeadline(deadline + END_SLACK_MS, code, opts.timeout ?? '5m', lang);
  return code;
}

/** What a first evaluation may cost, from the Pods, containers and Events read (ms). */
function estimateEvaluation(snapshot: Snapshot): number {
  let objects = snapshot.pods.length + snapshot.events.length;
  for (const p of snapshot.pods) objects += (p.spec?.containers?.length ?? 0) + (p.spec?.initContainers?.length ?? 0);
  return (objects * FIRST_EVAL_US) / 1000;
}

/**
 * A reader of stdout (or stderr) slower than the report is long must not hold the gate past its deadline:
 * at `at`, whatever is still queued is dropped, stderr says so, and the gate ends with its verdict's code.
 */
function endByDeadline(at: number, code: number, timeout: string, lang: Lang): void {
  let pending = 2;
  const timer = setTimeout(() => {
    // Nothing queued after all (a flush callback not yet run, or a stream replaced in-process): nothing to cut.
    if (process.stdout.writableLength === 0 && process.stderr.writableLength === 0) return;
    try {
      warnNote(`gate --timeout ${timeout}: stdout's reader did not take the whole report in time; the rest is dropped`, lang);
    } finally {
      process.exit(code);
    }
  }, Math.max(0, at - Date.now()));
  timer.unref();
  const flushed = (): void => {
    if (--pending === 0) clearTimeout(timer);
  };
  process.stdout.write('', flushed);
  process.stderr.write('', flushed);
}

/** Watches for every kind whose list succeeded, from that list's resourceVersion. */
function watchSpecs(collector: Collector, namespace: string) {
  return WATCHED.filter((kind) => collector.resourceVersions[kind] !== undefined).map((kind) => ({
    what: `${kind.toLowerCase()}s in namespace ${namespace}`,
    kind,
    path: resourcePath(kind, namespace),
    resourceVersion: collector.resourceVersions[kind],
  }));
}

/** Lines of log read per failing container. */
const LOG_LINES = 20;
/** Logs read per failed rollout: its first crashed containers (a Pod of 20,000 crashed containers took 20 s of log reads after the verdict). */
const LOG_CONTAINERS = 3;

/** Reads the last log lines of the containers that crashed in each failed rollout's failing Pod. */
async function readFailedLogs(client: ApiClient, context: string, namespace: string, snapshot: Snapshot, results: readonly GateResult[]): Promise<boolean> {
  const collector = new Collector(client, `cluster:${context}`);
  const reads: Array<Promise<void>> = [];
  for (const r of results) {
    if (r.state !== 'failed' || !r.failedPod) continue;
    const pod = snapshot.pods.find((p) => p.metadata?.name === r.failedPod && p.metadata?.namespace === namespace);
    let wanted = 0;
    for (const s of [...(pod?.status?.initContainerStatuses ?? []), ...(pod?.status?.containerStatuses ?? [])]) {
      if (wanted === LOG_CONTAINERS) break;
      if (!s?.name) continue;
      // A container that has just ended: its own log; one restarted since it crashed: the previous instance's.
      const previous = s.state?.terminated && (s.state.terminated.exitCode !== 0 || s.restartCount) ? false : s.lastState?.terminated ? true : undefined;
      if (previous === undefined) continue;
      wanted++;
      reads.push(collector.log(namespace, r.failedPod, s.name, previous, LOG_LINES));
    }
  }
  if (reads.length === 0) return false;
  await Promise.all(reads);
  const read = collector.finish(Date.now());
  for (const [key, text] of Object.entries(read.logs)) {
    // The kubelet answers 200 with this sentence when the instance's log is gone: not log lines.
    if (!/^unable to retrieve container logs/.test(text)) snapshot.logs[key] = redactLateText(snapshot, text);
  }
  for (const note of read.meta.notes) if (!snapshot.meta.notes.includes(note)) snapshot.meta.notes.push(note);
  return Object.keys(snapshot.logs).length > 0;
}
