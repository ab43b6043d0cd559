import rule from '../../../src/rules/scheduling/host-port-conflict.js';
import { at, obj } from '../../harness/builders.js';
import { capturedAt, runRuleTests } from '../../harness/rule-tester.js';
import { runningAfter, tail, unschedulable } from './pending.js';

const ported = {
  metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'api-7d9f', controller: true, uid: 'rs-1' }] },
  spec: { containers: [{ name: 'app', image: '127.0.0.1:5000/shop/api:1.4.2', ports: [{ containerPort: 8080, hostPort: 8080, protocol: 'TCP' }] }] },
};
const rs = obj('ReplicaSet', 'api-7d9f', { spec: { replicas: 3 } }, 'apps/v1');
const msg = `0/2 nodes are available: 2 node(s) didn't have free ports for the requested pod ports.${tail(2, 0, 2)}`;

runRuleTests(rule, {
  valid: [
    { name: 'real capture: the Pod that holds the port runs', fixture: 'real/sched-host-port-conflict.yaml', target: 'first' },
    { name: 'scheduled once the old Pod freed the port', objects: [...runningAfter(msg, ported)] },
    { name: 'insufficient cpu only', objects: [unschedulable(`0/1 nodes are available: 1 Insufficient cpu.${tail(1, 0, 1)}`, ported)] },
  ],
  invalid: [
    { name: 'real capture: a second Pod asks for the same hostPort (young: a warning)', fixture: 'real/sched-host-port-conflict.yaml', target: 'second', expect: [{ severity: 'warning', message: /hostPort 18080\/TCP \(container "app"\) is already taken on 1 of 1 node; held by kdiag-sched-host-port-conflict\/first on kdiag-node-1/ }] },
    { name: 'real capture judged 2 minutes later: failing', fixture: 'real/sched-host-port-conflict.yaml', target: 'second', now: capturedAt('real/sched-host-port-conflict.yaml') + 120_000, expect: [{ severity: 'error', message: 'hostPort 18080/TCP' }] },
    { name: 'more replicas than nodes', objects: [unschedulable(msg, ported), rs], expect: [{ severity: 'error', message: /hostPort 8080\/TCP \(container "app"\) is already taken on 2 of 2 nodes\. The workload wants 3 replicas on 2 nodes/, evidence: /hostPort=8080/, remediation: /grep -w 8080/ }] },
    { name: 'surge during a rollout, inside the grace period', objects: [unschedulable('0/1 nodes are available: 1 node(s) didn\'t have free ports for the requested pod ports. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..', ported, at(-20))], expect: [{ severity: 'warning' }] },
  ],
});
