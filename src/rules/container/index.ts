import type { Rule } from '../types.js';
import backoffLimitExceeded from './backoff-limit-exceeded.js';
import commandNotFound from './command-not-found.js';
import completedRestartLoop from './completed-restart-loop.js';
import crashLoop from './crash-loop.js';
import createContainerError from './create-container-error.js';
import hookFailed from './hook-failed.js';
import initFailed from './init-failed.js';
import initStuck from './init-stuck.js';
import jobFailed from './job-failed.js';
import livenessFailed from './liveness-failed.js';
import noResources from './no-resources.js';
import notExecutable from './not-executable.js';
import oomKilled from './oom-killed.js';
import recentRestarts from './recent-restarts.js';
import runContainerError from './run-container-error.js';
import sidecarHoldsCompletion from './sidecar-holds-completion.js';
import startupProbeFailed from './startup-probe-failed.js';

/** The container rules, sorted by id. */
export const containerRules: readonly Rule[] = [
  backoffLimitExceeded,
  commandNotFound,
  completedRestartLoop,
  crashLoop,
  createContainerError,
  hookFailed,
  initFailed,
  initStuck,
  jobFailed,
  livenessFailed,
  noResources,
  notExecutable,
  oomKilled,
  recentRestarts,
  runContainerError,
  sidecarHoldsCompletion,
  startupProbeFailed,
];
