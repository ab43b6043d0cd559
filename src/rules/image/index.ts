import type { Rule } from '../types.js';
import notFound from './not-found.js';

/** The image rules, sorted by id. */
export const imageRules: readonly Rule[] = [notFound];
