import type { Rule } from '../types.js';

/** The cni rules, sorted by id. */
export const cniRules: readonly Rule[] = [];
