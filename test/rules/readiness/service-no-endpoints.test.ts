import rule from '../../../src/rules/readiness/service-no-endpoints.js';
import { at, conditions, containerStatus, IMAGE, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

function withPorts(ports?: Array<Record<string, any>>) {
  return pod({
    spec: { containers: [{ name: 'app', image: IMAGE, ...(ports ? { ports } : {}) }] },
    status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-500) }, ready: true })] },
  });
}
const svc = (ports: Array<Record<string, any>>, selector: Record<string, string> = { app: 'api' }) => obj('Service', 'api', { spec: { type: 'ClusterIP', clusterIP: '10.96.14.2', selector, ports } });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a Service whose selector matches no Pod does not select this one', fixture: 'real/readiness-service-no-endpoints.yaml' },
    { name: 'named targetPort that the container declares', objects: [withPorts([{ name: 'http', containerPort: 8080 }]), svc([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }])] },
    { name: 'numeric targetPort equal to the containerPort', objects: [withPorts([{ containerPort: 8080 }]), svc([{ port: 80, targetPort: 8080 }])] },
    { name: 'the Pod declares no ports: nothing to compare a number with', objects: [withPorts(), svc([{ port: 80, targetPort: 8080 }])] },
    { name: 'a Service that selects other Pods', objects: [withPorts([{ name: 'web', containerPort: 8080 }]), svc([{ port: 80, targetPort: 'http' }], { app: 'billing' })] },
  ],
  invalid: [
    { name: 'real capture: targetPort "http" on a Pod whose port is named "web"', fixture: 'real/readiness-service-target-port.yaml', target: 'catalog', expect: [{ severity: 'warning', message: /Service "catalog" selects this Pod, but its port 80 \(http\) targets port name "http", which no container of this Pod declares \(declared: 8080 \(web\)\)/ }] },
    {
      name: 'named targetPort that no container declares',
      objects: [withPorts([{ name: 'web', containerPort: 8080 }]), svc([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }])],
      expect: [{ severity: 'warning', confidence: 'high', message: /Service "api" selects this Pod, but its port 80 \(http\) targets port name "http", which no container of this Pod declares \(declared: 8080 \(web\)\)/, evidence: 'services/api.spec.ports[0]', remediation: '"value":"web"' }],
    },
    { name: 'numeric targetPort differing from every declared port', objects: [withPorts([{ containerPort: 3000 }]), svc([{ port: 80 }])], expect: [{ confidence: 'medium', message: /sends traffic to port 80, while this Pod's containers declare only 3000/ }] },
  ],
});
