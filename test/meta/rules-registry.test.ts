// ESLint's checkRuleFiles for kdiag: every rule is registered once, documented, stage-consistent, and tested.
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStage } from '../../src/model/stages.js';
import { ALL_RULES, RETIRED_RULES } from '../../src/rules/index.js';
import { FAILURE_CLASSES } from '../../src/rules/types.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** The traffic path's family: its rules judge Services, Ingresses and egress, and their findings sit at readiness. */
const TRAFFIC = 'traffic';

describe('rule registry', () => {
  it('has rules', () => {
    expect(ALL_RULES.length).toBeGreaterThan(0);
  });

  it('ids are unique and never reuse a retired id', () => {
    const ids = ALL_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(RETIRED_RULES[id], id).toBeUndefined();
  });

  it('every rule file under src/rules/<stage>/ is registered, and every registered rule has its file', () => {
    const files = new Set<string>();
    for (const stage of readdirSync(resolve(ROOT, 'src/rules'), { withFileTypes: true })) {
      if (!stage.isDirectory() || !(isStage(stage.name) || stage.name === TRAFFIC)) continue;
      for (const f of readdirSync(resolve(ROOT, 'src/rules', stage.name))) if (f.endsWith('.ts') && f !== 'index.ts') files.add(`${stage.name}/${f.slice(0, -3)}`);
    }
    expect([...files].sort()).toEqual(ALL_RULES.map((r) => r.id).sort());
  });

  for (const rule of ALL_RULES) {
    describe(rule.id, () => {
      it('id is <stage>/<kebab-slug> and matches its stage (traffic/<kebab-slug> for the traffic path, at readiness)', () => {
        expect(rule.id).toMatch(/^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*$/);
        if (rule.scope === 'traffic') {
          expect(rule.id.split('/')[0]).toBe(TRAFFIC);
          expect(rule.stage).toBe('readiness');
        } else expect(rule.id.split('/')[0]).toBe(rule.stage);
      });
      it('has docs: description, causes, fix', () => {
        expect(rule.title.length).toBeGreaterThan(5);
        expect(rule.docs.description.length).toBeGreaterThan(20);
        expect(rule.docs.causes.length).toBeGreaterThan(0);
        expect(rule.docs.fix.length).toBeGreaterThan(0);
      });
      it('declares the failure class of what it finds (unless it only gives context)', () => {
        if (rule.severity === 'info') expect(rule.failureClass).toBeUndefined();
        else expect(FAILURE_CLASSES).toContain(rule.failureClass);
      });
      it('has a table test (its rows are checked as data by rule-tables.test.ts)', () => {
        const test = resolve(ROOT, 'test/rules', `${rule.id}.test.ts`);
        expect(existsSync(test), `${test} exists`).toBe(true);
      });
    });
  }
});
