import type { Lang } from '../../model/lang.js';
import type { AdmissionMessages } from './admission.js';
import type { CniMessages } from './cni.js';
import type { ContainerMessages } from './container.js';
import { enRules } from './en.js';
import type { ImageMessages } from './image.js';
import type { ReadinessMessages } from './readiness.js';
import type { SharedMessages } from './types.js';

export type { ContainerRef, ExitRef, SharedMessages } from './types.js';
export type { CreatorRef, QuotaUse } from './admission.js';

/**
 * Every rule's messages and remediation steps, one typed entry per rule (parameters named and typed), one
 * interface per stage: a rule builds its finding from these, so a missing or mistyped translation fails `tsc`.
 * Names, images, commands and quoted cluster text are parameters, never translated. English lives beside the
 * types (src/rules/messages/<stage>.ts); other languages live in src/i18n/rule-messages/ and are registered
 * when the CLI loads the language (src/i18n/load.ts), so English runs never load them.
 */
export interface RuleMessages extends SharedMessages, AdmissionMessages, CniMessages, ImageMessages, ContainerMessages, ReadinessMessages {}

const registered: Partial<Record<Lang, RuleMessages>> = { en: enRules };

/** Makes `messages` the rule catalogue of `lang` (called by the language loader). */
export function registerRuleMessages(lang: Lang, messages: RuleMessages): void {
  registered[lang] = messages;
}

/** The rule messages for `lang` (a rule passes `ctx.options.lang`): English until the language was loaded. */
export function ruleMessages(lang: Lang | undefined): RuleMessages {
  return registered[lang ?? 'en'] ?? enRules;
}
