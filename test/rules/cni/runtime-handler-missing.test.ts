import rule from '../../../src/rules/cni/runtime-handler-missing.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { creatingPod, sandboxFailed } from './sandbox-builders.js';

// containerd and CRI-O texts (k8s-messages.md §6.1, §6.3; CRI-O internal/oci ValidateRuntimeHandler).
const p = creatingPod({ spec: { runtimeClassName: 'sandboxed' } });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a CNI plugin missing from the node belongs to cni/sandbox-network-failed', fixture: 'real/cni-plugin-missing.yaml' },
    { name: 'other sandbox failures', objects: [p, sandboxFailed(p, 'failed to get sandbox image "127.0.0.1:5000/pause:3.9": not found')] }],
  invalid: [
    { name: 'real capture: a RuntimeClass whose handler containerd does not have', fixture: 'real/cni-runtime-handler-missing.yaml', expect: [{ severity: 'error', message: /no runtime handler "runsc" \(RuntimeClass "kdiag-gvisor"\)/, evidence: 'no runtime for "runsc" is configured' }] },
    { name: 'containerd: no runtime configured, first seen 20s ago is already an error', objects: [p, sandboxFailed(p, 'failed to get sandbox runtime: no runtime for "kata" is configured', { first: '2026-11-30T09:59:40Z' })], expect: [{ severity: 'error', message: 'no runtime handler "kata" (RuntimeClass "sandboxed")', evidence: /runtimeClassName\W+sandboxed/, remediation: 'runtimes.kata' }] },
    { name: 'CRI-O wording', objects: [p, sandboxFailed(p, 'failed to find runtime handler runsc from runtime list map[crun:0xc0004 runc:0xc0005]')], expect: [{ message: 'handler "runsc"' }] },
  ],
});
