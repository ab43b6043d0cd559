import rule from '../../../src/rules/kubelet/node-missing.js';
import { at, conditions, containerStatus, event, node, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

const onGhost = pod({ spec: { nodeName: 'node-9' }, metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-7d9f', controller: true }] }, status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: false }), containerStatuses: [containerStatus({ running: { startedAt: at(-500) } })] } });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a Pod bound to the node that exists', fixture: 'real/kubelet-admission-rejected.yaml' },
    { name: 'Nodes were not read: absence proves nothing', objects: [onGhost] },
    { name: 'the node exists', objects: [pod({ status: { phase: 'Pending' } }), node()] },
    { name: 'a deleted Pod is kubelet/stuck-terminating\'s', objects: [pod({ spec: { nodeName: 'node-9' }, metadata: { deletionTimestamp: at(-100) } }), node()] },
    { name: 'unscheduled', objects: [pod({ spec: { nodeName: undefined } }), node()] },
  ],
  invalid: [
    { name: 'real capture: spec.nodeName names a node that does not exist', fixture: 'real/kubelet-node-missing.yaml', expect: [{ severity: 'error', message: /bound to node "kdiag-node-7", which does not exist/, evidence: 'no Node named "kdiag-node-7"' }] },
    {
      name: 'bound to a deleted node',
      objects: [onGhost, node(), event(onGhost, { reason: 'Scheduled', message: 'Successfully assigned shop/api-7d9f-x2k to node-9', type: 'Normal', source: 'default-scheduler', first: at(-600), last: at(-600) })],
      expect: [{ severity: 'error', message: '"node-9", which does not exist', evidence: /spec.nodeName\W+node-9/, remediation: 'ReplicaSet "api-7d9f" recreates it' }],
    },
    { name: 'spec.nodeName set by hand to an unknown name', objects: [pod({ spec: { nodeName: 'nodo-1' }, status: { phase: 'Pending' } }), node()], expect: [{ remediation: 'No Scheduled event' }] },
  ],
});
