import { currentCreateFailures, describeCommand, describeCreator } from '../helpers/failed-create.js';
import { finding } from '../helpers/finding.js';
import type { WorkloadRule } from '../types.js';

// resourcequota/controller.go: `exceeded quota: <q>, requested: <r>=<v>[,…], used: …, limited: …`.
const EXCEEDED = /exceeded quota: ([^,]+), requested: (.+?), used: (.+?), limited: (.+?)$/s;
const MUST_SPECIFY = /failed quota: ([^:]+): must specify (.+)$/s;
const INSUFFICIENT = /insufficient quota to (consume|match these scopes): (.+)$/s;

const pairs = (text: string): Map<string, string> =>
  new Map(
    text
      .split(',')
      .map((p) => p.trim().split('='))
      .filter((kv) => kv.length === 2)
      .map(([k, v]) => [k!, v!]),
  );

/** `requests.cpu: requested 2, used 3800m, limit 4` per resource over the quota. */
export function describeExceeded(requested: string, used: string, limited: string): string {
  const r = pairs(requested);
  const u = pairs(used);
  const l = pairs(limited);
  return [...r.keys()].map((k) => `${k}: requested ${r.get(k)}, used ${u.get(k) ?? '?'} of ${l.get(k) ?? '?'}`).join('; ');
}

const rule: WorkloadRule = {
  id: 'admission/quota-exceeded',
  scope: 'workload',
  stage: 'admission',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'A ResourceQuota rejects the workload\'s Pods',
  docs: {
    description:
      'The controller asks the API server for a Pod and the ResourceQuota admission plugin refuses it (`FailedCreate`: `exceeded quota: …, requested: …, used: …, limited: …`, or `failed quota: …: must specify …` when the quota needs requests/limits the Pod does not set). No Pod is created, so there is no Pod to diagnose.',
    causes: [
      'the namespace\'s quota is used up by other Pods (or by this workload during a rolling update, when old and new Pods coexist)',
      'the Pod requests more than the quota allows in total',
      'the quota covers requests/limits and the containers set none (add them, or a LimitRange with defaults)',
    ],
    fix: [
      'See the quota and its use: kubectl describe resourcequota -n NAMESPACE',
      'Lower the Pod\'s requests or the replica count, or free quota (delete unused workloads)',
      'Raise the quota if the namespace needs more: kubectl edit resourcequota QUOTA -n NAMESPACE',
      'For `must specify`: set resources.requests/limits on every container, or add a LimitRange that defaults them',
    ],
    links: ['https://kubernetes.io/docs/concepts/policy/resource-quotas/'],
  },
  match({ workload: w, now }) {
    return currentCreateFailures(w, now).flatMap((f) => {
      const who = describeCreator(w, f);
      const exceeded = EXCEEDED.exec(f.error);
      const must = MUST_SPECIFY.exec(f.error);
      const insufficient = INSUFFICIENT.exec(f.error);
      let message: string;
      let quota = '';
      const remediation: string[] = [];
      if (exceeded) {
        quota = exceeded[1]!.trim();
        message = `${who} cannot create Pods: they would exceed ResourceQuota "${quota}" in namespace ${w.namespace} (${describeExceeded(exceeded[2]!, exceeded[3]!, exceeded[4]!)}).`;
        remediation.push(
          `See the quota and what uses it: kubectl describe resourcequota ${quota} -n ${w.namespace}`,
          'Lower the Pods\' requests or the replica count (a rolling update needs room for the surge Pods too), or delete workloads that no longer need the quota',
          `Or raise the quota: kubectl edit resourcequota ${quota} -n ${w.namespace}`,
        );
      } else if (must) {
        quota = must[1]!.trim();
        message = `${who} cannot create Pods: ResourceQuota "${quota}" requires resources the containers do not set (must specify ${must[2]!.trim()}).`;
        remediation.push(`Set the named requests/limits on every container of the Pod template`, `Or add a LimitRange with default requests/limits to namespace ${w.namespace}: kubectl describe limitrange -n ${w.namespace}`, `See the quota: kubectl describe resourcequota ${quota} -n ${w.namespace}`);
      } else if (insufficient) {
        message = `${who} cannot create Pods: no ResourceQuota in namespace ${w.namespace} allows ${insufficient[2]!.trim()} (insufficient quota to ${insufficient[1]}).`;
        remediation.push(`See the quotas: kubectl describe resourcequota -n ${w.namespace}`, 'Add a quota that covers the resource, or drop the resource from the Pod template');
      } else return [];
      remediation.push(`See the controller's events: ${describeCommand(w, f)}`);
      return [finding(rule, { message, evidence: f.evidence, remediation, confidence: f.confirmed ? 'high' : 'medium' })];
    });
  },
};

export default rule;
