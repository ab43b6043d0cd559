import { pathFindings } from '../helpers/traffic-path.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/policy-denies',
  scope: 'traffic',
  hop: 'network-policy',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'deterministic',
  title: "NetworkPolicy keeps the client out",
  docs: {
    description: "A NetworkPolicy selects the Service's Pods for ingress, and no ingress rule of the policies selecting them admits the client on the Pod's port, so the CNI's policy engine drops the connection (it times out). An error when the client was named with --from; a warning naming the kept-out namespaces otherwise. kdiag names the policy and rule, and the usual mistake: a namespaceSelector label the namespace does not carry, namespaceSelector and podSelector in one entry (AND) where two entries (OR) were meant, or a rule opening the Service port or the NodePort instead of the Pod's port.",
    causes: [
      "a default-deny ingress policy (often from a hardening profile) admits only the namespace's own Pods, while the client (an ingress controller, Prometheus) runs elsewhere",
      "a namespaceSelector uses a label the namespace does not carry (name: monitoring instead of kubernetes.io/metadata.name: monitoring)",
      "one from entry holds namespaceSelector and podSelector together (both must match) where two entries were meant",
      "the rule opens the Service port or the NodePort, while policies see the Pod's port (the targetPort)"
    ],
    fix: [
      "See the policies selecting the Pods: kubectl get networkpolicy -n NAMESPACE -o yaml",
      "Label the client's namespace as the policy expects (kubectl label namespace NS KEY=VALUE), or apply the smallest policy admitting the client that kdiag prints (policies add up)"
    ],
    links: ["https://kubernetes.io/docs/concepts/services-networking/network-policies/"],
  },
  match: (ctx) => pathFindings(ctx, 'traffic/policy-denies'),
};

export default rule;
