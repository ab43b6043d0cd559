import rule from '../../../src/rules/traffic/policy-denies.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { netpol, ns, service, shop, webPod } from './objects.js';

const onlyWeb = { matchLabels: { app: 'web' } };
const sameNamespaceOnly = netpol('allow-same-namespace', { podSelector: {}, policyTypes: ['Ingress'], ingress: [{ from: [{ podSelector: {} }] }] });
/** Seven more namespaces, a Pod in each, beside shop and monitoring. */
const teams = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].flatMap((t) => [ns(`team-${t}`), webPod(`api-0`, `team-${t}`, { app: 'api' })]);

runRuleTests(rule, {
  valid: [
    { name: 'real: the namespace\'s own Pods are admitted (podSelector: {} peer, named port http)', fixture: 'real/traffic-policy-denies.yaml', target: 'Service/web', from: 'ns/kdiag-traffic-policy-denies' },
    { name: 'ingress: [{}] admits everything, however restrictive it looks', objects: shop(service(), netpol('allow-all', { podSelector: {}, policyTypes: ['Ingress'], ingress: [{}] })), target: 'Service/web', from: 'pod/monitoring/prom-0' },
    { name: 'namespaceSelector and podSelector as two entries (OR) admit Prometheus', objects: shop(service(), netpol('allow', { podSelector: onlyWeb, ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }, { podSelector: { matchLabels: { app: 'grafana' } } }] }] })), target: 'Service/web', from: 'pod/monitoring/prom-0' },
  ],
  invalid: [
    {
      name: 'real: the allow rule selects the namespace by a label it does not carry (name=…)',
      fixture: 'real/traffic-policy-denies.yaml',
      target: 'Service/web',
      from: 'ns/kdiag-traffic-monitoring',
      expect: [{ severity: 'error', message: 'selects namespaces labelled name=kdiag-traffic-monitoring, but namespace kdiag-traffic-monitoring carries', evidence: 'namespaces/kdiag-traffic-monitoring.metadata.labels', remediation: 'kubectl label namespace kdiag-traffic-monitoring name=kdiag-traffic-monitoring' }],
    },
    {
      name: 'real, default clients: a warning names the namespace kept out',
      fixture: 'real/traffic-policy-denies.yaml',
      target: 'Service/web',
      expect: [{ severity: 'warning', message: 'keeps namespace kdiag-traffic-monitoring out of Service web' }],
    },
    {
      name: 'default clients: the eight namespaces one policy keeps out for one reason are one warning, not eight',
      objects: [...shop(service(), sameNamespaceOnly), ...teams],
      target: 'Service/web',
      expect: [{ severity: 'warning', message: 'keeps namespaces monitoring, team-a, team-b, team-c, team-d and 3 more out of Service web (Pod port 8080/TCP): selected by shop/allow-same-namespace; no ingress rule of shop/allow-same-namespace admits any of them.', evidence: 'namespaces/team-b.metadata.labels', remediation: /here for namespace monitoring[^]*kubernetes.io\/metadata.name: monitoring/ }],
    },
    {
      name: 'default clients: one namespace kept out by no rule is "it", not "any of them"',
      objects: shop(service(), sameNamespaceOnly),
      target: 'Service/web',
      expect: [{ severity: 'warning', message: 'keeps namespace monitoring out of Service web (Pod port 8080/TCP): selected by shop/allow-same-namespace; no ingress rule of shop/allow-same-namespace admits it.', remediation: /^Admit the client with the smallest policy/m }],
    },
    {
      name: 'default clients: a namespace kept out for a reason of its own (the label its name is looked for by) is a warning of its own',
      objects: [...shop(service(), sameNamespaceOnly, netpol('allow-team-a', { podSelector: {}, policyTypes: ['Ingress'], ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: 'team-a' } } }] }] })), ...teams],
      target: 'Service/web',
      expect: [
        { severity: 'warning', message: 'keeps namespaces monitoring, team-b, team-c, team-d, team-e and 2 more out of Service web' },
        { severity: 'warning', message: 'keeps namespace team-a out of Service web', remediation: 'kubectl label namespace team-a team=team-a' },
      ],
    },
    {
      name: 'one entry with both selectors (AND) where OR was meant',
      objects: shop(service(), netpol('allow', { podSelector: onlyWeb, ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } }, podSelector: { matchLabels: { app: 'grafana' } } }] }] })),
      target: 'Service/web',
      from: 'pod/monitoring/prom-0',
      expect: [{ message: 'both must match (AND)', remediation: /kubectl apply -f - <</ }],
    },
    {
      name: 'the rule opens the Service port 80, policies see the Pod port 8080',
      objects: shop(service(), netpol('allow', { podSelector: {}, ingress: [{ from: [{ namespaceSelector: {} }], ports: [{ port: 80 }] }] })),
      target: 'Service/web',
      from: 'pod/monitoring/prom-0',
      expect: [{ message: "opens port 80, the Service's port" }],
    },
  ],
});
