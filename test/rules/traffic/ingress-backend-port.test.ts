import rule from '../../../src/rules/traffic/ingress-backend-port.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { ingressClass, ingressTo, service, shop } from './objects.js';

runRuleTests(rule, {
  valid: [
    { name: 'real: the Service port by name (http)', fixture: 'real/traffic-ingress.yaml', target: 'Ingress/web-ok' },
    { name: 'the Service port by number', objects: shop(service(), ingressClass('nginx'), ingressTo('web', { number: 80 })), target: 'Ingress/web' },
  ],
  invalid: [
    {
      name: "real: backend port 8080 is the Pod's, the Service has only 80",
      fixture: 'real/traffic-ingress.yaml',
      target: 'Ingress/web-wrong-port',
      expect: [{ severity: 'error', message: 'Ingress web-wrong-port sends traffic to port 8080 of Service web, which has no such port (it has 80 (http))', evidence: 'services/web.spec.ports', remediation: 'kubectl edit ingress web-wrong-port' }],
    },
    { name: 'a port name the Service does not have', objects: shop(service(), ingressClass('nginx'), ingressTo('web', { name: 'https' })), target: 'Ingress/web', expect: [{ message: 'port https of Service web' }] },
  ],
});
