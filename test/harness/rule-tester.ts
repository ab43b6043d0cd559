// Table-driven rule tests in the manner of ESLint's RuleTester: valid rows must not fire, invalid rows
// must fire exactly as expected. Every row runs on a deep-frozen snapshot, twice, to prove purity.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { SNAPSHOT_KINDS, type Snapshot, type SnapshotKind } from '../../src/model/snapshot.js';
import { TriggerIndex } from '../../src/rules/triggers.js';
import { DEFAULT_RULE_OPTIONS, type Finding, type Rule, type RuleOptions } from '../../src/rules/types.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import { T0 } from './builders.js';
import { expectZhTW } from './zh-TW-rows.js';

export interface RuleCase {
  name: string;
  /** Objects built with the builders… */
  objects?: unknown[];
  /** …or a dump under fixtures/ (e.g. `real/image-not-found.yaml`). */
  fixture?: string;
  /** The Pod to diagnose (default: the first Pod), or `Kind/name` of a workload for workload rules and of the traffic rules' target (Service, Ingress, StatefulSet, Pod). */
  target?: string;
  /** Traffic rules: the client, as --from names it (`ns/NAME`, `pod/NAME`). */
  from?: string;
  /** Epoch ms; defaults to T0 for built objects and to the capture time for fixtures. */
  now?: number;
  options?: Partial<RuleOptions>;
  /**
   * A near miss that is another rule's case: that rule's id. The whole engine (every rule) must then give
   * that rule's finding and none of this rule's. A row named "… belongs to <stage>/<slug>" needs no field.
   */
  belongsTo?: string;
}

export interface ExpectedFinding {
  severity?: Finding['severity'];
  confidence?: Finding['confidence'];
  failureClass?: Finding['failureClass'];
  /** Substring or pattern the message must contain. */
  message?: string | RegExp;
  /** Substring or pattern that some evidence line must contain. */
  evidence?: string | RegExp;
  /** Substring or pattern that some remediation step must contain. */
  remediation?: string | RegExp;
}

export interface InvalidCase extends RuleCase {
  expect: ExpectedFinding[];
}

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The snapshot of a dump under fixtures/ (e.g. `real/image-not-found.yaml`), to read times from for a row's `now`. */
export function fixtureSnapshot(fixture: string): Snapshot {
  return readDumps([resolve(FIXTURES, fixture)]).snapshot;
}

/** Epoch ms of a capture's recorded time: judge a real capture later with `now: capturedAt(f) + ms`. */
export function capturedAt(fixture: string): number {
  const at = fixtureSnapshot(fixture).meta.capturedAt;
  if (!at) throw new Error(`${fixture} records no capture time`);
  return Date.parse(at);
}

function snapshotFor(row: RuleCase): Snapshot {
  if (row.fixture) return readDumps([resolve(FIXTURES, row.fixture)]).snapshot;
  return snapshotFromObjects(row.objects ?? [], 'test');
}

/** Runs the rule alone on the row's target and returns its findings. */
export function runRule(rule: Rule, row: RuleCase): Finding[] {
  const snapshot = deepFreeze(snapshotFor(row));
  const engine = new Engine(snapshot, {
    rules: [rule],
    now: row.now ?? (row.fixture ? undefined : T0),
    ruleOptions: { ...DEFAULT_RULE_OPTIONS, ...row.options },
  });
  const ctxBase = { cluster: { nodes: snapshot.nodes, pods: snapshot.pods, get: engine.index.get.bind(engine.index), list: engine.index.list.bind(engine.index), saw: engine.index.saw.bind(engine.index) }, now: engine.now, options: { ...DEFAULT_RULE_OPTIONS, ...row.options } };
  if (rule.scope === 'traffic') {
    const [kind, name] = (row.target ?? '').split('/') as [SnapshotKind, string];
    const list = (snapshot as unknown as Record<string, Array<{ metadata?: { name?: string } }>>)[SNAPSHOT_KINDS[kind] ?? ''] ?? [];
    const target = list.find((o) => o.metadata?.name === name);
    if (!target) throw new Error(`no ${row.target ?? '(target)'} in the row's snapshot`);
    return rule.match({ snapshot, target: target as never, ...(row.from ? { from: row.from } : {}), options: { ...DEFAULT_RULE_OPTIONS, ...row.options } });
  }
  if (rule.scope === 'workload') {
    const [kind, name] = (row.target ?? '').split('/');
    const workload = engine.workloads().find((w) => (!kind || w.kind === kind) && (!name || w.name === name));
    if (!workload) throw new Error(`no workload ${row.target ?? '(any)'} in the row's snapshot`);
    return rule.match({ ...ctxBase, workload: deepFreeze(workload) });
  }
  const pod = row.target ? snapshot.pods.find((p) => p.metadata?.name === row.target) : snapshot.pods[0];
  if (!pod) throw new Error(`no Pod ${row.target ?? ''} in the row's snapshot`);
  // The context the engine gives a rule, the clock-trust flag included (PodRuleContext.clockTrusted).
  return rule.match({ ...ctxBase, pod: deepFreeze(engine.index.podFacts(pod)), clockTrusted: engine.clockTrusted(pod) });
}

/** The rule a near-miss row says its case belongs to: its `belongsTo`, or a rule id its name ends on. */
export function otherRuleOf(row: RuleCase): string | undefined {
  return row.belongsTo ?? /belongs to ([a-z]+\/[a-z0-9]+(?:-[a-z0-9]+)*)\b/.exec(row.name)?.[1];
}

/** The rule ids the whole engine (every rule, triggers and all) finds on the row's target. */
export function engineFindings(rule: Rule, row: RuleCase): string[] {
  const snapshot = snapshotFor(row);
  const engine = new Engine(snapshot, { now: row.now ?? (row.fixture ? undefined : T0), ruleOptions: { ...DEFAULT_RULE_OPTIONS, ...row.options } });
  if (rule.scope === 'workload') {
    const [kind, name] = (row.target ?? '').split('/');
    const workload = engine.workloads().find((w) => (!kind || w.kind === kind) && (!name || w.name === name));
    if (!workload) throw new Error(`no workload ${row.target ?? '(any)'} in the row's snapshot`);
    const d = engine.diagnoseWorkload(workload);
    return (d?.findings ?? []).map((f) => f.rule);
  }
  const pod = row.target ? snapshot.pods.find((p) => p.metadata?.name === row.target) : snapshot.pods[0];
  if (!pod) throw new Error(`no Pod ${row.target ?? ''} in the row's snapshot`);
  const d = engine.diagnosePod(pod);
  const failed = d.notes.filter((n) => / failed on this (Pod|workload) and was skipped/.test(n));
  if (failed.length > 0) throw new Error(failed.join('\n'));
  return d.findings.map((f) => f.rule);
}

/**
 * Tables are also read as data (test/meta/rule-tables.test.ts imports every rule test): while collecting,
 * runRuleTests records the table and declares no tests.
 */
export const collectedTables: Array<{ rule: Rule; cases: { valid: RuleCase[]; invalid: InvalidCase[] } }> = [];
let collecting = false;
export async function collectTables(load: () => Promise<unknown>): Promise<void> {
  collecting = true;
  try {
    await load();
  } finally {
    collecting = false;
  }
}

/** True when the engine runs the rule on the row's target Pod: it declares no triggers, or one of them holds. */
export function triggersHold(rule: Rule, row: RuleCase): boolean {
  if (rule.scope !== 'pod' || !rule.triggers) return true;
  const snapshot = snapshotFor(row);
  const engine = new Engine(snapshot, { rules: [rule], now: row.now ?? (row.fixture ? undefined : T0) });
  const pod = row.target ? snapshot.pods.find((p) => p.metadata?.name === row.target) : snapshot.pods[0];
  if (!pod) throw new Error(`no Pod ${row.target ?? ''} in the row's snapshot`);
  const triggers = new TriggerIndex([rule]);
  const mask = triggers.masks[0]!;
  return mask === 0 || (mask & triggers.podMask(engine.index.podFacts(pod))) !== 0;
}

function matches(text: string, pattern: string | RegExp): boolean {
  return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
}

/** Declares the vitest suite for one rule. Every rule needs at least one valid and one invalid row. */
export function runRuleTests(rule: Rule, cases: { valid: RuleCase[]; invalid: InvalidCase[] }): void {
  if (collecting) {
    collectedTables.push({ rule, cases });
    return;
  }
  describe(`rule ${rule.id}`, () => {
    it('has at least one firing row and one near-miss row', () => {
      expect(cases.invalid.length, 'invalid rows').toBeGreaterThan(0);
      expect(cases.valid.length, 'valid rows').toBeGreaterThan(0);
    });

    describe('valid (must not fire)', () => {
      for (const row of cases.valid) {
        it(row.name, () => {
          const found = runRule(rule, row);
          expect(found.map((f) => f.message), `rule fired on a near-miss row`).toEqual([]);
          const other = otherRuleOf(row);
          if (other) {
            // "Another rule's case" is only true if that rule takes it: through the whole engine.
            const all = engineFindings(rule, row);
            expect(all, `the whole engine on "${row.name}"`).toContain(other);
            expect(all, `the whole engine on "${row.name}"`).not.toContain(rule.id);
          }
        });
      }
    });

    describe('invalid (must fire)', () => {
      for (const row of cases.invalid) {
        it(row.name, () => {
          const found = runRule(rule, row);
          expect(runRule(rule, row), 'deterministic').toEqual(found);
          expect(found.length, `findings: ${JSON.stringify(found.map((f) => f.message))}`).toBe(row.expect.length);
          expect(triggersHold(rule, row), 'a rule that fires must have a trigger that holds, or the engine skips it').toBe(true);
          expectZhTW(rule, runRule(rule, { ...row, options: { ...row.options, lang: 'zh-TW' } }), found);
          row.expect.forEach((want, i) => {
            const got = found[i]!;
            expect(got.rule).toBe(rule.id);
            expect(got.stage).toBe(rule.stage);
            expect(got.evidence.length, 'every finding carries evidence').toBeGreaterThan(0);
            expect(got.remediation.length, 'every finding carries a fix').toBeGreaterThan(0);
            expect(got.message).not.toMatch(/undefined|\[object Object\]|NaN/);
            if (want.severity) expect(got.severity).toBe(want.severity);
            if (want.confidence) expect(got.confidence).toBe(want.confidence);
            if (got.severity === 'info') expect(got.failureClass, 'info findings have no failure class').toBeUndefined();
            else expect(got.failureClass, 'error and warning findings carry a failure class').toMatch(/^(deterministic|transient|repeated)$/);
            if (want.failureClass) expect(got.failureClass).toBe(want.failureClass);
            if (want.message) expect(matches(got.message, want.message), `message ${JSON.stringify(got.message)} should match ${want.message}`).toBe(true);
            if (want.evidence) {
              const lines = got.evidence.map((e) => e.text);
              expect(lines.some((l) => matches(l, want.evidence!)), `evidence ${JSON.stringify(lines)} should include ${want.evidence}`).toBe(true);
            }
            if (want.remediation) {
              expect(got.remediation.some((l) => matches(l, want.remediation!)), `remediation ${JSON.stringify(got.remediation)} should include ${want.remediation}`).toBe(true);
            }
          });
        });
      }
    });
  });
}
