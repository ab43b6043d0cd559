import rule from '../../../src/rules/traffic/no-ready-endpoints.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { ns, service, webPod } from './objects.js';

runRuleTests(rule, {
  valid: [
    // Real capture: the same unready Pod, but web-unready publishes not-ready addresses, so its EndpointSlice lists it as ready.
    { name: 'real: publishNotReadyAddresses makes the unready Pod an endpoint: the Service has one', fixture: 'real/traffic-publish-not-ready.yaml', target: 'Service/web-unready' },
    { name: 'a Ready Pod behind the Service', objects: [ns('shop'), webPod('web-1', 'shop', { app: 'web' }), service()], target: 'Service/web' },
  ],
  invalid: [
    {
      name: 'real: the readiness probe always fails, the EndpointSlice lists no ready endpoint',
      fixture: 'real/traffic-publish-not-ready.yaml',
      target: 'Service/web',
      expect: [{ severity: 'error', failureClass: 'transient', message: /Service web selects 1 Pod\(s\) but none is Ready/, evidence: /endpointslices\/web-.*\.endpoints/, remediation: /kdiag pod web-.* -n kdiag-traffic-publish-not-ready/ }],
    },
    { name: 'built: the only Pod is not Ready', objects: [ns('shop'), webPod('web-1', 'shop', { app: 'web' }, { ready: false }), service()], target: 'Service/web', expect: [{ message: 'none is Ready' }] },
  ],
});
