import { parseQuantity } from '../model/quantity.js';
import type { Confidence, Finding } from '../rules/types.js';
import type { FieldChange } from './template-diff.js';

/**
 * Why a changed field is tied to the cause (one word each, rendered in the report's language):
 * - `image-fails`: the image changed and pulling the new one fails;
 * - `named-in-failure`: the failure's own words (a log line, an event) name the changed env var, ConfigMap, Secret or path;
 * - `memory-lowered`: the memory limit went down and the container is OOM-killed;
 * - `probe-changed`: the probe that fails changed;
 * - `command-changed`: the command, args or image changed and the runtime cannot start it;
 * - `may-explain`: the container crashes and this changed what it runs with (nothing ties them closer);
 * - `placement-changed`: what the scheduler matches on changed and the Pod cannot be placed.
 */
export type LinkReason = 'image-fails' | 'named-in-failure' | 'memory-lowered' | 'probe-changed' | 'command-changed' | 'may-explain' | 'placement-changed';

export interface CauseLink {
  /** The changed field (as in `FieldChange.field`). */
  field: string;
  rule: string;
  reason: LinkReason;
  confidence: Confidence;
}

const PULL_RULES = new Set(['image/not-found', 'image/unauthorized', 'image/invalid-name', 'image/pull-failed', 'image/pull-stuck', 'image/never-pull', 'image/wrong-platform', 'image/signature-failed', 'image/inspect-failed']);
const START_RULES = new Set(['container/command-not-found', 'container/not-executable', 'container/create-container-error', 'container/run-container-error']);
const CRASH_RULES = new Set(['container/crash-loop', 'container/init-failed', 'container/completed-restart-loop', 'container/job-failed', 'container/backoff-limit-exceeded']);
const CONFIG_RULES = new Set(['kubelet/create-container-config-error', 'volume/missing-configmap-or-secret']);
const PROBE_OF: Record<string, string> = { 'readiness/probe-failing': 'readinessProbe', 'container/liveness-failed': 'livenessProbe', 'container/startup-probe-failed': 'startupProbe' };
const RANK: Record<Confidence, number> = { high: 0, medium: 1, low: 2 };

/**
 * Ties the changed fields to the finding that failed the workload, each with how sure the tie is: the
 * failure's own text naming what changed is high; a change of the kind that causes such failures, with
 * nothing naming it, is medium or low. Fields nothing ties are left untied (never guessed at).
 */
export function linkCause(finding: Finding | undefined, changes: readonly FieldChange[]): CauseLink[] {
  if (!finding || finding.severity !== 'error') return [];
  const text = [finding.message, ...finding.evidence.map((e) => e.text)].join('\n');
  const rule = finding.rule;
  const links: CauseLink[] = [];
  const tie = (c: FieldChange, reason: LinkReason, confidence: Confidence): void => void links.push({ field: c.field, rule, reason, confidence });
  for (const c of changes) {
    if (PULL_RULES.has(rule)) {
      if (c.area === 'image' && c.to !== undefined) tie(c, 'image-fails', text.includes(c.to) ? 'high' : 'medium');
      else if (c.area === 'containers' && c.change === 'added' && c.to !== undefined && text.includes(c.to)) tie(c, 'image-fails', 'high');
    } else if (rule === 'container/oom-killed') {
      if (/\.resources\.limits\.memory$/.test(c.field) && lowered(c)) tie(c, 'memory-lowered', 'high');
    } else if (PROBE_OF[rule]) {
      if (c.area === 'probe' && c.field.includes(`.${PROBE_OF[rule]}`)) tie(c, 'probe-changed', c.to !== undefined && mentions(text, c.to) ? 'high' : 'medium');
    } else if (CONFIG_RULES.has(rule)) {
      if ((c.area === 'env' || c.area === 'envFrom' || c.area === 'volumes') && namesIn(c).some((n) => mentions(text, n))) tie(c, 'named-in-failure', 'high');
    } else if (START_RULES.has(rule)) {
      if (c.area === 'command' || c.area === 'image') tie(c, 'command-changed', 'medium');
    } else if (CRASH_RULES.has(rule)) {
      const named = c.area === 'env' || c.area === 'envFrom' || c.area === 'mounts' || c.area === 'volumes' ? namesIn(c).some((n) => mentions(text, n)) : false;
      if (named) tie(c, 'named-in-failure', 'high');
      else if (c.change !== 'added' && (c.area === 'env' || c.area === 'envFrom')) tie(c, 'may-explain', 'low');
      else if (c.area === 'command' || c.area === 'image') tie(c, 'may-explain', 'low');
    } else if (finding.stage === 'scheduling') {
      if (c.area === 'scheduling' || /\.resources\.requests\./.test(c.field)) tie(c, 'placement-changed', 'medium');
    }
  }
  return links.sort((a, b) => RANK[a.confidence] - RANK[b.confidence]);
}

/** True when a memory limit went down (both values readable). */
function lowered(c: FieldChange): boolean {
  const from = parseQuantity(c.from);
  const to = parseQuantity(c.to);
  return c.change === 'changed' && from !== undefined && to !== undefined && to < from;
}

/** The names a change is about, the way a failure would print them: the env var, the ConfigMap/Secret and key, the mount path. */
function namesIn(c: FieldChange): string[] {
  const names: string[] = [];
  for (const m of c.field.matchAll(/\[([^\]]+)\]/g)) if (m[1] !== c.container) names.push(m[1]!.replace(/^(ConfigMap|Secret) /, ''));
  for (const v of [c.from, c.to]) {
    if (v === undefined) continue;
    for (const m of v.matchAll(/"(?:name|key)":"([^"]+)"/g)) names.push(m[1]!);
  }
  return names.filter((n) => n.length >= 3);
}

/** The name appears in the text as a whole word (an env var DB must not match DB_HOST). */
function mentions(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`).test(text);
}
