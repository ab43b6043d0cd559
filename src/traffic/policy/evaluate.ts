// Whether NetworkPolicies let one connection through: the source's egress AND the destination's ingress.
import type { EvaluateTraffic, PolicyDecision, TrafficVerdict } from '../policy-types.js';
import { decideDirection } from './direction.js';

export function combineDecisions(decisions: Array<PolicyDecision | undefined>): TrafficVerdict['result'] {
  const present = decisions.filter((d): d is PolicyDecision => d !== undefined);
  if (present.some((d) => d.allowed === false)) return 'denied';
  if (present.some((d) => d.allowed === 'unknown')) return 'unknown';
  return 'allowed';
}

export const evaluateTraffic: EvaluateTraffic = (set, question) => {
  const { from, to } = question;
  const egress = from.kind === 'pod' ? decideDirection(set, 'egress', from, to, question) : undefined;
  const ingress = to.kind === 'pod' ? decideDirection(set, 'ingress', to, from, question) : undefined;
  return {
    result: combineDecisions([egress, ingress]),
    ...(egress ? { egress } : {}),
    ...(ingress ? { ingress } : {}),
    notEvaluated: [...(set.notEvaluated ?? [])],
  };
};
