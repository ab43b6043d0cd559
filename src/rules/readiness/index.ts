import type { Rule } from '../types.js';

/** The readiness rules, sorted by id. */
export const readinessRules: readonly Rule[] = [];
