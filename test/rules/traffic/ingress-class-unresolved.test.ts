import rule from '../../../src/rules/traffic/ingress-class-unresolved.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { ingressClass, ingressTo, service, shop } from './objects.js';

runRuleTests(rule, {
  valid: [
    { name: 'real: a class that exists, backend port by name', fixture: 'real/traffic-ingress.yaml', target: 'Ingress/web-ok' },
    { name: 'no class named, but one IngressClass is the default', objects: shop(service(), ingressClass('nginx', true), ingressTo('web', { number: 80 }, null)), target: 'Ingress/web' },
  ],
  invalid: [
    {
      name: 'real: no ingressClassName and no default IngressClass',
      fixture: 'real/traffic-ingress.yaml',
      target: 'Ingress/web-no-class',
      expect: [{ severity: 'error', message: 'Ingress web-no-class has no ingressClassName and no IngressClass is the default', evidence: 'ingresses/web-no-class.spec.ingressClassName', remediation: 'kubectl patch ingress web-no-class' }],
    },
    { name: 'a class that does not exist', objects: shop(service(), ingressClass('nginx'), ingressTo('web', { number: 80 }, 'ngnix')), target: 'Ingress/web', expect: [{ message: 'names IngressClass ngnix, which does not exist' }] },
  ],
});
