import type { Rule } from '../types.js';
import admissionRejected from './admission-rejected.js';
import createContainerConfigError from './create-container-config-error.js';
import deadlineExceeded from './deadline-exceeded.js';
import evicted from './evicted.js';
import nodeLost from './node-lost.js';
import nodeMissing from './node-missing.js';
import nodeNotReady from './node-not-ready.js';
import nodeShutdown from './node-shutdown.js';
import nodeStatusStale from './node-status-stale.js';
import notStartedLong from './not-started-long.js';
import preempted from './preempted.js';
import stuckTerminating from './stuck-terminating.js';

/** The kubelet rules, sorted by id. */
export const kubeletRules: readonly Rule[] = [
  admissionRejected,
  createContainerConfigError,
  deadlineExceeded,
  evicted,
  nodeLost,
  nodeMissing,
  nodeNotReady,
  nodeShutdown,
  nodeStatusStale,
  notStartedLong,
  preempted,
  stuckTerminating,
];
