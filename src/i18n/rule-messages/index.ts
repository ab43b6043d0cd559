// The rule-message catalogue lives with the rules (src/rules/messages/) so rules import it without an upward
// arrow; zh-TW (./zh-TW.ts) is registered into it by src/i18n/load.ts.
export { registerRuleMessages, ruleMessages, type RuleMessages } from '../../rules/messages/index.js';
export type { ContainerRef, ExitRef } from '../../rules/messages/types.js';
