import rule from '../../../src/rules/image/pull-stuck.js';
import { at, event, IMAGE, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { noSandbox, stillPulling } from '../stuck.js';

const [pod, pullingEvent] = stillPulling(1800) as [Record<string, any>, Record<string, any>];

runRuleTests(rule, {
  valid: [
    { name: 'a Pod 5 s into a normal pull', objects: [...stillPulling(5), node()] },
    { name: 'pulled since (Pulled event)', objects: [pod, pullingEvent, event(pod, { reason: 'Pulled', type: 'Normal', message: `Successfully pulled image "${IMAGE}" in 29m59s`, first: at(-1), last: at(-1), fieldPath: 'spec.containers{app}' }), node()] },
    { name: 'no sandbox yet: not the image step', objects: [noSandbox(1800), node()] },
  ],
  invalid: [
    {
      name: 'Pulling 30 minutes ago and nothing since',
      objects: [pod, pullingEvent, node()],
      expect: [{ severity: 'error', confidence: 'high', failureClass: 'transient', message: /began pulling image "127\.0\.0\.1:5000\/shop\/api:1\.4\.2" for container "app" 30m ago and the pull has not finished/, evidence: 'Pulling' }],
    },
    {
      name: 'sandbox ready 30 minutes ago and no event at all: the step with no event',
      objects: [...stillPulling(1800, false), node()],
      expect: [{ confidence: 'low', message: /sandbox has been ready for 30m, but container "app" still has no image .* No event says why/ }],
    },
  ],
});
