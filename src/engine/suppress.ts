import type { KObject } from '../model/k8s.js';
import { isStage } from '../model/stages.js';
import type { Finding } from '../rules/types.js';
import type { LabelSelector } from './label-selector.js';

/** The annotation that names rules (or stages) to ignore on a Pod, its controllers or its Namespace. */
export const IGNORE_ANNOTATION = 'kdiag.io/ignore';
/** Why they are ignored, beside IGNORE_ANNOTATION on the same object. */
export const IGNORE_REASON_ANNOTATION = 'kdiag.io/ignore-reason';

/** One way to ignore findings: a `.kdiag.yaml` entry or `--ignore`; annotations are read per object. */
export interface IgnoreEntry {
  /** Rule ids or stage names. */
  rules: readonly string[];
  /** Where it was written: `.kdiag.yaml:12`, `--ignore`. */
  source: string;
  reason?: string;
  /** Globs on the namespace and on the Pod's (or workload's) name; a label selector on its labels. */
  namespace?: string;
  name?: string;
  selector?: LabelSelector;
  /** The last day it applies (YYYY-MM-DD, UTC). */
  expires?: string;
  /** An entry past its expiry date: it applies to nothing (the list's notes say so). */
  expired?: boolean;
}

/** What the engine is told to ignore. */
export interface Suppressions {
  entries: readonly IgnoreEntry[];
  /** Read `kdiag.io/ignore` annotations (on by default). */
  annotations?: boolean;
}

/** A finding kept out of the verdict, with why and where that was asked. */
export interface SuppressedFinding extends Finding {
  suppressedBy: { source: string; reason?: string };
}

/** The Pod or workload a finding is about, and the objects whose annotations may ignore it (nearest first). */
export interface SuppressionSubject {
  namespace: string;
  name: string;
  labels: Readonly<Record<string, string>>;
  /** The object itself, its controllers (ReplicaSet, Deployment, Job, CronJob…) and its Namespace, each with its short kind. */
  annotated: ReadonlyArray<{ ref: string; object: KObject | undefined }>;
}

/** Rule groups that are not stages: the traffic rules judge the path to a Pod, at the readiness stage. */
const RULE_GROUPS_BEYOND_STAGES = ['traffic'] as const;

/** Whether `id` is a rule group that is not a stage (it names every rule whose id begins `id/`). */
export function isRuleGroup(id: string): boolean {
  return (RULE_GROUPS_BEYOND_STAGES as readonly string[]).includes(id);
}

/** Whether `id` (a rule id, a stage or a rule group) names this finding. */
function names(id: string, f: Finding): boolean {
  return id === f.rule || (isStage(id) && id === f.stage) || (isRuleGroup(id) && f.rule.startsWith(`${id}/`));
}

/** `*` any run of characters, `?` one; nothing else special. */
export function globMatches(glob: string, text: string): boolean {
  if (!glob.includes('*') && !glob.includes('?')) return glob === text;
  const re = new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 's');
  return re.test(text);
}

/** Whether an entry's scope holds this subject (expired entries hold nothing). */
export function entryApplies(entry: IgnoreEntry, subject: Pick<SuppressionSubject, 'namespace' | 'name' | 'labels'>): boolean {
  if (entry.expired) return false;
  if (entry.namespace !== undefined && !globMatches(entry.namespace, subject.namespace)) return false;
  if (entry.name !== undefined && !globMatches(entry.name, subject.name)) return false;
  if (entry.selector && !entry.selector(subject.labels)) return false;
  return true;
}

function annotationOf(object: KObject | undefined, key: string): string | undefined {
  const value = (object?.metadata?.annotations as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** The entries an object's annotations make, nearest object first. */
function annotationEntries(subject: SuppressionSubject): IgnoreEntry[] {
  const out: IgnoreEntry[] = [];
  for (const { ref, object } of subject.annotated) {
    const value = annotationOf(object, IGNORE_ANNOTATION);
    if (value === undefined) continue;
    const rules = value.split(',').map((s) => s.trim()).filter(Boolean);
    if (rules.length === 0) continue;
    const reason = annotationOf(object, IGNORE_REASON_ANNOTATION);
    out.push({ rules, source: `annotation on ${ref}`, ...(reason ? { reason } : {}) });
  }
  return out;
}

/**
 * Splits findings into those that count and those suppressed, the one place suppressions are decided: the
 * verdict is then made from the findings that count. The first entry that names a finding is its reason.
 */
export function partitionFindings(found: readonly Finding[], subject: SuppressionSubject, suppressions: Suppressions | undefined): { kept: Finding[]; suppressed: SuppressedFinding[] } {
  if (!suppressions || found.length === 0) return { kept: [...found], suppressed: [] };
  const entries = [...(suppressions.annotations === false ? [] : annotationEntries(subject)), ...suppressions.entries.filter((e) => entryApplies(e, subject))];
  if (entries.length === 0) return { kept: [...found], suppressed: [] };
  const kept: Finding[] = [];
  const suppressed: SuppressedFinding[] = [];
  for (const f of found) {
    const by = entries.find((e) => e.rules.some((id) => names(id, f)));
    if (by) suppressed.push({ ...f, suppressedBy: { source: by.source, ...(by.reason ? { reason: by.reason } : {}) } });
    else kept.push(f);
  }
  return { kept, suppressed };
}
