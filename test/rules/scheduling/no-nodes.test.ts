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
    { name: 'nodes joined since', objects: [unschedulable('no nodes available to schedule pods'), node()], expect: [{ message: /the input now lists 1 node/ }] },
  ],
});
