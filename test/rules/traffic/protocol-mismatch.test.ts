import rule from '../../../src/rules/traffic/protocol-mismatch.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { ns, service, webPod } from './objects.js';

runRuleTests(rule, {
  valid: [
    { name: 'real: the same UDP container port behind a UDP Service port', fixture: 'real/traffic-protocol.yaml', target: 'Service/dns-udp' },
    { name: 'a TCP Service port to the TCP container port', objects: [ns('shop'), webPod('web-1', 'shop', { app: 'web' }), service([{ port: 80, targetPort: 8080 }])], target: 'Service/web' },
  ],
  invalid: [
    {
      name: 'real: the Service port omits protocol (TCP) for a UDP container port',
      fixture: 'real/traffic-protocol.yaml',
      target: 'Service/dns',
      expect: [{ severity: 'error', message: 'Service dns port 53 speaks TCP to target port 5353, but the container declares that port as UDP', evidence: '"protocol":"UDP"', remediation: '"path":"/spec/ports/0/protocol","value":"UDP"' }],
    },
  ],
});
