import rule from '../../../src/rules/traffic/dns-pods-not-ready.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { coredns, egressCapture, kubeSystem } from './dns-objects.js';

const CLIENT = 'Pod/client-56856c7d4d-bws2l';

runRuleTests(rule, {
  valid: [
    { name: 'real capture alone: no DNS Pods in the input (unknown, not unready)', fixture: 'real/traffic-egress-no-dns.yaml', target: CLIENT },
    { name: 'one of two DNS Pods is Ready: names still resolve', objects: [...egressCapture(), kubeSystem, coredns('coredns-1', false), coredns('coredns-2')], target: CLIENT },
  ],
  invalid: [
    {
      name: 'no DNS Pod is Ready',
      objects: [...egressCapture(), kubeSystem, coredns('coredns-1', false), coredns('coredns-2', false)],
      target: CLIENT,
      expect: [{ severity: 'error', failureClass: 'transient', message: 'none of the cluster DNS Pods (kube-system/coredns-1, kube-system/coredns-2) is Ready', evidence: 'pods/kube-system/coredns-1.status.conditions[type=Ready]', remediation: 'kdiag pod coredns-1 -n kube-system' }],
    },
  ],
});
