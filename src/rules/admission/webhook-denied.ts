import { currentCreateFailures, describeCommand, describeCreator } from '../helpers/failed-create.js';
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
      'If it cannot be called: check its Service endpoints and Pods (kubectl get endpoints SERVICE -n NAMESPACE)',
    ],
    links: ['https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/'],
  },
  match({ workload: w, now, options }) {
    return currentCreateFailures(w, now).flatMap((f) => {
      const who = describeCreator(w, f);
      const denied = DENIED.exec(f.error);
      if (denied) {
        const reason = denied[2]?.trim();
        return [
          finding(rule, {
            message: `${who} cannot create Pods: admission webhook "${denied[1]}" denied the request${reason ? `: ${reason}` : ' without explanation'}.`,
            confidence: f.confirmed ? 'high' : 'medium',
            evidence: f.evidence,
            remediation: [
              reason ? `Change the Pod template so it satisfies the policy: ${reason}` : 'Ask the owner of the webhook what it rejects; it gave no reason',
              `Find the webhook configuration: kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations -o custom-columns=NAME:.metadata.name,WEBHOOKS:.webhooks[*].name | grep ${denied[1]}`,
              `See the controller's events: ${describeCommand(w, f)}`,
            ],
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
          message: `${who} cannot create Pods: admission webhook "${call[1]}" could not be called${age !== undefined ? ` for ${formatAge(age)}` : ''} and its failurePolicy rejects the Pod: ${call[2]!.trim()}`,
          severity: fresh ? 'warning' : 'error',
          failureClass: 'transient',
          confidence: f.confirmed ? 'high' : 'medium',
          evidence: f.evidence,
          remediation: [
            svc ? `Check the webhook's Service and Pods: kubectl get endpoints ${svc[1]} -n ${svc[2]}; kubectl get pods -n ${svc[2]}` : 'Check that the webhook\'s Service has ready endpoints and its Pods run',
            `Find the webhook configuration: kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations -o custom-columns=NAME:.metadata.name,WEBHOOKS:.webhooks[*].name | grep ${call[1]}`,
            'If the webhook is gone for good, delete its configuration (or set failurePolicy: Ignore) so it stops blocking Pods',
          ],
        }),
      ];
    });
  },
};

export default rule;
