import type { RuleDocs } from '../rules/types.js';

/** A rule's title and docs in one language, kept apart from the rule's file. */
export interface RuleText {
  title: string;
  docs: RuleDocs;
}
