import type { Rule } from '../types.js';
import cronjobNotStarting from './cronjob-not-starting.js';
import failedCreate from './failed-create.js';
import podSecurity from './pod-security.js';
import quotaExceeded from './quota-exceeded.js';
import webhookDenied from './webhook-denied.js';

/** The admission rules, sorted by id. */
export const admissionRules: readonly Rule[] = [cronjobNotStarting, failedCreate, podSecurity, quotaExceeded, webhookDenied];
