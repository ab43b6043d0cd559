import type { Rule } from '../types.js';

/** The kubelet rules, sorted by id. */
export const kubeletRules: readonly Rule[] = [];
