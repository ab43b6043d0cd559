import type { Rule } from '../types.js';
import notReadyLong from './not-ready-long.js';
import probeFailing from './probe-failing.js';
import progressDeadlineExceeded from './progress-deadline-exceeded.js';
import readinessGates from './readiness-gates.js';
import serviceNoEndpoints from './service-no-endpoints.js';
import serviceSelectorNearMiss from './service-selector-near-miss.js';
import serviceSelectsNothing from './service-selects-nothing.js';
import singleNodeReplicas from './single-node-replicas.js';

/** The readiness rules, sorted by id. */
export const readinessRules: readonly Rule[] = [notReadyLong, probeFailing, progressDeadlineExceeded, readinessGates, serviceNoEndpoints, serviceSelectorNearMiss, serviceSelectsNothing, singleNodeReplicas];
