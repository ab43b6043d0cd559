import type { Lang } from '../../model/lang.js';
import type { RuleMessages } from './catalogue.js';
import { enRules } from './en.js';

export type { RuleMessages } from './catalogue.js';
export type { ContainerRef, ExitRef, SharedMessages } from './types.js';
export type { CreatorRef, QuotaUse } from './admission.js';

const registered: Partial<Record<Lang, RuleMessages>> = { en: enRules };

/** Makes `messages` the rule catalogue of `lang` (called by the language loader). */
export function registerRuleMessages(lang: Lang, messages: RuleMessages): void {
  registered[lang] = messages;
}

/** The rule messages for `lang` (a rule passes `ctx.options.lang`): English until the language was loaded. */
export function ruleMessages(lang: Lang | undefined): RuleMessages {
  return registered[lang ?? 'en'] ?? enRules;
}
