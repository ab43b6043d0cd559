import rule from '../../../src/rules/traffic/service-other-namespace.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { ns, service, webPod } from './objects.js';

runRuleTests(rule, {
  valid: [
    { name: 'real: Service api, whose Pod runs in its own namespace', fixture: 'real/traffic-other-namespace.yaml', target: 'Service/api' },
    { name: 'the Pods run in the Service\'s own namespace', objects: [ns('shop'), webPod('web-1', 'shop', { app: 'web' }), service()], target: 'Service/web' },
    { name: 'no Pod anywhere carries the labels (the Service selects nothing here, in no namespace)', objects: [ns('shop'), ns('web'), webPod('web-1', 'web', { app: 'api' }), service()], target: 'Service/web' },
  ],
  invalid: [
    {
      name: 'real: Service web selects app=web; Deployment web runs in kdiag-traffic-other-namespace-web',
      fixture: 'real/traffic-other-namespace.yaml',
      target: 'Service/web',
      expect: [{ severity: 'error', message: /^Service web in namespace kdiag-traffic-other-namespace selects no Pod there; 1 Pod\(s\) with its labels run in kdiag-traffic-other-namespace-web\./, evidence: /pods\/kdiag-traffic-other-namespace-web\/web-[a-z0-9-]+\.metadata\.labels/, remediation: 'namespace: kdiag-traffic-other-namespace-web' }],
    },
    {
      name: 'the Pods carrying the labels run only in namespace web',
      objects: [ns('shop'), ns('web'), webPod('web-1', 'web', { app: 'web' }), service()],
      target: 'Service/web',
      expect: [{ severity: 'error', message: /Service web in namespace shop selects no Pod there; 1 Pod\(s\) with its labels run in web/, evidence: 'pods/web/web-1.metadata.labels', remediation: 'namespace: web' }],
    },
  ],
});
