import rule from '../../../src/rules/scheduling/pvc-not-found.js';
import { at } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { runningAfter, tail, unschedulable } from './pending.js';
import { mounting, pvc } from './volumes.js';

const msg = `0/3 nodes are available: persistentvolumeclaim "data" not found.${tail(3, 3)}`;
const sts = { metadata: { name: 'db-0', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', controller: true, uid: 'sts-1' }] } };

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a claim that exists but cannot bind belongs to scheduling/unbound-pvc', fixture: 'real/sched-unbound-pvc.yaml' },
    { name: 'Pod running after the claim was created', objects: [...runningAfter(msg, mounting('data')), pvc('data', { status: { phase: 'Bound' } })] },
    { name: 'unbound claim is unbound-pvc', objects: [unschedulable(`0/1 nodes are available: pod has unbound immediate PersistentVolumeClaims.${tail(1, 1)}`, mounting('data'))] },
  ],
  invalid: [
    { name: 'real capture: a claim that was never created', fixture: 'real/sched-pvc-not-found.yaml', expect: [{ severity: 'error', message: /PersistentVolumeClaim "uploads" \(volume "uploads"\), which does not exist in namespace kdiag-sched-pvc-not-found/, evidence: 'persistentvolumeclaim "uploads" not found' }] },
    { name: 'missing claim named in the message: error at once', objects: [unschedulable(msg, mounting('data'), at(-5))], expect: [{ severity: 'error', message: 'PersistentVolumeClaim "data" (volume "data"), which does not exist in namespace shop', evidence: /claimName: data/ }] },
    { name: 'pre-1.34 wording without the DRA text', objects: [unschedulable('0/3 nodes are available: persistentvolumeclaim "data" not found. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..', { ...mounting('data'), ...sts })], expect: [{ remediation: /volumeClaimTemplates/ }] },
    { name: 'the claim exists now: the scheduler will retry (grace)', objects: [unschedulable(msg, mounting('data'), at(-5)), pvc('data')], expect: [{ severity: 'warning', message: /exists in the input now/ }] },
  ],
});
