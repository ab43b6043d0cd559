import { podDnsFindings } from '../helpers/traffic-dns.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/dns-egress-denied',
  scope: 'traffic',
  hop: 'dns',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Egress policy blocks DNS: the Pod cannot resolve names',
  docs: {
    description:
      "A NetworkPolicy selects the Pod for egress (so only what some egress rule admits may leave it), and no egress rule admits DNS, UDP and TCP port 53, to the cluster DNS Pods (kube-system, k8s-app=kube-dns). Every name lookup times out: the application reports it cannot reach its database or API by name, although the Pod runs. Both protocols are needed: resolvers fall back to TCP for large answers. Fires only when the DNS Pods are in the input (otherwise the verdict is unknown) and the Pod uses the cluster DNS (dnsPolicy ClusterFirst).",
    causes: [
      'an egress default-deny policy (policyTypes: [Egress] with no egress rules) with allow rules for the application but none for DNS',
      'a DNS rule for UDP only, or to a namespaceSelector label kube-system does not carry',
      'a DNS rule opening the Service port of a node-local cache address while the Pods ask the DNS Pods directly',
    ],
    fix: [
      'See the egress policies selecting the Pod: kubectl get networkpolicy -n NAMESPACE -o yaml',
      'Apply the policy kdiag prints, admitting UDP and TCP 53 to the kube-system Pods labelled k8s-app=kube-dns (kubectl apply)',
    ],
    links: ['https://kubernetes.io/docs/concepts/services-networking/network-policies/#default-deny-all-egress-traffic', 'https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/'],
  },
  match: (ctx) => podDnsFindings(ctx, 'traffic/dns-egress-denied'),
};

export default rule;
