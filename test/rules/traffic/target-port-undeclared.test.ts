import rule from '../../../src/rules/traffic/target-port-undeclared.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { ns, service, webPod } from './objects.js';

runRuleTests(rule, {
  valid: [
    { name: 'real: targetPort http, which the container declares', fixture: 'real/traffic-ingress.yaml', target: 'Service/web' },
    { name: 'real: Service web beside web-typo, same Pods, targetPort http (declared)', fixture: 'real/traffic-missing-refs.yaml', target: 'Service/web' },
    { name: 'a numeric targetPort', objects: [ns('shop'), webPod('web-1', 'shop', { app: 'web' }), service([{ port: 80, targetPort: 8080 }])], target: 'Service/web' },
  ],
  invalid: [
    {
      // The EndpointSlice controller lists the Pod with no ports (ports: null) for such a Service: the slice has a ready endpoint.
      name: 'real: Service web-typo targets port name "web"; the container port is named http',
      fixture: 'real/traffic-missing-refs.yaml',
      target: 'Service/web-typo',
      expect: [{ severity: 'error', message: /^Service web-typo targets port "web", which no container of Pod web-[a-z0-9]+-[a-z0-9]+ declares/, evidence: 'services/web-typo.spec.ports[0]', remediation: '"path":"/spec/ports/0/targetPort","value":8080' }],
    },
    {
      name: 'targetPort "web" while the container port is named http',
      objects: [ns('shop'), webPod('web-1', 'shop', { app: 'web' }), service([{ port: 80, targetPort: 'web' }])],
      target: 'Service/web',
      expect: [{ severity: 'error', message: 'Service web targets port "web", which no container of Pod web-1 declares', evidence: 'services/web.spec.ports[0]', remediation: '/spec/ports/0/targetPort' }],
    },
  ],
});
