import rule from '../../../src/rules/cni/sandbox-image.js';
import { at } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { creatingPod, runningPod, sandboxFailed } from './sandbox-builders.js';

// containerd internal/cri/server/podsandbox/sandbox_run.go (k8s-messages.md §6.1).
const p = creatingPod();
const PAUSE = 'failed to get sandbox image "127.0.0.1:5000/pause:3.9": failed to pull image "127.0.0.1:5000/pause:3.9": failed to pull and unpack image "127.0.0.1:5000/pause:3.9": failed to resolve reference "127.0.0.1:5000/pause:3.9": 127.0.0.1:5000/pause:3.9: not found';
const r = runningPod();

runRuleTests(rule, {
  valid: [
    { name: 'Running Pod', objects: [r, sandboxFailed(r, PAUSE, { last: at(-400) })] },
    { name: 'an application image pull failure is the image stage\'s', objects: [p, sandboxFailed(p, 'failed to setup network for sandbox "abc": plugin type="bridge" failed (add): boom')] },
  ],
  invalid: [{ name: 'pause image not found', objects: [p, sandboxFailed(p, PAUSE)], expect: [{ severity: 'error', message: 'cannot get its sandbox (pause) image "127.0.0.1:5000/pause:3.9"', remediation: 'crictl pull 127.0.0.1:5000/pause:3.9' }] }],
});
