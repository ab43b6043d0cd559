import rule from '../../../src/rules/kubelet/not-started-long.js';
import { at, event, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { neverStarted, noSandbox } from '../stuck.js';

const stuck = neverStarted(1800);

runRuleTests(rule, {
  valid: [
    { name: 'bound 30 seconds ago', objects: [neverStarted(30), node()] },
    { name: 'the kubelet has started it (startTime set)', objects: [noSandbox(1800), node()] },
  ],
  invalid: [
    {
      name: 'bound 30 minutes ago, no status from the node',
      objects: [stuck, node()],
      expect: [{ severity: 'error', failureClass: 'transient', message: /bound to node "node-1" 30m ago and its kubelet has not started it: there is no status from the node/, evidence: 'status.startTime: (not set)' }],
    },
    {
      name: 'an unrecognised warning event is quoted as the most specific trace',
      objects: [stuck, event(stuck, { reason: 'FailedKillPod', message: 'error killing pod: rpc error: code = Unknown', first: at(-900), last: at(-60) }), node()],
      expect: [{ message: /The last warning event, 60s ago, says FailedKillPod/, evidence: 'FailedKillPod' }],
    },
  ],
});
