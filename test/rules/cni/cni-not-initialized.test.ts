import rule from '../../../src/rules/cni/cni-not-initialized.js';
import { at, event, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { creatingPod, runningPod, sandboxFailed, setup } from './sandbox-builders.js';

// k8s-messages.md §2.4 (NetworkNotReady), §5.1 (KubeletNotReady texts), §6.3 (go-cni / ocicni).
const p = creatingPod();
const NOT_READY_MSG = 'network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';
const cniNode = (since: number) =>
  node({
    status: {
      conditions: [
        {
          type: 'Ready',
          status: 'False',
          reason: 'KubeletNotReady',
          message: 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized',
          lastHeartbeatTime: at(-5),
          lastTransitionTime: at(since),
        },
      ],
    },
  });
const r = runningPod();

runRuleTests(rule, {
  valid: [
    { name: 'Running Pod on a node whose CNI went away later', objects: [r, cniNode(-60)] },
    { name: 'hostNetwork Pods do not need the CNI', objects: [creatingPod({ spec: { hostNetwork: true } }), cniNode(-900), event(p, { reason: 'NetworkNotReady', message: NOT_READY_MSG })] },
    { name: 'other sandbox failures', objects: [p, sandboxFailed(p, setup('plugin type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory'))] },
    { name: 'node Ready', objects: [p, node()] },
  ],
  invalid: [
    { name: 'NetworkNotReady events and the node condition', objects: [p, cniNode(-900), event(p, { reason: 'NetworkNotReady', message: NOT_READY_MSG, count: 30, first: at(-590) })], expect: [{ severity: 'error', confidence: 'high', message: 'node "node-1" has no working CNI network configuration', evidence: /NetworkNotReady ×30/ }] },
    { name: 'node condition only, for 15m', objects: [p, cniNode(-900)], expect: [{ severity: 'error', confidence: 'medium', evidence: 'KubeletNotReady' }] },
    { name: 'containerd sandbox error names the directory', objects: [p, sandboxFailed(p, setup('no network config found in /etc/cni/net.d: cni plugin not initialized'))], expect: [{ message: '(/etc/cni/net.d)', remediation: 'ls /etc/cni/net.d' }] },
    { name: 'CRI-O wording', objects: [p, sandboxFailed(p, 'error creating pod sandbox with name "k8s_api": no CNI configuration file in /etc/cni/net.d/. Has your network provider started?')], expect: [{ message: '(/etc/cni/net.d/)' }] },
    { name: 'new node, 30s in: warning', objects: [p, cniNode(-30)], expect: [{ severity: 'warning' }] },
  ],
});
