import type { Finding, Rule } from '../rules/types.js';
import type { Lang } from './lang.js';
import type { RuleText } from './rule-text-type.js';

export type { RuleText };

/** A language's rule docs (titles, descriptions, causes and fix steps), by rule id. */
export interface RuleTextCatalogue {
  docs: Readonly<Record<string, RuleText>>;
}

// Registered by loadLanguage() (i18n/load.ts); absent on English runs.
let zhTW: RuleTextCatalogue | undefined;

/** Registers the zh-TW rule docs (i18n/load.ts does this; nothing else should). */
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
 * Findings in `lang`: the rule's title where the finding kept its rule's default title (a rule may word its own,
 * from its typed messages). Messages and fix steps are already in `lang`: every rule builds them from the typed
 * catalogue (src/rules/messages/, zh-TW in src/i18n/rule-messages/zh-TW/). Evidence is quoted cluster text and
 * is never translated.
 */
export function localizeTitles(findings: Finding[], lang: Lang | undefined, englishTitle: (id: string) => string | undefined): Finding[] {
  if (lang !== 'zh-TW' || !zhTW) return findings;
  return findings.map((f) => {
    if (f.title !== englishTitle(f.rule)) return f;
    const title = ruleTitle(f.rule, lang);
    return title === undefined ? f : { ...f, title };
  });
}
