import { registerEvidenceText } from './evidence-text.js';
import { registerHelp } from './help.js';
import { registerMessages } from './index.js';
import type { Lang } from './lang.js';
import { registerRuleMessages } from './rule-messages/index.js';
import { registerRuleText } from './rule-text.js';
import { registerTrafficText } from './traffic.js';

// The one door to the non-English catalogues. Nothing on the English start path imports a zh-TW module
// statically (test/e2e/lazy-catalogues.test.ts fails if one does): the CLI awaits loadLanguage() once, right
// after it has resolved the language, and the synchronous accessors (messagesFor, ruleMessages, ruleText,
// localizeTitles, evidenceText, helpFor) then return what was registered here.
// A new zh-TW catalogue file goes behind one of the imports below (or gets its own, registered here).

let zhTW: Promise<void> | undefined;

/** Loads and registers `lang`'s catalogues (English is built in: nothing to load). Safe to call more than once. */
export function loadLanguage(lang: Lang): Promise<void> {
  if (lang !== 'zh-TW') return Promise.resolve();
  zhTW ??= loadZhTW().catch((err: unknown) => {
    zhTW = undefined;
    throw err;
  });
  return zhTW;
}

async function loadZhTW(): Promise<void> {
  const [messages, ruleDocs, ruleMessages, help, evidence, traffic] = await Promise.all([
    import('./zh-TW.js'),
    import('./rules.zh-TW.js'),
    import('./rule-messages/zh-TW.js'),
    import('./help.zh-TW.js'),
    import('./evidence-text.zh-TW.js'),
    import('./traffic.zh-TW.js'),
  ]);
  registerMessages(messages.zhTW);
  registerRuleText('zh-TW', { docs: ruleDocs.RULES_ZH_TW });
  registerRuleMessages('zh-TW', ruleMessages.zhTWRules);
  registerHelp('zh-TW', { titles: help.HELP_TITLES, text: help.helpText, examples: help.examplesZhTW, gateHelp: help.GATE_HELP_ZH_TW });
  registerEvidenceText('zh-TW', evidence.evidenceTextZhTW, evidence.evidenceWordsZhTW);
  registerTrafficText('zh-TW', traffic.TRAFFIC_ZH_TW);
}
