import rule from '../../../src/rules/cni/sandbox-network-failed.js';
import { at, event, IMAGE, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { creatingPod, runningPod, sandboxChanged, sandboxFailed, setup } from './sandbox-builders.js';

// CNI texts from k8s-messages.md §6.3.
const p = creatingPod();
const CALICO = setup('plugin type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/');
const FLANNEL = setup("plugin type=\"flannel\" failed (add): failed to load flannel 'subnet.env' file: open /run/flannel/subnet.env: no such file or directory. Check the flannel pod log for this node.");
const CILIUM = setup('plugin type="cilium-cni" name="cilium" failed (add): unable to connect to Cilium daemon: failed to create cilium agent client after 30.000000 seconds timeout: Get "http:///var/run/cilium/cilium.sock/v1/config": dial unix /var/run/cilium/cilium.sock: connect: no such file or directory\nIs the agent running?');
const BRIDGE = setup('plugin type="bridge" name="kdiag" failed (add): failed to set bridge addr: "cni0" already has an IP address different from 10.244.1.1/24');
const MISSING = setup('plugin type="portmap" failed (add): failed to find plugin "portmap" in path [/opt/cni/bin]');

const r = runningPod();
runRuleTests(rule, {
  valid: [
    { name: 'Running Pod with old sandbox failures', objects: [r, sandboxFailed(r, CALICO, { last: at(-300) })] },
    {
      name: 'sandbox failures followed by an image pull (the sandbox was made)',
      objects: [p, sandboxFailed(p, CALICO, { last: at(-200) }), event(p, { reason: 'Pulling', type: 'Normal', message: `Pulling image "${IMAGE}"`, last: at(-100) })],
    },
    { name: 'a SandboxChanged alone is context', objects: [p, sandboxChanged(p)] },
    { name: 'IP exhaustion is cni/ip-exhausted\'s', objects: [p, sandboxFailed(p, setup('plugin type="bridge" name="kdiag" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.6'))] },
    { name: 'cni not initialized is cni/cni-not-initialized\'s', objects: [p, sandboxFailed(p, setup('cni plugin not initialized'))] },
    { name: 'Pod being deleted', objects: [creatingPod({ metadata: { deletionTimestamp: at(10) } }), sandboxFailed(p, CALICO)] },
  ],
  invalid: [
    { name: 'calico-node not running', objects: [p, node(), sandboxFailed(p, CALICO), sandboxChanged(p)], expect: [{ severity: 'error', message: 'CNI plugin "calico" failed: calico-node is not running on this node', evidence: 'SandboxChanged', remediation: 'spec.nodeName=node-1' }] },
    { name: 'flannel subnet.env missing', objects: [p, sandboxFailed(p, FLANNEL)], expect: [{ message: 'flannel is not running on this node' }] },
    { name: 'Cilium agent not reachable', objects: [p, sandboxFailed(p, CILIUM)], expect: [{ message: 'CNI plugin "cilium-cni" (network "cilium") failed: the Cilium agent is not running' }] },
    { name: 'generic bridge plugin error', objects: [p, sandboxFailed(p, BRIDGE)], expect: [{ message: 'CNI plugin "bridge" (network "kdiag") failed to set up the Pod\'s network: failed to set bridge addr' }] },
    { name: 'missing plugin binary', objects: [p, sandboxFailed(p, MISSING)], expect: [{ message: 'names plugin "portmap", but no such binary is installed in [/opt/cni/bin]', remediation: 'ls /opt/cni/bin' }] },
    { name: 'missing plugin binary is an error from the first event', objects: [p, sandboxFailed(p, MISSING, { first: at(-3), last: at(-3), count: 1 })], expect: [{ severity: 'error' }] },
    { name: 'first failure 15s ago is a warning', objects: [p, sandboxFailed(p, CALICO, { first: at(-15), count: 1 })], expect: [{ severity: 'warning', message: 'retries', failureClass: 'transient' }] },
    {
      name: 'calico credentials rejected (Unauthorized) are deterministic: an error 5 s after the first failure',
      objects: [p, sandboxFailed(p, setup('plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized'), { first: at(-5), last: at(-5), count: 1 })],
      expect: [{ severity: 'error', failureClass: 'deterministic', message: "credentials to the API server are rejected" }],
    },
    { name: 'non-network sandbox failure', objects: [p, sandboxFailed(p, 'failed to reserve sandbox name "api-7d9f-x2k_shop_1234_0": name "api-7d9f-x2k_shop_1234_0" is reserved for "abc"')], expect: [{ confidence: 'medium', message: 'could not create the Pod sandbox: failed to reserve sandbox name' }] },
  ],
});
