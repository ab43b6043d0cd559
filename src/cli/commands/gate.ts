import { writeFileSync } from 'node:fs';
import { Engine } from '../../engine/diagnose.js';
import { diagnosisList } from '../../engine/diagnosis.js';
import { evaluateGate, type GateResult } from '../../engine/gate.js';
import { parseTarget, type Target } from '../../engine/targets.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { resolveLang } from '../../i18n/lang.js';
import { parseDuration } from '../../model/time.js';
import { renderGateText, type GateOutcome } from '../../report/gate.js';
import { renderGithubAnnotations } from '../../report/github.js';
import { renderJunit } from '../../report/junit.js';
import { renderList } from '../../report/render.js';
import { ApiClient } from '../../sources/cluster/api-client.js';
import { Collector } from '../../sources/cluster/collector.js';
import { fetchNamespaceSnapshot } from '../../sources/cluster/fetch-namespace.js';
import { resourcePath } from '../../sources/cluster/resources.js';
import { EXIT } from '../exit-codes.js';
import { outputFormat, type GlobalOptions } from '../global-options.js';
import { reportOptions, warn, writeReport } from '../io.js';
import type { LiveOptions } from './live-options.js';
import { openSession } from './live-session.js';

export interface GateOptions extends GlobalOptions, LiveOptions {
  timeout?: string;
  settle?: string;
  maxRestarts?: string;
  junit?: string;
  selector?: string;
}

/** Re-evaluates at least this often, so time-based thresholds (--grace) pass without any cluster event. */
const TICK_MS = 5_000;

/**
 * `kdiag gate WORKLOAD…`: waits (watching, not polling) until every rollout finishes, fails as soon as one
 * is clearly doomed, and always says why. Exit 0 passed, 1 failed, 5 timed out.
 */
export async function gateCommand(workloads: string[], opts: GateOptions): Promise<number> {
  const format = outputFormat(opts.output);
  const timeoutMs = parseDuration(opts.timeout ?? '5m');
  if (timeoutMs === undefined || timeoutMs <= 0) throw new UsageError(`--timeout: "${opts.timeout}" is not a duration`, { hint: 'e.g. --timeout 5m' });
  const maxRestarts = Number(opts.maxRestarts ?? '3');
  if (!Number.isInteger(maxRestarts) || maxRestarts < 0) throw new UsageError(`--max-restarts: "${opts.maxRestarts}" is not a whole number`);
  if (workloads.length === 0 && !opts.selector) throw new UsageError('gate needs at least one workload (deploy/NAME, sts/NAME, ds/NAME, job/NAME, pod/NAME) or -l SELECTOR');
  const targets = workloads.map(parseTarget);
  for (const t of workloads) if (!t.includes('/')) throw new UsageError(`gate: "${t}" needs a kind, e.g. deploy/${t}`);

  const { connection, client } = await openSession(opts, opts.verbose === true);
  const namespace = connection.namespace;
  const started = Date.now();
  const deadline = started + timeoutMs;
  const graceMs = parseDuration(opts.grace ?? '60s') ?? 60_000;
  const settleMs = parseDuration(opts.settle ?? '5s');
  if (settleMs === undefined) throw new UsageError(`--settle: "${opts.settle}" is not a duration`, { hint: 'e.g. --settle 5s' });
  const log = (line: string): void => warn(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  log(`gate: waiting up to ${Math.round(timeoutMs / 1000)}s for ${[...workloads, ...(opts.selector ? [`-l ${opts.selector}`] : [])].join(', ')} in namespace ${namespace}`);

  let results: GateResult[] = [];
  let engine: Engine | undefined;
  let outcome: GateOutcome = 'timeout';
  const lastLine = new Map<string, string>();
  for (;;) {
    const collector = new Collector(client, `cluster:${connection.context}`);
    const snapshot = await fetchNamespaceSnapshot(collector, { namespace, now: () => Date.now() });
    engine = new Engine(snapshot, { ruleOptions: { graceMs, lang: resolveLang(opts.lang) } });
    const all = [...targets, ...selectorTargets(engine, opts.selector, targets)];
    results = evaluateGate(engine, all, namespace, { maxRestarts, settleMs });
    for (const r of results) {
      const line = `${r.target}: ${r.state === 'waiting' ? r.progress : `${r.state} (${r.progress})`}`;
      if (lastLine.get(r.target) !== line) log(line);
      lastLine.set(r.target, line);
    }
    const missing = results.filter((r) => r.state === 'missing');
    if (missing.length > 0 && Date.now() - started > Math.min(graceMs, timeoutMs)) {
      throw new NotFoundError(`${missing.map((r) => r.target).join(', ')} not found in namespace "${namespace}"`, { hint: 'check the names and -n; kdiag gate runs after kubectl apply' });
    }
    if (results.some((r) => r.state === 'failed')) {
      outcome = 'failed';
      break;
    }
    if (results.length > 0 && results.every((r) => r.state === 'passed')) {
      outcome = 'passed';
      break;
    }
    if (Date.now() >= deadline) break;
    await waitForChange(client, namespace, collector.resourceVersions, Math.min(TICK_MS, deadline - Date.now()));
  }

  const elapsed = Date.now() - started;
  log(`gate: ${outcome} after ${(elapsed / 1000).toFixed(1)}s`);
  if (opts.junit) writeFileSync(opts.junit, renderJunit(results, outcome, elapsed, new Date(started).toISOString(), resolveLang(opts.lang)));
  const report = reportOptions(opts, engine?.now);
  const annotations = process.env.GITHUB_ACTIONS === 'true' && format === 'text' ? renderGithubAnnotations(results, outcome, resolveLang(opts.lang)) : '';
  if (format === 'text') writeReport(annotations + renderGateText(results, outcome, elapsed, report));
  else writeReport(renderList(diagnosisList(results.flatMap((r) => r.diagnoses)), format, report));
  return outcome === 'passed' ? EXIT.ok : outcome === 'failed' ? EXIT.failing : EXIT.timeout;
}

/** Pods matched by -l that are not already covered by a named workload. */
function selectorTargets(engine: Engine, selector: string | undefined, named: readonly Target[]): Target[] {
  if (!selector) return [];
  const pairs = selector.split(',').map((p) => p.split('='));
  return engine.snapshot.pods
    .filter((p) => pairs.every(([k, v]) => k !== undefined && p.metadata?.labels?.[k.trim()] === v?.trim()))
    .filter((p) => !named.some((t) => t.kind === 'Pod' && t.name === p.metadata?.name))
    .map((p) => ({ kind: 'Pod' as const, name: p.metadata?.name ?? '' }));
}

/** Watches Pods, Events and the workload kinds; returns at the first change or after `ms`. */
async function waitForChange(client: ApiClient, namespace: string, versions: Collector['resourceVersions'], ms: number): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(ms, 0));
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  try {
    // With nothing to watch (all lists forbidden), this is a plain wait until the next tick.
    await Promise.race([
      new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve())),
      ...(['Pod', 'Event', 'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job'] as const)
        .filter((kind) => versions[kind] !== undefined)
        .map((kind) => client.waitForChange(resourcePath(kind, namespace), { timeoutSeconds: seconds, resourceVersion: versions[kind] }, controller.signal)),
    ]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
