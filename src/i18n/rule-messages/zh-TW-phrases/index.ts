import { type Phrase, tidy, translate } from '../phrase.js';
import { CONTAINER } from './container.js';
import { SHARED } from './shared.js';

/**
 * Every rule's message and fix-step phrases in Traditional Chinese (Taiwan), keyed by rule id, one file per
 * stage; SHARED holds the fragments the rule helpers put into many rules' text (container nouns, exit codes,
 * ages). Rules write English only; the engine passes their text through these phrases for zh-TW.
 * test/i18n/rule-messages.test.ts fails when a registered rule has no entry, and the rule tests render every
 * firing row in zh-TW and fail on an English sentence left over.
 */
export const RULE_PHRASES_ZH_TW: Readonly<Record<string, readonly Phrase[]>> = { ...CONTAINER };
// Every other stage's rules are on the typed catalogue (src/i18n/rule-messages/zh-TW/): no phrases.

/** One line of rule `id`'s English text (message, fix step or own title) in zh-TW. */
export function localizeRuleText(id: string, text: string): string {
  const own = RULE_PHRASES_ZH_TW[id];
  // A rule converted to the typed catalogue (src/rules/messages/) already wrote its text in zh-TW: its quoted cluster text must stay as it is.
  if (!own) return text;
  const out = translate(translate(translate(text, own), SHARED), FINAL);
  return out === text ? text : tidy(out);
}

// Sentence ends left between translated phrases.
const FINAL: readonly Phrase[] = [];
