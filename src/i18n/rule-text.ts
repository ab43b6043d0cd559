import type { Finding, Rule } from '../rules/types.js';
import type { Lang } from './lang.js';
import { localizeRuleText } from './rule-messages/zh-TW-phrases/index.js';
import { RULES_ZH_TW } from './rules.zh-TW.js';
import { registerRuleMessages } from './rule-messages/index.js';
import { zhTWRules } from './rule-messages/zh-TW.js';
import type { RuleText } from './rule-text-type.js';

export type { RuleText };

// Until src/i18n/load.ts registers it.
registerRuleMessages('zh-TW', zhTWRules);

/** The rule's title and docs in `lang`: its own (English) text for `en`, the zh-TW catalogue entry otherwise. */
export function ruleText(rule: Pick<Rule, 'id' | 'title' | 'docs'>, lang: Lang | undefined): RuleText {
  if (lang === 'zh-TW') {
    const entry = RULES_ZH_TW[rule.id];
    if (entry) return entry;
  }
  return { title: rule.title, docs: rule.docs };
}

/** The title for a finding of rule `id` in `lang`, when the catalogue has one. */
export function ruleTitle(id: string, lang: Lang | undefined): string | undefined {
  return lang === 'zh-TW' ? RULES_ZH_TW[id]?.title : undefined;
}

/**
 * Findings in `lang`: the rule's title where the finding kept its rule's default title (a rule may word its own),
 * and the message and fix steps through the rule's zh-TW phrases (src/i18n/rule-messages/zh-TW-phrases/).
 * Evidence is quoted cluster text and is never translated.
 */
export function localizeTitles(findings: Finding[], lang: Lang | undefined, englishTitle: (id: string) => string | undefined): Finding[] {
  if (lang !== 'zh-TW') return findings;
  return findings.map((f) => {
    const title = f.title === englishTitle(f.rule) ? ruleTitle(f.rule, lang) : localizeRuleText(f.rule, f.title);
    return { ...f, title: title ?? f.title, message: localizeRuleText(f.rule, f.message), remediation: f.remediation.map((r) => localizeRuleText(f.rule, r)) };
  });
}
