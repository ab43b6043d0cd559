import { describe, expect, it } from 'vitest';
import { ruleText } from '../../src/i18n/rule-text.js';
import { RULES_ZH_TW } from '../../src/i18n/rules.zh-TW.js';
import { ALL_RULES, RETIRED_RULES } from '../../src/rules/index.js';
import { renderRuleDocs } from '../../src/report/rule-docs.js';

const HAN = /[\u4e00-\u9fff]/;

describe('zh-TW rule catalogue', () => {
  it('has an entry for every registered rule, and none for an id that is not registered', () => {
    const ids = ALL_RULES.map((r) => r.id).sort();
    expect(Object.keys(RULES_ZH_TW).sort()).toEqual(ids);
    for (const id of Object.keys(RETIRED_RULES)) expect(RULES_ZH_TW[id], id).toBeUndefined();
  });

  for (const rule of ALL_RULES) {
    it(`${rule.id}: title and docs complete, in Chinese`, () => {
      const zh = RULES_ZH_TW[rule.id]!;
      expect(zh.title).toMatch(HAN);
      expect(zh.docs.description).toMatch(HAN);
      // Every cause and every fix step of the English docs has its translation, in the same order.
      expect(zh.docs.causes).toHaveLength(rule.docs.causes.length);
      expect(zh.docs.fix).toHaveLength(rule.docs.fix.length);
      for (const text of [...zh.docs.causes, ...zh.docs.fix]) expect(text.trim()).not.toBe('');
      // Commands in the fix steps are kept as typed: each `kubectl …` of the English step appears in the zh-TW one.
      rule.docs.fix.forEach((step, i) => {
        for (const cmd of step.match(/kubectl [a-z-]+/g) ?? []) expect(zh.docs.fix[i], `${rule.id} fix ${i + 1}`).toContain(cmd);
      });
    });
  }

  it('kdiag explain in zh-TW uses the catalogue; English keeps the rule file text', () => {
    const rule = ALL_RULES.find((r) => r.id === 'image/not-found')!;
    expect(renderRuleDocs(rule, 'zh-TW')).toContain('# image/not-found: Registry 中找不到映像檔');
    expect(renderRuleDocs(rule, 'zh-TW')).toContain('如何修正：');
    expect(renderRuleDocs(rule, 'en')).toContain(`# image/not-found: ${rule.title}`);
    expect(ruleText(rule, 'en').docs).toBe(rule.docs);
  });
});
