import rule from '../../../src/rules/cni/ip-exhausted.js';
import { at, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { creatingPod, runningPod, sandboxFailed, setup } from './sandbox-builders.js';

// host-local IPAM (k8s-messages.md §6.3).
const p = creatingPod();
const EXHAUSTED = setup('plugin type="bridge" name="kdiag" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.6');
const r = runningPod();

runRuleTests(rule, {
  valid: [
    { name: 'Running Pod: exhaustion at start is history', objects: [r, sandboxFailed(r, EXHAUSTED, { last: at(-400) })] },
    { name: 'a requested IP not available is another failure', objects: [p, sandboxFailed(p, setup('plugin type="bridge" failed (add): requested IP address 10.244.1.9 is not available in range set 10.244.1.1-10.244.1.6'))] },
  ],
  invalid: [
    { name: 'range and node named', objects: [p, node({ spec: { podCIDR: '10.244.1.0/29' } }), sandboxFailed(p, EXHAUSTED)], expect: [{ severity: 'error', message: 'Node "node-1" has no free Pod IP address left: the bridge IPAM range 10.244.1.1-10.244.1.6 of network "kdiag" (podCIDR 10.244.1.0/29) is exhausted', evidence: /podCIDR\W+10.244.1.0\/29/, remediation: '/var/lib/cni/networks/kdiag/' }] },
    { name: 'an error from the first event (older libcni wording without name=)', objects: [p, sandboxFailed(p, setup('plugin type="bridge" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.88.250.1-10.88.250.2'), { first: at(-2), last: at(-2), count: 1 })], expect: [{ severity: 'error', message: 'range 10.88.250.1-10.88.250.2 is exhausted' }] },
  ],
});
