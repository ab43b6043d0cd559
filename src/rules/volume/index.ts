import type { Rule } from '../types.js';
import attachFailed from './attach-failed.js';
import hostpathType from './hostpath-type.js';
import missingConfigmapOrSecret from './missing-configmap-or-secret.js';
import mountFailed from './mount-failed.js';
import mountStuck from './mount-stuck.js';
import mountTimeout from './mount-timeout.js';
import multiAttach from './multi-attach.js';
import provisioningFailed from './provisioning-failed.js';
import pvcPending from './pvc-pending.js';

/** The volume rules, sorted by id. */
export const volumeRules: readonly Rule[] = [
  attachFailed,
  hostpathType,
  missingConfigmapOrSecret,
  mountFailed,
  mountStuck,
  mountTimeout,
  multiAttach,
  provisioningFailed,
  pvcPending,
];
