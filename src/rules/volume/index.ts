import type { Rule } from '../types.js';

/** The volume rules, sorted by id. */
export const volumeRules: readonly Rule[] = [];
