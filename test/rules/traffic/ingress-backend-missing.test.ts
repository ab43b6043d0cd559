import rule from '../../../src/rules/traffic/ingress-backend-missing.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { ingressClass, ingressTo, service, shop } from './objects.js';

runRuleTests(rule, {
  valid: [
    { name: 'real: the backend Service exists', fixture: 'real/traffic-ingress.yaml', target: 'Ingress/web-ok' },
    { name: 'real: web-ok beside web-backend-missing, backend Service web (exists)', fixture: 'real/traffic-missing-refs.yaml', target: 'Ingress/web-ok' },
    { name: 'the backend Service exists (built)', objects: shop(service(), ingressClass('nginx'), ingressTo('web', { number: 80 })), target: 'Ingress/web' },
  ],
  invalid: [
    {
      name: 'real: the backend Service web-v2 does not exist (web does)',
      fixture: 'real/traffic-missing-refs.yaml',
      target: 'Ingress/web-backend-missing',
      expect: [{ severity: 'error', message: 'Ingress web-backend-missing sends traffic to Service web-v2, which does not exist in namespace kdiag-traffic-missing-refs', evidence: 'ingresses/web-backend-missing.spec.rules[0].http.paths[0].backend', remediation: 'kubectl get svc -n kdiag-traffic-missing-refs' }],
    },
    {
      name: 'the backend Service web does not exist in namespace shop (only api does)',
      objects: shop(service(undefined, {}, 'api'), ingressClass('nginx'), ingressTo('web', { number: 80 })),
      target: 'Ingress/web',
      expect: [{ severity: 'error', message: 'Ingress web sends traffic to Service web, which does not exist in namespace shop', evidence: 'ingresses/web.spec.rules[0].http.paths[0].backend', remediation: 'kubectl get svc -n shop' }],
    },
  ],
});
