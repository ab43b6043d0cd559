import rule from '../../../src/rules/scheduling/pod-affinity.js';
import { node, obj } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { runningAfter, tail, unschedulable } from './pending.js';

const anti = {
  metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-7d9f', controller: true, uid: 'rs-1' }] },
  spec: { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'api' } }, topologyKey: 'kubernetes.io/hostname' }] } } },
};
const rs = obj('ReplicaSet', 'api-7d9f', { metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api', controller: true, uid: 'd-1' }] }, spec: { replicas: 4 } }, 'apps/v1');
const deploy = obj('Deployment', 'api', { spec: { replicas: 4 } }, 'apps/v1');
const withDb = { spec: { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'topology.kubernetes.io/zone' }] } } } };
const antiMsg = `0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules.${tail(3, 3)}`;

runRuleTests(rule, {
  valid: [
    { name: 'scheduled after a replica went away', objects: [...runningAfter(antiMsg, anti)] },
    { name: 'topology spread is another rule', belongsTo: 'scheduling/topology-spread', objects: [unschedulable(`0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints.${tail(3, 3)}`)] },
    { name: 'node affinity is another rule', belongsTo: 'scheduling/node-selector-mismatch', objects: [unschedulable(`0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector.${tail(3, 3)}`)] },
  ],
  invalid: [
    {
      name: 'more replicas than nodes with hostname anti-affinity',
      objects: [unschedulable(antiMsg, anti), rs, deploy, node({ metadata: { name: 'node-1' } }), node({ metadata: { name: 'node-2' } }), node({ metadata: { name: 'node-3' } })],
      expect: [{ severity: 'error', message: /anti-affinity \(not with Pods with app=api per kubernetes.io\/hostname\) excludes 3 of 3 nodes; the workload wants 4 replicas but there are only 3 nodes/, evidence: /podAntiAffinity/ }],
    },
    { name: 'affinity to Pods that do not run', objects: [unschedulable(`0/2 nodes are available: 2 node(s) didn't match pod affinity rules.${tail(2, 2)}`, withDb)], expect: [{ message: /required affinity \(be with Pods with app=db per topology.kubernetes.io\/zone\) excludes 2 of 2 nodes/ }] },
    {
      name: 'existing Pods\' anti-affinity, minority reason',
      objects: [unschedulable(`0/3 nodes are available: 1 node(s) didn't satisfy existing pods anti-affinity rules, 2 Insufficient memory.${tail(3, 1, 2)}`)],
      expect: [{ confidence: 'medium', message: /Pods already running on 1 of 3 nodes have required anti-affinity against this Pod's labels/ }],
    },
  ],
});
