import rule from '../../../src/rules/scheduling/topology-spread.js';
import { node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { runningAfter, tail, unschedulable } from './pending.js';

const spread = { spec: { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'api' } } }] } };
const msg = `0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints.${tail(3, 3)}`;

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a nodeSelector no node matches belongs to scheduling/node-selector-mismatch', fixture: 'real/sched-node-selector-mismatch.yaml' },
    { name: 'Running Pod with an old spread event', objects: [...runningAfter(msg, spread)] },
    { name: 'anti-affinity is another rule', belongsTo: 'scheduling/pod-affinity', objects: [unschedulable(`0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules.${tail(3, 3)}`, spread)] },
  ],
  invalid: [
    { name: 'real capture: a zone spread constraint on a node without the zone label', fixture: 'real/sched-topology-spread.yaml', expect: [{ severity: 'error', message: /maxSkew 1 over topology\.kubernetes\.io\/zone.*kdiag-node-1 has no topology\.kubernetes\.io\/zone/, evidence: 'missing required label' }] },
    { name: 'maxSkew would be violated', objects: [unschedulable(msg, spread)], expect: [{ severity: 'error', message: /would break its topology spread constraint on 3 of 3 nodes \(maxSkew 1 over topology.kubernetes.io\/zone for Pods with app=api\)/, evidence: /topologySpreadConstraints/, remediation: / -o wide -l app=api$/ }] },
    {
      // An empty selector selects every Pod: the command lists them all rather than take a `-l` it cannot.
      name: 'an empty labelSelector counts every Pod',
      objects: [unschedulable(msg, { spec: { topologySpreadConstraints: [{ ...spread.spec.topologySpreadConstraints[0], labelSelector: {} }] } })],
      expect: [{ message: /for Pods with \(all Pods\)\)/, remediation: /kubectl get pods -n \S+ -o wide$/ }],
    },
    {
      name: 'nodes lack the topology label',
      objects: [unschedulable(`0/2 nodes are available: 2 node(s) didn't match pod topology spread constraints (missing required label).${tail(2, 2)}`, spread), node({ metadata: { name: 'node-1' } }), node({ metadata: { name: 'node-2' } })],
      expect: [{ message: /Nodes lack the topology label .*node-1 has no topology.kubernetes.io\/zone; node-2 has no topology.kubernetes.io\/zone/, remediation: /Label every node with topology.kubernetes.io\/zone/ }],
    },
  ],
});
