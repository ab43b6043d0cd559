import type { Rule } from '../types.js';

/** The admission rules, sorted by id. */
export const admissionRules: readonly Rule[] = [];
