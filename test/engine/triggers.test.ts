// Rule triggers only let the engine skip rules that would find nothing: every fixture, diagnosed with
// the triggers and with every rule run, gives the same diagnoses (findings, notes, order), and the same
// YAML (where an object shared between two findings would show as an anchor).
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseAll } from '../../src/engine/diagnose-all.js';
import { Engine, type DiagnoseOptions } from '../../src/engine/diagnose.js';
import { diagnosisList } from '../../src/engine/diagnosis.js';
import { renderList } from '../../src/report/render.js';
import { ALL_RULES } from '../../src/rules/index.js';
import type { Rule } from '../../src/rules/types.js';
import { readDumps } from '../../src/sources/dump.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

/** Every rule, stripped of its triggers: the engine then runs all of them on every Pod. */
const UNTRIGGERED: Rule[] = ALL_RULES.map((r) => {
  if (r.scope !== 'pod' || !r.triggers) return r;
  const { triggers: _skipped, ...rest } = r;
  return rest;
});

const RUNS: Array<{ name: string; at?: number; ruleOptions?: DiagnoseOptions['ruleOptions'] }> = [
  { name: 'at capture time' },
  { name: '30s later, no grace', at: 30_000, ruleOptions: { graceMs: 0 } },
  { name: '3 days later', at: 3 * 86_400_000, ruleOptions: { stuckMs: 0, restartWarn: 1, recentMs: 10 * 86_400_000 } },
];

describe('rule triggers never change a diagnosis', () => {
  it('some pod rules declare triggers', () => {
    expect(ALL_RULES.some((r) => r.scope === 'pod' && r.triggers)).toBe(true);
  });
  for (const file of files(FIXTURES)) {
    it(relative(FIXTURES, file), () => {
      const snapshot = readDumps([file]).snapshot;
      const capture = new Engine(snapshot).now;
      for (const run of RUNS) {
        const options: DiagnoseOptions = { ...(run.at === undefined ? {} : { now: capture + run.at }), ...(run.ruleOptions ? { ruleOptions: run.ruleOptions } : {}) };
        const skipping = diagnoseAll(new Engine(snapshot, options));
        const everything = diagnoseAll(new Engine(snapshot, { ...options, rules: UNTRIGGERED }));
        expect(skipping, run.name).toEqual(everything);
        expect(renderList(diagnosisList(skipping), 'yaml', { color: false }), run.name).toBe(renderList(diagnosisList(everything), 'yaml', { color: false }));
      }
    });
  }
});
