import rule from '../../../src/rules/traffic/ingress-tls-secret-missing.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { ingressClass, ingressTo, service, shop } from './objects.js';

const secret = (name: string) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'shop' }, type: 'kubernetes.io/tls' });
const tls = { tls: [{ hosts: ['shop.example.com'], secretName: 'shop-tls' }] };

runRuleTests(rule, {
  valid: [
    { name: 'real: web-ok names TLS Secret web-tls, which exists (its values were never saved)', fixture: 'real/traffic-missing-refs.yaml', target: 'Ingress/web-ok' },
    { name: 'the TLS Secret exists (checked by name only)', objects: shop(service(), ingressClass('nginx'), secret('shop-tls'), ingressTo('web', { number: 80 }, 'nginx', tls)), target: 'Ingress/web' },
    { name: 'no Secret was read at all: unknown, not missing', objects: shop(service(), ingressClass('nginx'), ingressTo('web', { number: 80 }, 'nginx', tls)), target: 'Ingress/web' },
  ],
  invalid: [
    {
      name: 'real: web-tls-missing names TLS Secret web-tls-v2; the namespace\'s Secrets (web-tls) were read',
      fixture: 'real/traffic-missing-refs.yaml',
      target: 'Ingress/web-tls-missing',
      expect: [{ severity: 'warning', failureClass: 'deterministic', message: 'Ingress web-tls-missing names TLS Secret web-tls-v2, which does not exist', evidence: 'ingresses/web-tls-missing.spec.tls[0].secretName', remediation: 'kubectl create secret tls web-tls-v2 -n kdiag-traffic-missing-refs' }],
    },
    {
      name: 'Secrets were read and shop-tls is not among them',
      objects: shop(service(), ingressClass('nginx'), secret('other-tls'), ingressTo('web', { number: 80 }, 'nginx', tls)),
      target: 'Ingress/web',
      expect: [{ severity: 'warning', failureClass: 'deterministic', message: 'Ingress web names TLS Secret shop-tls, which does not exist', evidence: 'ingresses/web.spec.tls[0].secretName', remediation: 'kubectl create secret tls shop-tls -n shop' }],
    },
  ],
});
