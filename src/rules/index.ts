import { admissionRules } from './admission/index.js';
import { cniRules } from './cni/index.js';
import { containerRules } from './container/index.js';
import { imageRules } from './image/index.js';
import { kubeletRules } from './kubelet/index.js';
import { readinessRules } from './readiness/index.js';
import { schedulingRules } from './scheduling/index.js';
import { trafficRules } from './traffic/index.js';
import type { Rule } from './types.js';
import { volumeRules } from './volume/index.js';

/** Every rule, in lifecycle order (the traffic path's rules last, beside the readiness stage); ids are stable forever (see RETIRED_RULES for renamed ones). */
export const ALL_RULES: readonly Rule[] = [
  ...admissionRules,
  ...schedulingRules,
  ...kubeletRules,
  ...volumeRules,
  ...cniRules,
  ...imageRules,
  ...containerRules,
  ...readinessRules,
  ...trafficRules,
];

/** Ids that were released and then retired, with what replaced them. Never reuse these. */
export const RETIRED_RULES: Readonly<Record<string, string>> = {
  // A missed rollout deadline is a consequence of its Pods' cause, not a stage of its own; it was never admission.
  'admission/progress-deadline-exceeded': 'readiness/progress-deadline-exceeded',
};

export function findRule(id: string): Rule | undefined {
  return ALL_RULES.find((r) => r.id === id);
}
