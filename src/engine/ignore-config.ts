import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode, type Pair } from 'yaml';
import { UsageError } from '../errors.js';
import { parseLabelSelector } from './label-selector.js';
import type { IgnoreEntry } from './suppress.js';

/** The keys of a `.kdiag.yaml`, and of each of its `ignore` entries. */
const TOP_KEYS = ['ignore'] as const;
const ENTRY_KEYS = ['rules', 'reason', 'namespace', 'name', 'selector', 'expires'] as const;

/** A parsed config: the entries (expired ones marked), and a note for each expired one. */
export interface IgnoreConfig {
  entries: IgnoreEntry[];
  notes: string[];
}

export interface IgnoreConfigOptions {
  /** How reports name the file (`.kdiag.yaml`, `../.kdiag.yaml`, or the path given with --config). */
  source: string;
  /** Today's date (YYYY-MM-DD, UTC) from the real clock: expiry is a calendar date the user chose, not a dump's age. */
  today: string;
  /** Whether a rule id or stage name exists. */
  known(id: string): boolean;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads `.kdiag.yaml` text. Anything it does not know (a key, a rule id, a date) is one UsageError naming
 * the file and line: a typo in a suppression must not silently suppress nothing, or everything.
 */
export function parseIgnoreConfig(text: string, options: IgnoreConfigOptions): IgnoreConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const at = (node: { range?: [number, number, number?] | null } | null | undefined): string => `${options.source}:${node?.range ? lines.linePos(node.range[0]).line : 1}`;
  const fail = (where: string, why: string, hint = 'see docs/ci-and-teams.md for the format of .kdiag.yaml'): never => {
    throw new UsageError(`${where}: ${why}`, { hint });
  };
  const first = doc.errors[0];
  if (first) fail(`${options.source}:${first.linePos?.[0]?.line ?? 1}`, `not valid YAML (${first.code})`);
  const root = doc.contents;
  if (root === null || (isScalar(root) && (root.value === null || root.value === ''))) return { entries: [], notes: [] };
  if (!isMap(root)) return fail(at(root), 'expected a mapping with an "ignore" list');
  let list: YamlNode | undefined;
  for (const pair of root.items as Pair<YamlNode, YamlNode>[]) {
    const key = keyOf(pair, at, fail);
    if (!(TOP_KEYS as readonly string[]).includes(key)) fail(at(pair.key), `unknown key "${key}"`, `the keys are: ${TOP_KEYS.join(', ')}`);
    list = pair.value ?? undefined;
  }
  if (list === undefined || (isScalar(list) && list.value === null)) return { entries: [], notes: [] };
  if (!isSeq(list)) return fail(at(list), '"ignore" must be a list of entries');
  const entries: IgnoreEntry[] = [];
  const notes: string[] = [];
  for (const item of list.items as YamlNode[]) {
    const entry = parseEntry(item, at, fail, options);
    if (entry.expired) notes.push(`${entry.source}: this ignore entry expired on ${entry.expires} and no longer applies`);
    entries.push(entry);
  }
  return { entries, notes };
}

type At = (node: { range?: [number, number, number?] | null } | null | undefined) => string;
type Fail = (where: string, why: string, hint?: string) => never;

function keyOf(pair: Pair<YamlNode, YamlNode>, at: At, fail: Fail): string {
  if (!isScalar(pair.key) || typeof pair.key.value !== 'string') return fail(at(pair.key), 'every key must be a plain word');
  return pair.key.value;
}

function parseEntry(item: YamlNode, at: At, fail: Fail, options: IgnoreConfigOptions): IgnoreEntry {
  const where = at(item);
  if (!isMap(item)) return fail(where, 'each "ignore" entry must be a mapping (rules, reason, and optionally namespace, name, selector, expires)');
  const values = new Map<string, { node: YamlNode | null; value: unknown }>();
  for (const pair of item.items as Pair<YamlNode, YamlNode>[]) {
    const key = keyOf(pair, at, fail);
    if (!(ENTRY_KEYS as readonly string[]).includes(key)) fail(at(pair.key), `unknown key "${key}" in an ignore entry`, `an entry's keys are: ${ENTRY_KEYS.join(', ')}`);
    values.set(key, { node: pair.value, value: pair.value?.toJSON() });
  }
  const text = (key: string): string | undefined => {
    const v = values.get(key);
    if (v === undefined || v.value === null || v.value === undefined) return undefined;
    if (typeof v.value !== 'string' || v.value.trim() === '') return fail(at(v.node), `"${key}" must be a non-empty string`);
    return v.value.trim();
  };
  const rulesValue = values.get('rules');
  if (!rulesValue) return fail(where, 'an ignore entry needs "rules": the rule ids or stages it ignores', 'e.g. rules: [container/no-resources]');
  const raw = typeof rulesValue.value === 'string' ? rulesValue.value.split(',') : rulesValue.value;
  if (!Array.isArray(raw) || raw.length === 0 || raw.some((r) => typeof r !== 'string' || r.trim() === '')) return fail(at(rulesValue.node), '"rules" must be a list of rule ids or stages');
  const rules = (raw as string[]).map((r) => r.trim());
  for (const id of rules) if (!options.known(id)) fail(at(rulesValue.node), `unknown rule or stage "${id}"`, 'kdiag rules lists the rule ids; a stage is one of admission, scheduling, kubelet, volume, cni, image, container, readiness; traffic names every traffic rule');
  const reason = text('reason');
  if (reason === undefined) fail(where, 'an ignore entry needs a "reason": why the finding is accepted');
  const namespace = text('namespace');
  const name = text('name');
  const selectorText = text('selector');
  let selector: IgnoreEntry['selector'];
  if (selectorText !== undefined) {
    try {
      selector = parseLabelSelector(selectorText);
    } catch (err) {
      fail(at(values.get('selector')!.node), err instanceof Error ? err.message : String(err));
    }
  }
  const expires = text('expires');
  if (expires !== undefined && !validDate(expires)) fail(at(values.get('expires')!.node), `"expires" must be a date such as 2026-12-31, not "${expires}"`);
  return {
    rules,
    source: where,
    reason: reason!,
    ...(namespace !== undefined ? { namespace } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(selector ? { selector } : {}),
    ...(expires !== undefined ? { expires, ...(expires < options.today ? { expired: true } : {}) } : {}),
  };
}

function validDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** Today's date in UTC (YYYY-MM-DD) from epoch milliseconds. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
