import type { Rule } from '../types.js';
import hostPortConflict from './host-port-conflict.js';
import insufficientResources from './insufficient-resources.js';
import noNodes from './no-nodes.js';
import nodeSelectorMismatch from './node-selector-mismatch.js';
import notScheduledLong from './not-scheduled-long.js';
import podAffinity from './pod-affinity.js';
import pvcNotFound from './pvc-not-found.js';
import schedulingGated from './scheduling-gated.js';
import tooManyPods from './too-many-pods.js';
import topologySpread from './topology-spread.js';
import unboundPvc from './unbound-pvc.js';
import unschedulable from './unschedulable.js';
import unschedulableNodes from './unschedulable-nodes.js';
import untoleratedTaint from './untolerated-taint.js';
import volumeNodeAffinity from './volume-node-affinity.js';

/** The scheduling rules, sorted by id. */
export const schedulingRules: readonly Rule[] = [
  hostPortConflict,
  insufficientResources,
  noNodes,
  nodeSelectorMismatch,
  notScheduledLong,
  podAffinity,
  pvcNotFound,
  schedulingGated,
  tooManyPods,
  topologySpread,
  unboundPvc,
  unschedulable,
  unschedulableNodes,
  untoleratedTaint,
  volumeNodeAffinity,
];
