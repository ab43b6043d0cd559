// A path finding that says again what a rule already said: the same cause in other words. The Service rule
// readiness/service-no-endpoints names a targetPort no container declares as the reason the Pod has no
// endpoint; the path's pod-port hop finds the same port. The rule's finding stays (it leads the verdict,
// with the fix); the path's copy is left out where the rule's is shown.
import type { Finding } from '../../rules/types.js';

/** A path rule, and the rule whose finding on the same Service port says the same. */
const SAID_BY: Readonly<Record<string, string>> = { 'traffic/target-port-undeclared': 'readiness/service-no-endpoints' };

/** Whether `found` repeats one of `shown`: its counterpart rule on the same evidence (the Service's port). */
export function repeatsShown(found: Finding, shown: readonly Finding[]): boolean {
  const rule = SAID_BY[found.rule];
  if (rule === undefined) return false;
  const port = found.evidence[0];
  return port !== undefined && shown.some((f) => f.rule === rule && f.evidence[0]?.path === port.path && f.evidence[0]?.text === port.text);
}
