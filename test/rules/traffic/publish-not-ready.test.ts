import rule from '../../../src/rules/traffic/publish-not-ready.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { ns, service, webPod } from './objects.js';

runRuleTests(rule, {
  valid: [
    { name: 'real: the same unready Pod behind a Service that does not publish not-ready addresses', fixture: 'real/traffic-publish-not-ready.yaml', target: 'Service/web' },
    { name: 'publishNotReadyAddresses with every Pod Ready', objects: [ns('shop'), webPod('web-1', 'shop', { app: 'web' }), service(undefined, { publishNotReadyAddresses: true })], target: 'Service/web' },
  ],
  invalid: [
    {
      name: 'real: publishNotReadyAddresses, and the readiness probe always fails',
      fixture: 'real/traffic-publish-not-ready.yaml',
      target: 'Service/web-unready',
      expect: [{ severity: 'warning', message: 'Service web-unready sets publishNotReadyAddresses: true, so its 1 unready Pod(s) receive traffic', evidence: 'services/web-unready.spec.publishNotReadyAddresses', remediation: '"publishNotReadyAddresses":false' }],
    },
  ],
});
