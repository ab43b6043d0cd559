import rule from '../../../src/rules/container/not-executable.js';
import { conditions, containerStatus, node, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { crashLooping, terminated } from './crashing.js';

const PERM = 'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/run.sh": permission denied: unknown';

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a command missing from the image belongs to container/command-not-found', fixture: 'real/container-command-not-found.yaml' },
    { name: 'an app error that mentions permission denied on a file it writes', objects: [crashLooping(terminated(1, 'Error', -130, -100, "open /data/cache.db: permission denied"))] },
    { name: 'command not found', objects: [crashLooping(terminated(127, 'Error'))] },
  ],
  invalid: [
    { name: 'real capture: a ConfigMap script mounted without the executable bit (runc: permission denied, StartError)', fixture: 'real/container-not-executable.yaml', expect: [{ severity: 'error', message: /cannot run "\/scripts\/run\.sh": permission denied/, remediation: 'chmod +x /scripts/run.sh' }] },
    { name: 'exec format error: wrong-architecture binary', objects: [crashLooping(terminated(255, 'Error', -130, -100, 'exec /app/server: exec format error')), node()], expect: [{ severity: 'error', message: /cannot run "\/app\/server": exec format error.*\(amd64\)/, evidence: 'architecture', remediation: 'buildx' }] },
    { name: 'old runc wording', objects: [crashLooping(terminated(1, 'Error', -130, -100, 'standard_init_linux.go:228: exec user process caused: exec format error'))], expect: [{ message: 'exec format error' }] },
    { name: 'RunContainerError permission denied', objects: [pod({ status: { phase: 'Running', conditions: conditions({ ready: false }), containerStatuses: [containerStatus({ waiting: { reason: 'RunContainerError', message: PERM } })] } })], expect: [{ message: /"\/app\/run\.sh": permission denied/, remediation: 'chmod +x /app/run.sh' }] },
    { name: 'exit 126 alone', objects: [crashLooping(terminated(126, 'Error'))], expect: [{ message: 'permission denied' }] },
  ],
});
