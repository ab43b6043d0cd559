import type { Lang } from '../lang.js';
import { enRules } from './en.js';
import type { RuleMessages } from './types.js';
import { zhTWRules } from './zh-TW.js';

export type { ContainerRef, ExitRef, RuleMessages } from './types.js';

/** The rule messages for `lang` (a rule passes `ctx.options.lang`). */
export function ruleMessages(lang: Lang | undefined): RuleMessages {
  return lang === 'zh-TW' ? zhTWRules : enRules;
}
