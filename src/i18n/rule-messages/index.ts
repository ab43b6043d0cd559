import type { Lang } from '../lang.js';
import { enRules } from './en.js';
import type { RuleMessages } from './types.js';

export type { ContainerRef, ExitRef, RuleMessages } from './types.js';

// English is always here; zh-TW is registered by loadLanguage() (i18n/load.ts), so English runs never load it.
const BY_LANG: Partial<Record<Lang, RuleMessages>> = { en: enRules };

/** Registers a language's rule messages (i18n/load.ts does this; nothing else should). */
export function registerRuleMessages(lang: Lang, messages: RuleMessages): void {
  BY_LANG[lang] = messages;
}

/** The rule messages for `lang` (a rule passes `ctx.options.lang`); English when loadLanguage(lang) was never awaited (a bug). */
export function ruleMessages(lang: Lang | undefined): RuleMessages {
  return BY_LANG[lang ?? 'en'] ?? enRules;
}
