import { ruleMessages } from '../messages/index.js';
import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { conditionEvidence, nodeReadiness } from '../helpers/node-health.js';
import { currentEvents } from '../../model/supersession.js';
import { awaitingSandbox, currentSandboxFailures, firstSeen, hostNetwork, withinGrace } from '../helpers/sandbox-errors.js';
import type { Evidence, PodRule } from '../types.js';
import { minOf } from '../helpers/numbers.js';

const rule: PodRule = {
  id: 'cni/cni-not-initialized',
  scope: 'pod',
  stage: 'cni',
  severity: 'error',
  failureClass: 'transient',
  title: "The node's CNI network plugin is not initialized",
  docs: {
    description:
      'The container runtime on the Pod\'s node has no usable CNI configuration, so it cannot give Pods a network: the kubelet emits NetworkNotReady ("network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized"), the node is Ready=False with the same text, or sandbox creation fails with `cni plugin not initialized` / `no network config found in /etc/cni/net.d` (containerd) / `no CNI configuration file in /etc/cni/net.d/. Has your network provider started?` (CRI-O). hostNetwork Pods are not affected.',
    causes: [
      'the CNI DaemonSet (Calico, Cilium, Flannel, …) is not installed, or its Pod on this node is not running yet (it writes the config into /etc/cni/net.d when it starts)',
      'a new node joined and its CNI Pod is still starting, or cannot pull its image',
      'the runtime looks in a different config/binary directory than the CNI installs to (containerd conf_dir / bin_dir)',
    ],
    fix: [
      'kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=NODE   (is the CNI Pod Running?)',
      'Install a network add-on if the cluster has none',
      'On the node: ls /etc/cni/net.d /opt/cni/bin; journalctl -u containerd | grep -i cni',
    ],
    links: ['https://kubernetes.io/docs/concepts/extend-kubernetes/compute-storage-net/network-plugins/'],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, now, options }) {
    if (pod.deletingSince !== undefined || !awaitingSandbox(pod) || hostNetwork(pod)) return [];
    const evidence: Evidence[] = [];
    const times: Array<number | undefined> = [];
    const sandbox = currentSandboxFailures(pod).filter((f) => f.error.kind === 'cni-not-initialized');
    const notReady = currentEvents(pod).filter((e) => e.reason === 'NetworkNotReady');
    const readiness = nodeReadiness(pod.node);
    const nodeSays = readiness.state === 'not-ready' && readiness.causes.includes('network');
    if (sandbox.length === 0 && notReady.length === 0 && !nodeSays) return [];
    if (nodeSays && pod.node && readiness.condition) {
      evidence.push(conditionEvidence(pod.node, readiness.condition, now));
      times.push(readiness.since);
    }
    const lastNotReady = notReady[notReady.length - 1];
    if (lastNotReady) evidence.push(eventEvidence(lastNotReady, now));
    const lastSandbox = sandbox[sandbox.length - 1];
    if (lastSandbox) evidence.push(eventEvidence(lastSandbox.event, now));
    times.push(firstSeen(notReady), firstSeen(sandbox.map((s) => s.event)));
    const known = times.filter((t): t is number => t !== undefined);
    const since = known.length > 0 ? minOf(known) : undefined;
    const dir = lastSandbox?.error.where ?? '/etc/cni/net.d';
    const node = pod.nodeName;
    const t = ruleMessages(options.lang).cniNotInitialized;
    return [
      finding(rule, {
        severity: withinGrace(since, now, options.graceMs) ? 'warning' : 'error',
        confidence: sandbox.length > 0 || notReady.length > 0 ? 'high' : 'medium',
        message: t.message({ node, dir }),
        evidence,
        remediation: t.fix({ node, dir }),
      }),
    ];
  },
};

export default rule;
