import rule from '../../../src/rules/container/run-container-error.js';
import { conditions, containerStatus, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { crashLooping, terminated } from './crashing.js';

const MOUNT =
  'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error mounting "/var/lib/kubelet/pods/5e1c/volumes/kubernetes.io~configmap/cfg" to rootfs at "/etc/nginx/nginx.conf": mount /var/lib/kubelet/pods/5e1c/volumes/kubernetes.io~configmap/cfg:/etc/nginx/nginx.conf (via /proc/self/fd/6), flags: 0x5001: not a directory: unknown';
const waiting = (reason: string, message: string) => pod({ status: { phase: 'Running', conditions: conditions({ ready: false }), containerStatuses: [containerStatus({ waiting: { reason, message } })] } });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: StartError for a command missing from the image belongs to container/command-not-found', fixture: 'real/container-command-not-found.yaml' },
    { name: 'executable not found is container/command-not-found', objects: [waiting('RunContainerError', 'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "x": executable file not found in $PATH: unknown')] },
    { name: 'CreateContainerConfigError belongs to the kubelet stage', belongsTo: 'kubelet/create-container-config-error', objects: [waiting('CreateContainerConfigError', 'configmap "app-cfg" not found')] },
    { name: 'an app crash', objects: [crashLooping(terminated(1, 'Error'))] },
  ],
  invalid: [
    { name: 'real capture: an emptyDir mounted over a file of the image (runc: not a directory)', fixture: 'real/container-run-container-error.yaml', expect: [{ severity: 'error', message: /cannot start container "app": error mounting .* to rootfs at "\/bin\/busybox".*not a directory/ }] },
    { name: 'RunContainerError: a file mounted onto a directory', objects: [waiting('RunContainerError', MOUNT)], expect: [{ severity: 'error', message: /cannot start container "app": error mounting .*not a directory\./, evidence: 'RunContainerError' }] },
    { name: 'crash loop of StartError 128', objects: [crashLooping(terminated(128, 'StartError', -100, -100, MOUNT))], expect: [{ message: /error mounting.*restarted 5 times/ }] },
  ],
});
