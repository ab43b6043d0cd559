import { creatorOf, currentCreateFailures, describeCommand } from '../helpers/failed-create.js';
import type { QuotaUse } from '../messages/admission.js';
import { ruleMessages } from '../messages/index.js';
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

/** Each resource over the quota: requested, used and the limit (`?` where the message did not say). */
export function exceededUses(requested: string, used: string, limited: string): QuotaUse[] {
  const r = pairs(requested);
  const u = pairs(used);
  const l = pairs(limited);
  return [...r.keys()].map((k) => ({ resource: k, requested: r.get(k)!, used: u.get(k) ?? '?', limit: l.get(k) ?? '?' }));
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
  match({ workload: w, now, options }) {
    const t = ruleMessages(options.lang).quotaExceeded;
    return currentCreateFailures(w, now).flatMap((f) => {
      const who = creatorOf(w, f);
      const exceeded = EXCEEDED.exec(f.error);
      const must = MUST_SPECIFY.exec(f.error);
      const insufficient = INSUFFICIENT.exec(f.error);
      let message: string;
      let quota = '';
      const remediation: string[] = [];
      if (exceeded) {
        quota = exceeded[1]!.trim();
        message = t.exceeded({ who, quota, namespace: w.namespace, uses: exceededUses(exceeded[2]!, exceeded[3]!, exceeded[4]!) });
        remediation.push(...t.exceededFix({ quota, namespace: w.namespace }));
      } else if (must) {
        quota = must[1]!.trim();
        message = t.mustSpecify({ who, quota, detail: must[2]!.trim() });
        remediation.push(...t.mustSpecifyFix({ quota, namespace: w.namespace }));
      } else if (insufficient) {
        message = t.insufficient({ who, namespace: w.namespace, what: insufficient[2]!.trim(), verb: insufficient[1]! });
        remediation.push(...t.insufficientFix({ namespace: w.namespace }));
      } else return [];
      remediation.push(t.events({ events: describeCommand(w, f) }));
      return [finding(rule, { message, evidence: f.evidence, remediation, confidence: f.confirmed ? 'high' : 'medium' })];
    });
  },
};

export default rule;
