import rule from '../../../src/rules/readiness/single-node-replicas.js';
import { at, conditions, containerStatus, node, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

const deploy = (replicas: number) => obj('Deployment', 'api', { spec: { replicas } }, 'apps/v1');
const rs = obj('ReplicaSet', 'api-7d9f8b6c5d', { metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api', controller: true }] }, spec: { replicas: 3 } }, 'apps/v1');
function replica(name: string, nodeName: string, ready = true) {
  return pod({
    metadata: { name, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-7d9f8b6c5d', controller: true }] },
    spec: { nodeName },
    status: { phase: 'Running', conditions: conditions({ sandbox: true, ready }), containerStatuses: [containerStatus({ running: { startedAt: at(-500) }, ready })] },
  });
}
const node2 = node({ metadata: { name: 'node-2', labels: { 'kubernetes.io/hostname': 'node-2' } } });
const cordoned = node({ metadata: { name: 'node-2' }, spec: { unschedulable: true } });
const three = [replica('api-7d9f8b6c5d-a1', 'node-1'), replica('api-7d9f8b6c5d-b2', 'node-1'), replica('api-7d9f8b6c5d-c3', 'node-1')];

runRuleTests(rule, {
  valid: [
    { name: 'replicas spread over two nodes', target: 'Deployment/api', objects: [deploy(3), rs, node(), node2, replica('api-7d9f8b6c5d-a1', 'node-1'), replica('api-7d9f8b6c5d-b2', 'node-2')] },
    { name: 'a single-replica Deployment', target: 'Deployment/api', objects: [deploy(1), rs, node(), node2, replica('api-7d9f8b6c5d-a1', 'node-1')] },
    { name: 'a one-node cluster: all replicas on its node is no news', target: 'Deployment/api', objects: [deploy(3), rs, node(), ...three] },
    { name: 'Nodes not visible: nothing to say', target: 'Deployment/api', objects: [deploy(3), rs, ...three] },
    { name: 'only one Ready replica', target: 'Deployment/api', objects: [deploy(2), rs, node(), node2, replica('api-7d9f8b6c5d-a1', 'node-1'), replica('api-7d9f8b6c5d-b2', 'node-1', false)] },
  ],
  invalid: [
    { name: 'three replicas on node-1 while node-2 could take some', target: 'Deployment/api', objects: [deploy(3), rs, node(), node2, ...three], expect: [{ severity: 'warning', message: 'All 3 Ready replicas of Deployment "api" run on node node-1', remediation: 'topologySpreadConstraints' }] },
    { name: 'the only other node is cordoned: info', target: 'Deployment/api', objects: [deploy(3), rs, node(), cordoned, ...three], expect: [{ severity: 'info', message: 'no other schedulable node' }] },
  ],
});
