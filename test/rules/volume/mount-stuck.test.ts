import rule from '../../../src/rules/volume/mount-stuck.js';
import { node, obj } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { noSandbox } from '../stuck.js';

const pvc = obj('PersistentVolumeClaim', 'data', { spec: { accessModes: ['ReadWriteOnce'] }, status: { phase: 'Bound' } });

runRuleTests(rule, {
  valid: [
    { name: 'started 40 seconds ago', objects: [noSandbox(40, true), pvc, node()] },
    { name: 'no claims and no mount events: the network step (cni/sandbox-stuck)', objects: [noSandbox(1800), node()] },
  ],
  invalid: [
    {
      name: 'a Pod with a claim and no sandbox 30 minutes on, no events',
      objects: [noSandbox(1800, true), pvc, node()],
      expect: [{ severity: 'error', failureClass: 'transient', message: /started the Pod 30m ago, but its volumes \(claims "data"\) are still not mounted/, evidence: 'status.startTime' }],
    },
  ],
});
