import type { Finding, Rule } from '../rules/types.js';
import type { Lang } from './lang.js';
import type { RuleText } from './rule-text-type.js';

export type { RuleText };

/** A language's rule docs (by rule id) and its phrase lookup for rule-written English lines. */
export interface RuleTextCatalogue {
  docs: Readonly<Record<string, RuleText>>;
  localize(id: string, text: string): string;
}

// Registered by loadLanguage() (i18n/load.ts); absent on English runs.
let zhTW: RuleTextCatalogue | undefined;

/** Registers the zh-TW rule docs and phrases (i18n/load.ts does this; nothing else should). */
export function registerRuleText(lang: Lang, catalogue: RuleTextCatalogue): void {
  if (lang === 'zh-TW') zhTW = catalogue;
}

/** The rule's title and docs in `lang`: its own (English) text for `en`, the zh-TW catalogue entry otherwise. */
export function ruleText(rule: Pick<Rule, 'id' | 'title' | 'docs'>, lang: Lang | undefined): RuleText {
  if (lang === 'zh-TW') {
    const entry = zhTW?.docs[rule.id];
    if (entry) return entry;
  }
  return { title: rule.title, docs: rule.docs };
}

/** The title for a finding of rule `id` in `lang`, when the catalogue has one. */
export function ruleTitle(id: string, lang: Lang | undefined): string | undefined {
  return lang === 'zh-TW' ? zhTW?.docs[id]?.title : undefined;
}

/**
 * Findings in `lang`: the rule's title where the finding kept its rule's default title (a rule may word its own),
 * and the message and fix steps through the rule's zh-TW phrases (src/i18n/rule-messages/zh-TW-phrases/).
 * Evidence is quoted cluster text and is never translated.
 */
export function localizeTitles(findings: Finding[], lang: Lang | undefined, englishTitle: (id: string) => string | undefined): Finding[] {
  const catalogue = lang === 'zh-TW' ? zhTW : undefined;
  if (!catalogue) return findings;
  const localizeRuleText = (id: string, text: string): string => catalogue.localize(id, text);
  return findings.map((f) => {
    const title = f.title === englishTitle(f.rule) ? ruleTitle(f.rule, lang) : localizeRuleText(f.rule, f.title);
    return { ...f, title: title ?? f.title, message: localizeRuleText(f.rule, f.message), remediation: f.remediation.map((r) => localizeRuleText(f.rule, r)) };
  });
}
