import { ruleMessages } from '../messages/index.js';
import type { SandboxCause } from '../messages/cni.js';
import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { currentSandboxFailures, firstSeen, withinGrace, type SandboxError } from '../helpers/sandbox-errors.js';
import type { PodRule } from '../types.js';

// Classes with a rule of their own.
const ELSEWHERE = new Set(['cni-not-initialized', 'ip-exhausted', 'sandbox-image', 'runtime-handler']);

/** What the sandbox error says, for the message catalogue. */
function causeOf(e: SandboxError): SandboxCause {
  if (e.kind === 'plugin-missing') return { kind: 'plugin-missing', plugin: e.subject ?? '?', where: e.where ?? '/opt/cni/bin' };
  const plugin = { ...(e.plugin ? { plugin: e.plugin } : {}), ...(e.plugin && e.network ? { network: e.network } : {}) };
  if (e.hint) return { kind: 'hint', ...plugin, hint: e.hint };
  if (e.kind === 'plugin') return { kind: 'plugin', ...plugin, detail: (e.pluginMessage ?? e.error).split('\n')[0]! };
  return { kind: 'runtime', detail: e.error.split('\n')[0]! };
}

/** The plugin's API credentials are rejected (`Unauthorized`, `connection is unauthorized`): retrying cannot help. */
const UNAUTHORIZED = /\bUnauthorized\b|connection is unauthorized/;

const rule: PodRule = {
  id: 'cni/sandbox-network-failed',
  scope: 'pod',
  stage: 'cni',
  severity: 'error',
  failureClass: 'transient',
  title: "The Pod's sandbox or its network cannot be created",
  docs: {
    description:
      'The kubelet keeps failing to create the Pod sandbox (FailedCreatePodSandBox "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox …"). Usually the CNI plugin fails (`plugin type="calico" failed (add): …`), a plugin binary is missing (`failed to find plugin "<type>" in path [/opt/cni/bin]`), or the node\'s CNI agent is not running (flannel subnet.env missing, calico nodename missing, Cilium agent unreachable). Sandbox errors are retried, so they are warnings during the first graceMs and errors after — except a missing plugin binary, which does not appear by itself and is an error at once; old failures on a Pod that has since started are ignored.',
    causes: [
      'the CNI agent on the node (calico-node, cilium, kube-flannel) is not running or not ready',
      'a CNI plugin binary named in /etc/cni/net.d is not installed in /opt/cni/bin',
      'the CNI plugin cannot reach its datastore or the API server (expired token, network policy, etcd down)',
      'non-network sandbox failures (pause container cannot start, cgroup errors)',
    ],
    fix: [
      'kubectl describe pod POD -n NS (FailedCreatePodSandBox events)',
      'kubectl get pods -A -o wide --field-selector spec.nodeName=NODE (CNI agent Pod status and logs)',
      'On the node: ls /etc/cni/net.d /opt/cni/bin; journalctl -u containerd',
    ],
    links: ['https://kubernetes.io/docs/concepts/extend-kubernetes/compute-storage-net/network-plugins/'],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, now, options }) {
    const all = currentSandboxFailures(pod);
    if (all.length === 0) return [];
    const failures = all.filter((f) => !ELSEWHERE.has(f.error.kind));
    const last = failures[failures.length - 1];
    if (!last) return [];
    const cause = causeOf(last.error);
    const t = ruleMessages(options.lang).sandboxNetworkFailed;
    // A plugin binary that is not installed stays missing, and rejected credentials stay rejected; agents
    // that are still starting may come up within grace.
    const deterministic = last.error.kind === 'plugin-missing' || UNAUTHORIZED.test(last.error.error);
    const fresh = !deterministic && withinGrace(firstSeen(failures.map((f) => f.event)), now, options.graceMs);
    const changed = pod.events.filter((e) => e.reason === 'SandboxChanged');
    const evidence = [eventEvidence(last.event, now)];
    if (changed.length > 0) evidence.push(eventEvidence(changed[changed.length - 1]!, now));
    return [
      finding(rule, {
        severity: fresh ? 'warning' : 'error',
        failureClass: deterministic ? 'deterministic' : 'transient',
        confidence: last.error.kind === 'other' ? 'medium' : 'high',
        message: t.message({ node: pod.nodeName, cause, fresh }),
        evidence,
        remediation: t.fix({ node: pod.nodeName, cause, pod: pod.name, namespace: pod.namespace }),
      }),
    ];
  },
};

export default rule;
