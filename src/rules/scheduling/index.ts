import type { Rule } from '../types.js';

/** The scheduling rules, sorted by id. */
export const schedulingRules: readonly Rule[] = [];
