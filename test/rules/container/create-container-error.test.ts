import rule from '../../../src/rules/container/create-container-error.js';
import { at, conditions, containerStatus, event, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

const NAME = 'app_api-7d9f-x2k_shop_pod-0000-4000-8000-000000000001_0';
const RESERVED = `failed to reserve container name "${NAME}": name "${NAME}" is reserved for "4b1f0c2d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c"`;

function creating(message: string, reason = 'CreateContainerError') {
  return pod({ status: { phase: 'Pending', startTime: at(-590), conditions: conditions({ sandbox: true, ready: false }), containerStatuses: [containerStatus({ waiting: { reason, message } })] } });
}
function withEvent(message: string, firstSeconds: number) {
  const p = creating(message);
  return [p, event(p, { reason: 'Failed', message: `Error: ${message}`, count: 4, first: at(firstSeconds), last: at(-5), fieldPath: 'spec.containers{app}' })];
}

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a missing ConfigMap key belongs to kubelet/create-container-config-error', fixture: 'real/kubelet-missing-configmap.yaml' },
    { name: 'CreateContainerConfigError (missing ConfigMap) is the kubelet stage', objects: [creating('configmap "app-cfg" not found', 'CreateContainerConfigError')] },
    { name: 'RunContainerError is container/run-container-error', objects: [creating('failed to start containerd task', 'RunContainerError')] },
  ],
  invalid: [
    { name: 'real capture: a Localhost seccomp profile missing on the node', fixture: 'real/container-create-container-error.yaml', expect: [{ severity: 'error', failureClass: 'deterministic', message: /cannot create container "app": failed to create containerd container: cannot load seccomp profile/ }] },
    { name: 'name reserved for 5 minutes: error', objects: withEvent(RESERVED, -300), expect: [{ severity: 'error', message: /a previous attempt still holds its name .*for 5m/, evidence: 'Warning Failed', remediation: 'crictl ps -a --name app' }] },
    { name: 'name reserved just now: still a warning', objects: withEvent(RESERVED, -20), expect: [{ severity: 'warning', failureClass: 'transient' }] },
    { name: 'another runtime create error', objects: withEvent('failed to create containerd container: failed to prepare extraction snapshot: no space left on device', -300), expect: [{ message: 'no space left on device' }] },
    { name: 'another create error 10 s after the first event is deterministic: an error at once', objects: withEvent('failed to create containerd container: failed to prepare extraction snapshot: no space left on device', -10), expect: [{ severity: 'error', failureClass: 'deterministic' }] },
  ],
});
