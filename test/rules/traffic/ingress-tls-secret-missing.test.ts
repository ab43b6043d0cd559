import rule from '../../../src/rules/traffic/ingress-tls-secret-missing.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { ingressClass, ingressTo, service, shop } from './objects.js';

const secret = (name: string) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'shop' }, type: 'kubernetes.io/tls' });
const tls = { tls: [{ hosts: ['shop.example.com'], secretName: 'shop-tls' }] };

runRuleTests(rule, {
  valid: [
    { name: 'the TLS Secret exists (checked by name only)', objects: shop(service(), ingressClass('nginx'), secret('shop-tls'), ingressTo('web', { number: 80 }, 'nginx', tls)), target: 'Ingress/web' },
    { name: 'no Secret was read at all: unknown, not missing', objects: shop(service(), ingressClass('nginx'), ingressTo('web', { number: 80 }, 'nginx', tls)), target: 'Ingress/web' },
  ],
  invalid: [
    {
      name: 'Secrets were read and shop-tls is not among them',
      objects: shop(service(), ingressClass('nginx'), secret('other-tls'), ingressTo('web', { number: 80 }, 'nginx', tls)),
      target: 'Ingress/web',
      expect: [{ severity: 'warning', failureClass: 'deterministic', message: 'Ingress web names TLS Secret shop-tls, which does not exist', evidence: 'ingresses/web.spec.tls[0].secretName', remediation: 'kubectl create secret tls shop-tls -n shop' }],
    },
  ],
});
