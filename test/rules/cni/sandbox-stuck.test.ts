import rule from '../../../src/rules/cni/sandbox-stuck.js';
import { at, event, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { noSandbox, stillPulling } from '../stuck.js';

const stuck = noSandbox(1800);

runRuleTests(rule, {
  valid: [
    { name: 'started 40 seconds ago', objects: [noSandbox(40), node()] },
    { name: 'it mounts a claim: the volume step (volume/mount-stuck)', objects: [noSandbox(1800, true), node()] },
    { name: 'the sandbox exists (Pod IP, pulling)', objects: [...stillPulling(1800), node()] },
    { name: 'an event from after the sandbox', objects: [stuck, event(stuck, { reason: 'Pulling', type: 'Normal', message: 'Pulling image "x"', first: at(-60), last: at(-60) }), node()] },
  ],
  invalid: [
    {
      name: 'no sandbox 30 minutes after the kubelet started it, no events',
      objects: [stuck, node()],
      expect: [{ severity: 'error', failureClass: 'transient', message: /started the Pod 30m ago, but its sandbox and network \(Pod IP\) have not been set up since\. No event says why/, evidence: 'status.podIP: (not set)' }],
    },
  ],
});
