import { creatorOf, currentCreateFailures, describeCommand } from '../helpers/failed-create.js';
import { ruleMessages } from '../messages/index.js';
import { finding } from '../helpers/finding.js';
import { formatAge } from '../helpers/time.js';
import type { WorkloadRule } from '../types.js';

// webhook/errors/statuserror.go: `admission webhook "<name>" denied the request: <msg>` (or `… without explanation`).
const DENIED = /admission webhook "([^"]+)" denied the request(?:: ([\s\S]*)| without explanation)?/;
// apiserver webhook dispatcher, failurePolicy Fail: `Internal error occurred: failed calling webhook "<name>": failed to call webhook: Post "<url>": <err>`.
const UNREACHABLE = /failed calling webhook "([^"]+)": ([\s\S]*)$/;
const SERVICE_URL = /https:\/\/([a-z0-9-]+)\.([a-z0-9-]+)\.svc(?:\.[a-z.]+)?(?::\d+)?/;

const rule: WorkloadRule = {
  id: 'admission/webhook-denied',
  scope: 'workload',
  stage: 'admission',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'An admission webhook rejects the workload\'s Pods',
  docs: {
    description:
      'A validating or mutating admission webhook refused the Pod (`admission webhook "<name>" denied the request: <reason>`), or could not be called and its failurePolicy is Fail (`failed calling webhook "<name>": …`). No Pod is created.',
    causes: [
      'a policy engine (Kyverno, Gatekeeper, a custom webhook) rejects something in the Pod template: the reason after `denied the request:` says what',
      'the webhook\'s own Pods are down or its Service has no endpoints, and failurePolicy: Fail blocks every matching request',
      'a network policy or firewall between the API server and the webhook Service',
    ],
    fix: [
      'Read the webhook\'s reason and change the Pod template to satisfy the policy',
      'Find the webhook: kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations',
      'If it cannot be called: check its Service endpoints and Pods (kubectl get services,endpointslices -n NAMESPACE)',
    ],
    links: ['https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/'],
  },
  match({ workload: w, now, options }) {
    const t = ruleMessages(options.lang).webhookDenied;
    return currentCreateFailures(w, now).flatMap((f) => {
      const who = creatorOf(w, f);
      const denied = DENIED.exec(f.error);
      if (denied) {
        const reason = denied[2]?.trim();
        return [
          finding(rule, {
            message: t.denied({ who, webhook: denied[1]!, ...(reason ? { reason } : {}) }),
            confidence: f.confirmed ? 'high' : 'medium',
            evidence: f.evidence,
            remediation: t.deniedFix({ webhook: denied[1]!, ...(reason ? { reason } : {}), events: describeCommand(w, f) }),
          }),
        ];
      }
      const call = UNREACHABLE.exec(f.error);
      if (!call) return [];
      const svc = SERVICE_URL.exec(call[2] ?? '');
      const age = f.since === undefined ? undefined : now - f.since;
      // A webhook that is restarting recovers by itself; only a lasting outage is a failure.
      const fresh = age !== undefined && age < options.graceMs;
      return [
        finding(rule, {
          message: t.unreachable({ who, webhook: call[1]!, ...(age !== undefined ? { age: formatAge(age) } : {}), error: call[2]!.trim() }),
          severity: fresh ? 'warning' : 'error',
          failureClass: 'transient',
          confidence: f.confirmed ? 'high' : 'medium',
          evidence: f.evidence,
          remediation: t.unreachableFix({ webhook: call[1]!, ...(svc ? { service: { name: svc[1]!, namespace: svc[2]! } } : {}) }),
        }),
      ];
    });
  },
};

export default rule;
