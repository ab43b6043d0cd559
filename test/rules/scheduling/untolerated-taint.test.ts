import rule from '../../../src/rules/scheduling/untolerated-taint.js';
import { at, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { runningAfter, runningPod, tail, unschedulable } from './pending.js';

const infra = node({ metadata: { name: 'node-2' }, spec: { taints: [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }] } });
const cp = node({ metadata: { name: 'cp-1' }, spec: { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] } });
const notReady = node({ metadata: { name: 'node-3' }, spec: { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }] } });
const prefer = node({ metadata: { name: 'node-4' }, spec: { taints: [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' }] } });
const newMsg = `0/2 nodes are available: 2 node(s) had untolerated taint(s).${tail(2, 2)}`;

runRuleTests(rule, {
  valid: [
    { name: 'scheduled and Running despite an old FailedScheduling event', objects: [...runningAfter(newMsg), infra] },
    { name: 'Insufficient cpu only', objects: [unschedulable(`0/1 nodes are available: 1 Insufficient cpu.${tail(1, 0, 1)}`), infra] },
    { name: 'the kubelet admission wording on a Failed Pod is not scheduling', objects: [runningPod({ status: { phase: 'Failed', reason: 'TaintToleration', message: "Pod was rejected: Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate" } })] },
    { name: 'gated Pods are not yet unschedulable', objects: [unschedulable('', { spec: { schedulingGates: [{ name: 'example.com/quota' }] }, status: { conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' }] } })] },
  ],
  invalid: [
    {
      name: '1.35+ wording: taints read from the nodes',
      objects: [unschedulable(newMsg), infra, cp, prefer],
      expect: [{ severity: 'error', message: /on 2 of 2 nodes: dedicated=infra:NoSchedule \(node-2\), node-role.kubernetes.io\/control-plane:NoSchedule \(cp-1: a control-plane node/, evidence: /node\/node-2.spec.taints/, remediation: /tolerations: \[\{key: "dedicated", operator: "Equal", value: "infra", effect: "NoSchedule"\}\]/ }],
    },
    {
      name: '≤1.33 wording names the taint without nodes in the input',
      objects: [unschedulable('0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) had untolerated taint {dedicated: infra}. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..')],
      // The message names no effect: the step shows the taint as named, the toleration assumes NoSchedule.
      expect: [{ confidence: 'high', message: /on 3 of 3 nodes: node-role.kubernetes.io\/control-plane \(1 node: a control-plane node.*\), dedicated=infra \(2 nodes\)/, remediation: /^If the Pod belongs on nodes tainted dedicated=infra, add to .*effect: "NoSchedule"/ }],
    },
    {
      name: 'a NotReady node taint points at the node, not at a toleration',
      objects: [unschedulable(`0/1 nodes are available: 1 node(s) had untolerated taint(s).${tail(1, 1)}`), notReady],
      expect: [{ message: /node.kubernetes.io\/not-ready:NoSchedule \(node-3: the node is NotReady\)/, remediation: /fix the node/ }],
    },
    {
      // Near miss of a well-known key: a key that only names a property every object has is a custom taint.
      name: 'a taint keyed "constructor" is not a well-known taint',
      objects: [unschedulable(`0/1 nodes are available: 1 node(s) had untolerated taint(s).${tail(1, 1)}`), node({ metadata: { name: 'node-5' }, spec: { taints: [{ key: 'constructor', value: 'x', effect: 'NoSchedule' }] } })],
      expect: [{ message: /: constructor=x:NoSchedule \(node-5\)\./, remediation: /^If the Pod belongs on nodes tainted constructor=x:NoSchedule, add to/ }],
    },
    {
      name: 'a toleration for one taint does not cover another',
      objects: [unschedulable(newMsg, { spec: { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'infra', effect: 'NoSchedule' }] } }), infra, cp],
      expect: [{ message: /control-plane:NoSchedule \(cp-1/ }],
    },
    {
      name: 'minority reason next to insufficient cpu, still inside the grace period',
      objects: [unschedulable(`0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu.${tail(3, 1, 2)}`, {}, at(-30)), cp],
      expect: [{ severity: 'warning', confidence: 'medium' }],
    },
    { name: 'a dedicated taint on every node, seconds old: error at once (nothing removes it by itself)', objects: [unschedulable(`0/1 nodes are available: 1 node(s) had untolerated taint(s).${tail(1, 1)}`, {}, at(-3)), infra], expect: [{ severity: 'error' }] },
    { name: 'a NotReady node, seconds old: warning (the taint goes when the node recovers)', objects: [unschedulable(`0/1 nodes are available: 1 node(s) had untolerated taint(s).${tail(1, 1)}`, {}, at(-3)), notReady], expect: [{ severity: 'warning' }] },
    { name: 'no nodes in the input and the new wording', objects: [unschedulable(newMsg)], expect: [{ message: /no longer names the taints/ }] },
  ],
});
