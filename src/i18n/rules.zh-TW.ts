import type { RuleText } from './rule-text.js';

/**
 * Every rule's title and docs in Traditional Chinese (Taiwan), keyed by rule id. test/i18n/rules-catalogue.test.ts
 * fails when a registered rule has no complete entry here, or an entry names no rule.
 */
export const RULES_ZH_TW: Readonly<Record<string, RuleText>> = {};
