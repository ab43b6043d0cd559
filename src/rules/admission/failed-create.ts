import { LIMIT_RANGE_REJECTION } from '../../model/limit-range.js';
import { creatorOf, currentCreateFailures, describeCommand } from '../helpers/failed-create.js';
import { ruleMessages } from '../messages/index.js';
import { finding } from '../helpers/finding.js';
import { formatAge } from '../helpers/time.js';
import type { KObject } from '../../model/k8s.js';
import type { Evidence, WorkloadRule } from '../types.js';

// Texts the specific admission rules explain (quota, PodSecurity, webhooks); the rest land here.
const CLAIMED = /exceeded quota: |failed quota: |insufficient quota to |violates PodSecurity "|admission webhook "[^"]+" denied the request|failed calling webhook "/;
// limitranger/admission.go.
const LIMIT_RANGE = LIMIT_RANGE_REJECTION;
// serviceaccount/admission.go.
const SERVICE_ACCOUNT = /error looking up service account ([^/\s]+)\/([^:\s]+): serviceaccount "([^"]+)" not found/;

const rule: WorkloadRule = {
  id: 'admission/failed-create',
  scope: 'workload',
  stage: 'admission',
  severity: 'error',
  failureClass: 'transient',
  title: 'The controller cannot create the workload\'s Pods',
  docs: {
    description:
      'The workload\'s controller (ReplicaSet, StatefulSet, DaemonSet, Job) gets an error from the API server when it creates a Pod (`FailedCreate`: `Error creating: …`, or `create Pod … in StatefulSet … failed error: …`) for a reason other than quota, Pod Security or a webhook: a LimitRange, a missing ServiceAccount, an invalid Pod template.',
    causes: [
      'a LimitRange minimum/maximum the containers\' requests or limits break',
      'the Pod template names a ServiceAccount that does not exist in the namespace',
      'an invalid Pod template the API server rejects (`Pod "x" is invalid: …`)',
    ],
    fix: ['Read the controller\'s events: kubectl describe rs/NAME (or sts/, ds/, job/)', 'For a LimitRange: kubectl describe limitrange -n NAMESPACE and fit the requests/limits into it', 'For a ServiceAccount: kubectl create serviceaccount NAME -n NAMESPACE, or fix serviceAccountName'],
    links: ['https://kubernetes.io/docs/concepts/policy/limit-range/', 'https://kubernetes.io/docs/concepts/security/service-accounts/'],
  },
  match({ workload: w, cluster, now, options }) {
    const t = ruleMessages(options.lang).failedCreate;
    return currentCreateFailures(w, now)
      .filter((f) => !CLAIMED.test(f.error))
      .map((f) => {
        const who = creatorOf(w, f);
        const events = describeCommand(w, f);
        const sa = SERVICE_ACCOUNT.exec(f.error);
        if (sa) {
          return finding(rule, {
            message: t.serviceAccount({ who, account: sa[3]!, namespace: sa[1]! }),
            confidence: f.confirmed ? 'high' : 'medium',
            evidence: f.evidence,
            remediation: t.serviceAccountFix({ account: sa[3]!, namespace: sa[1]!, events }),
          });
        }
        if (LIMIT_RANGE.test(f.error)) {
          const what = f.error.replace(/^pods "[^"]*" is forbidden:\s*/, '').replace(/^\[|\]$/g, '');
          return finding(rule, {
            message: t.limitRange({ who, detail: what }),
            confidence: f.confirmed ? 'high' : 'medium',
            evidence: [...f.evidence, ...limitRangeEvidence(cluster.list('LimitRange', w.namespace))],
            remediation: t.limitRangeFix({ namespace: w.namespace, events }),
          });
        }
        // An unrecognised error may be transient (API server timeouts, etcd leader changes).
        const age = f.since === undefined ? undefined : now - f.since;
        const fresh = age !== undefined && age < options.graceMs;
        return finding(rule, {
          message: t.other({ who, ...(age !== undefined ? { age: formatAge(age) } : {}), error: f.error }),
          severity: fresh ? 'warning' : 'error',
          confidence: 'medium',
          evidence: f.evidence,
          remediation: t.otherFix({ events }),
        });
      });
  },
};

export default rule;

/** `limitrange/limits Container: max cpu=500m; min memory=64Mi; defaultRequest cpu=100m`: what the API server checked against. */
function limitRangeEvidence(ranges: readonly KObject[]): Evidence[] {
  const out: Evidence[] = [];
  for (const lr of ranges.slice(0, 3)) {
    const limits = Array.isArray(lr.spec?.limits) ? lr.spec.limits : [];
    for (const [i, l] of limits.entries()) {
      const parts = (['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'] as const)
        .filter((k) => l?.[k] && typeof l[k] === 'object' && Object.keys(l[k]).length > 0)
        .map((k) => `${k} ${Object.entries(l[k] as Record<string, unknown>).map(([r, q]) => `${r}=${String(q)}`).join(',')}`);
      if (parts.length > 0) out.push({ source: 'limitrange', path: `limitranges/${lr.metadata?.name ?? ''}.spec.limits[${i}]`, text: `limitrange/${lr.metadata?.name ?? ''} ${typeof l?.type === 'string' ? l.type : ''}: ${parts.join('; ')}` });
    }
  }
  return out;
}
