import rule from '../../../src/rules/scheduling/no-nodes.js';
import { at, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { failedScheduling, runningAfter, tail, unschedulable } from './pending.js';

const bare = unschedulable('', { status: { conditions: [] } });

runRuleTests(rule, {
  valid: [
    { name: 'scheduled once a node joined', objects: [...runningAfter('no nodes available to schedule pods'), node()] },
    { name: 'nodes exist but none fits', objects: [unschedulable(`0/1 nodes are available: 1 Insufficient cpu.${tail(1, 0, 1)}`)] },
  ],
  invalid: [
    { name: 'event only: no nodes available to schedule pods', objects: [bare, failedScheduling(bare, 'no nodes available to schedule pods')], expect: [{ severity: 'error', confidence: 'medium', message: 'The cluster had no nodes', evidence: /FailedScheduling ×5/ }] },
    { name: 'condition says 0/0 within the grace period', objects: [unschedulable('0/0 nodes are available: .', {}, at(-10))], expect: [{ severity: 'warning', confidence: 'high' }] },
    {
      name: 'the only node is NotReady because its CNI is not initialised: its own condition is named',
      objects: [
        unschedulable('no nodes available to schedule pods'),
        node({ status: { conditions: [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized', lastTransitionTime: at(-400), lastHeartbeatTime: at(-10) }] } }),
      ],
      expect: [{ message: /the input lists node node-1, none Ready — the container runtime reports its network \(CNI\) plugin is not ready/, evidence: /node\/node-1 Ready=False \(KubeletNotReady\): ".*cni plugin not initialized"/ }],
    },
    { name: 'nodes joined since', objects: [unschedulable('no nodes available to schedule pods'), node()], expect: [{ message: /the input now lists 1 node/ }] },
  ],
});
