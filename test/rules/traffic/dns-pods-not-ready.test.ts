import rule from '../../../src/rules/traffic/dns-pods-not-ready.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { coredns, egressCapture, kubeSystem } from './dns-objects.js';

// Real: traffic-dns-not-ready (the only cluster DNS Pod, a stand-in in kube-system, fails its readiness probe)
// and, as the near miss, traffic-dns-egress-denied (the same stand-in, Ready).
const CLIENT = 'Pod/client-56856c7d4d-bws2l';

runRuleTests(rule, {
  valid: [
    { name: 'real: the cluster DNS Pod (stand-in) is Ready', fixture: 'real/traffic-dns-egress-denied.yaml', target: 'Pod/client-allowed' },
    { name: 'real capture alone: no DNS Pods in the input (unknown, not unready)', fixture: 'real/traffic-egress-no-dns.yaml', target: CLIENT },
    { name: 'one of two DNS Pods is Ready: names still resolve', objects: [...egressCapture(), kubeSystem, coredns('coredns-1', false), coredns('coredns-2')], target: CLIENT },
  ],
  invalid: [
    {
      name: 'real: the only cluster DNS Pod fails its readiness probe (HTTP 404)',
      fixture: 'real/traffic-dns-not-ready.yaml',
      target: 'Pod/client',
      expect: [{ severity: 'error', failureClass: 'transient', message: /^Pod client cannot resolve names: none of the cluster DNS Pods \(kube-system\/kdiag-dns-standin-[a-z0-9]+-[a-z0-9]+\) is Ready/, evidence: /pods\/kube-system\/kdiag-dns-standin-[a-z0-9-]+\.status\.conditions\[type=Ready\]: False$/, remediation: /kdiag pod kdiag-dns-standin-[a-z0-9-]+ -n kube-system/ }],
    },
    {
      name: 'no DNS Pod is Ready (built, two CoreDNS Pods)',
      objects: [...egressCapture(), kubeSystem, coredns('coredns-1', false), coredns('coredns-2', false)],
      target: CLIENT,
      expect: [{ severity: 'error', failureClass: 'transient', message: 'none of the cluster DNS Pods (kube-system/coredns-1, kube-system/coredns-2) is Ready', evidence: 'pods/kube-system/coredns-1.status.conditions[type=Ready]', remediation: 'kdiag pod coredns-1 -n kube-system' }],
    },
  ],
});
