/** A known CNI's well-known failure (helpers/sandbox-errors.ts knownCniHint). */
export type CniHint = 'flannel-down' | 'calico-down' | 'cilium-down' | 'calico-credentials';

/** Why the sandbox could not be created, as sandbox-network-failed explains it. */
export type SandboxCause =
  | { kind: 'plugin-missing'; plugin: string; where: string }
  | { kind: 'hint'; plugin?: string; network?: string; hint: CniHint }
  | { kind: 'plugin'; plugin?: string; network?: string; detail: string }
  | { kind: 'runtime'; detail: string };

/** The cni stage rules' messages and fix steps. */
export interface CniMessages {
  cniNotInitialized: {
    message(p: { node: string; dir: string }): string;
    fix(p: { node: string; dir: string }): string[];
  };
  ipExhausted: {
    message(p: { node: string; plugin?: string; range: string; network?: string; cidr?: string }): string;
    fix(p: { node: string; network?: string; maxPods?: string }): string[];
  };
  nodeNetworkUnavailable: {
    /** `detail`: the condition's `reason: message`, when it has either. */
    message(p: { node: string; detail?: string; waiting: boolean }): string;
    fix(p: { node: string; noRoute: boolean }): string[];
  };
  runtimeHandlerMissing: {
    message(p: { node: string; handler: string; runtimeClass?: string }): string;
    fix(p: { node: string; handler: string; runtimeClass?: string }): string[];
  };
  sandboxImage: {
    message(p: { node: string; image: string; cause: string }): string;
    fix(p: { node: string; image: string }): string[];
  };
  sandboxNetworkFailed: {
    message(p: { node: string; cause: SandboxCause; fresh: boolean }): string;
    fix(p: { node: string; cause: SandboxCause; pod: string; namespace: string }): string[];
  };
  sandboxStuck: {
    message(p: { node: string; age: string; trace: string }): string;
    fix(p: { node: string; pod: string; namespace: string }): string[];
  };
}

const HINTS: Record<CniHint, string> = {
  'flannel-down': 'flannel is not running on this node (it writes /run/flannel/subnet.env when it starts)',
  'calico-down': 'calico-node is not running on this node (it writes /var/lib/calico/nodename when it starts)',
  'cilium-down': 'the Cilium agent is not running on this node',
  'calico-credentials': "the Calico CNI plugin's credentials to the API server are rejected (expired or rotated token)",
};

function what(c: SandboxCause): string {
  if (c.kind === 'plugin-missing') return `the CNI configuration names plugin "${c.plugin}", but no such binary is installed in [${c.where}]`;
  if (c.kind === 'runtime') return `the runtime could not create the Pod sandbox: ${c.detail}`;
  const plugin = c.plugin ? `CNI plugin "${c.plugin}"${c.network ? ` (network "${c.network}")` : ''}` : 'the CNI plugin';
  return c.kind === 'hint' ? `${plugin} failed: ${HINTS[c.hint]}` : `${plugin} failed to set up the Pod's network: ${c.detail}`;
}

function causeFix(c: SandboxCause, node: string): string[] {
  switch (c.kind) {
    case 'plugin-missing':
      return [`On ${node}: ls ${c.where.split(/\s+/)[0]}   (install the missing plugin binary; the CNI DaemonSet usually copies it there)`, `Check the CNI configuration in /etc/cni/net.d on ${node} for a typo in "type".`];
    case 'hint':
      return [`kubectl get pods -A -o wide --field-selector spec.nodeName=${node}   (the CNI agent Pod on ${node} must be Running; read its logs)`];
    case 'plugin':
      return [`Read the CNI agent's logs on ${node} (kubectl logs -n <cni-namespace> <cni-pod-on-${node}>) and journalctl -u containerd there.`];
    case 'runtime':
      return [`On ${node}: journalctl -u containerd -u kubelet --since "30 min ago" | grep -i sandbox`];
  }
}

export const enCni: CniMessages = {
  cniNotInitialized: {
    message: ({ node, dir }) =>
      `The container runtime on node "${node}" has no working CNI network configuration (${dir}), so it cannot create the Pod's network: the node's network plugin (CNI DaemonSet Pod) is not running or not installed.`,
    fix: ({ node, dir }) => [
      `kubectl get pods -A -o wide --field-selector spec.nodeName=${node}   (is the CNI Pod — calico-node, cilium, kube-flannel … — Running on ${node}?)`,
      `kubectl get daemonsets -n kube-system   (is a network add-on installed at all?)`,
      `On ${node}: ls ${dir}; journalctl -u containerd -u kubelet | grep -i cni`,
    ],
  },
  ipExhausted: {
    message: ({ node, plugin, range, network, cidr }) =>
      `Node "${node}" has no free Pod IP address left: the ${plugin ? `${plugin} ` : ''}IPAM range ${range}${network ? ` of network "${network}"` : ''}${cidr ? ` (podCIDR ${cidr})` : ''} is exhausted.`,
    fix: ({ node, network, maxPods }) => [
      `On ${node}: ls /var/lib/cni/networks/${network ?? '<network>'}/ | wc -l  vs  crictl pods -q | wc -l   (many more reservations than sandboxes means leaked IPs)`,
      `Remove reservation files of sandboxes that no longer exist, or drain and reboot ${node}: kubectl drain ${node} --ignore-daemonsets --delete-emptydir-data`,
      `Keep maxPods${maxPods ? ` (now ${maxPods})` : ''} below the number of addresses in the node's Pod CIDR.`,
    ],
  },
  nodeNetworkUnavailable: {
    message: ({ node, detail, waiting }) =>
      `Node "${node}" reports NetworkUnavailable=True${detail ? ` (${detail})` : ''}: ${waiting ? 'its Pod network is not set up, so the Pod cannot get a working network there.' : 'the Pod runs, but traffic to and from other nodes may fail.'}`,
    fix: ({ node, noRoute }) => [
      `kubectl describe node ${node}`,
      `kubectl get pods -A -o wide --field-selector spec.nodeName=${node}   (is the CNI agent Pod Running there?)`,
      noRoute ? 'Check the cloud-controller-manager route controller logs (route quota, IAM permissions).' : 'Check the CNI agent logs on that node.',
    ],
  },
  runtimeHandlerMissing: {
    message: ({ node, handler, runtimeClass }) =>
      `The container runtime on node "${node}" has no runtime handler "${handler}"${runtimeClass !== undefined ? ` (RuntimeClass "${runtimeClass}")` : ''}, so it cannot create the Pod's sandbox.`,
    fix: ({ node, handler, runtimeClass }) => [
      `kubectl get runtimeclass ${runtimeClass ?? ''} -o yaml`.replace('  ', ' '),
      `Configure handler "${handler}" in the runtime on ${node} (containerd: runtimes.${handler} in config.toml; CRI-O: [crio.runtime.runtimes.${handler}]) and restart it.`,
      'Or add scheduling.nodeSelector to the RuntimeClass so these Pods only land on nodes that have the handler.',
    ],
  },
  sandboxImage: {
    message: ({ node, image, cause }) => `The container runtime on node "${node}" cannot get its sandbox (pause) image "${image}", so it cannot create any Pod sandbox: ${cause}`,
    fix: ({ node, image }) => [
      `On ${node}: crictl pull ${image}   (shows the registry error first-hand)`,
      `If the node cannot reach that registry, import the image (ctr -n k8s.io images import pause.tar) or point containerd's sandbox_image at a reachable mirror.`,
    ],
  },
  sandboxNetworkFailed: {
    message: ({ node, cause, fresh }) => `The Pod has no sandbox on node "${node}": ${what(cause)}.${fresh ? ' The kubelet retries; this may clear when the network plugin comes up.' : ''}`,
    fix: ({ node, cause, pod, namespace }) => [...causeFix(cause, node), `kubectl describe pod ${pod} -n ${namespace}`],
  },
  sandboxStuck: {
    message: ({ node, age, trace }) => `The kubelet on "${node}" started the Pod ${age} ago, but its sandbox and network (Pod IP) have not been set up since.${trace}`,
    fix: ({ node, pod, namespace }) => [
      `Look at live events: kubectl describe pod -n ${namespace} ${pod}`,
      `On ${node}: crictl pods --name ${pod}; journalctl -u containerd -u kubelet --since "30 min ago" | grep -i -e sandbox -e cni`,
    ],
  },
};
