import type { Rule } from '../types.js';
import inspectFailed from './inspect-failed.js';
import invalidName from './invalid-name.js';
import neverPull from './never-pull.js';
import notFound from './not-found.js';
import pullFailed from './pull-failed.js';
import pullStuck from './pull-stuck.js';
import rateLimited from './rate-limited.js';
import registryUnreachable from './registry-unreachable.js';
import signatureFailed from './signature-failed.js';
import tls from './tls.js';
import unauthorized from './unauthorized.js';
import wrongPlatform from './wrong-platform.js';

/** The image rules, sorted by id. */
export const imageRules: readonly Rule[] = [
  inspectFailed,
  invalidName,
  neverPull,
  notFound,
  pullFailed,
  pullStuck,
  rateLimited,
  registryUnreachable,
  signatureFailed,
  tls,
  unauthorized,
  wrongPlatform,
];
