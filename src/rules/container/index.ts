import type { Rule } from '../types.js';

/** The container rules, sorted by id. */
export const containerRules: readonly Rule[] = [];
