import { podDnsFindings } from '../helpers/traffic-dns.js';
import type { TrafficRule } from '../types.js';

const rule: TrafficRule = {
  id: 'traffic/dns-pods-not-ready',
  scope: 'traffic',
  hop: 'dns',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'transient',
  title: 'Cluster DNS Pods are not Ready: names do not resolve',
  docs: {
    description:
      'The input holds the cluster DNS Pods (kube-system, k8s-app=kube-dns: CoreDNS or kube-dns) and none of them is Ready, so the kube-dns Service has no endpoint and no Pod using the cluster DNS can resolve a name. The cause is in the DNS Pods: diagnose one of them.',
    causes: ['the DNS Pods crash (a broken Corefile, a forwarding loop) or cannot be scheduled', 'the DNS Pods cannot reach the API server, so their readiness probe fails'],
    fix: ['Diagnose a DNS Pod: kdiag pod POD -n kube-system', 'Read its logs: kubectl logs -n kube-system -l k8s-app=kube-dns'],
    links: ['https://kubernetes.io/docs/tasks/administer-cluster/dns-debugging-resolution/'],
  },
  match: (ctx) => podDnsFindings(ctx, 'traffic/dns-pods-not-ready'),
};

export default rule;
