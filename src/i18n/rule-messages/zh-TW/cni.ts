import type { CniHint, CniMessages, SandboxCause } from '../../../rules/messages/cni.js';

const HINTS: Record<CniHint, string> = {
  'flannel-down': 'flannel 沒有在這個節點上執行（它啟動時會寫入 /run/flannel/subnet.env）',
  'calico-down': 'calico-node 沒有在這個節點上執行（它啟動時會寫入 /var/lib/calico/nodename）',
  'cilium-down': 'Cilium agent 沒有在這個節點上執行',
  'calico-credentials': 'Calico CNI 外掛程式連到 API Server 的認證被拒絕（token 已過期或已輪替）',
};

function what(c: SandboxCause): string {
  if (c.kind === 'plugin-missing') return `CNI 設定指定了外掛程式「${c.plugin}」，但 [${c.where}] 中沒有安裝這個執行檔`;
  if (c.kind === 'runtime') return `Runtime 無法建立 Pod 沙箱：「${c.detail}」`;
  const plugin = c.plugin ? `CNI 外掛程式「${c.plugin}」${c.network ? `（網路「${c.network}」）` : ''}` : 'CNI 外掛程式';
  return c.kind === 'hint' ? `${plugin}失敗：${HINTS[c.hint]}` : `${plugin}無法設定 Pod 的網路：「${c.detail}」`;
}

function causeFix(c: SandboxCause, node: string): string[] {
  switch (c.kind) {
    case 'plugin-missing':
      return [`在 ${node} 上：ls ${c.where.split(/\s+/)[0]}   （安裝缺少的外掛程式執行檔；CNI DaemonSet 通常會把它複製到那裡）`, `檢查 ${node} 上 /etc/cni/net.d 中的 CNI 設定，看「type」有沒有打錯字。`];
    case 'hint':
      return [`kubectl get pods -A -o wide --field-selector spec.nodeName=${node}   （${node} 上的 CNI agent Pod 必須是 Running；閱讀它的日誌）`];
    case 'plugin':
      return [`閱讀 ${node} 上 CNI agent 的日誌（kubectl logs -n <cni-namespace> <cni-pod-on-${node}>），以及那裡的 journalctl -u containerd。`];
    case 'runtime':
      return [`在 ${node} 上：journalctl -u containerd -u kubelet --since "30 min ago" | grep -i sandbox`];
  }
}

export const zhTWCni: CniMessages = {
  cniNotInitialized: {
    message: ({ node, dir }) => `節點「${node}」上的 Container Runtime 沒有可用的 CNI 網路設定（${dir}），所以無法建立 Pod 的網路：節點的網路外掛程式（CNI DaemonSet Pod）沒有在執行或沒有安裝。`,
    fix: ({ node, dir }) => [
      `kubectl get pods -A -o wide --field-selector spec.nodeName=${node}   （CNI Pod——calico-node、cilium、kube-flannel……——在 ${node} 上是 Running 嗎？）`,
      `kubectl get daemonsets -n kube-system   （到底有沒有安裝網路附加元件？）`,
      `在 ${node} 上：ls ${dir}; journalctl -u containerd -u kubelet | grep -i cni`,
    ],
  },
  ipExhausted: {
    message: ({ node, plugin, range, network, cidr }) =>
      `節點「${node}」已經沒有可用的 Pod IP 位址：${network ? `網路「${network}」的 ` : ''}${plugin ? `${plugin} ` : ''}IPAM 範圍 ${range}${cidr ? `（podCIDR ${cidr}）` : ' '}已用完。`,
    fix: ({ node, network, maxPods }) => [
      `在 ${node} 上：ls /var/lib/cni/networks/${network ?? '<network>'}/ | wc -l  vs  crictl pods -q | wc -l   （保留的位址比沙箱多很多，表示有 IP 外洩）`,
      `移除已不存在的沙箱的保留檔案，或 drain 並重新開機 ${node}：kubectl drain ${node} --ignore-daemonsets --delete-emptydir-data`,
      `讓 maxPods${maxPods ? `（目前 ${maxPods}）` : ' '}小於節點 Pod CIDR 中的位址數量。`,
    ],
  },
  nodeNetworkUnavailable: {
    message: ({ node, detail, waiting }) =>
      `節點「${node}」回報 NetworkUnavailable=True${detail ? `（「${detail}」）` : ''}：${waiting ? '它的 Pod 網路沒有設定好，所以 Pod 在那裡無法取得可用的網路。' : 'Pod 可以執行，但與其他節點之間的流量可能會失敗。'}`,
    fix: ({ node, noRoute }) => [
      `kubectl describe node ${node}`,
      `kubectl get pods -A -o wide --field-selector spec.nodeName=${node}   （那裡的 CNI agent Pod 是 Running 嗎？）`,
      noRoute ? '檢查 cloud-controller-manager 的 route 控制器日誌（route 配額、IAM 權限）。' : '檢查該節點上 CNI agent 的日誌。',
    ],
  },
  runtimeHandlerMissing: {
    message: ({ node, handler, runtimeClass }) => `節點「${node}」上的 Container Runtime 沒有 runtime handler「${handler}」${runtimeClass !== undefined ? `（RuntimeClass「${runtimeClass}」）` : ''}，所以無法建立 Pod 的沙箱。`,
    fix: ({ node, handler, runtimeClass }) => [
      `kubectl get runtimeclass ${runtimeClass ?? ''} -o yaml`.replace('  ', ' '),
      `在 ${node} 的 Runtime 中設定 handler「${handler}」（containerd：config.toml 中的 runtimes.${handler}；CRI-O：[crio.runtime.runtimes.${handler}]），然後重新啟動 Runtime。`,
      '或在 RuntimeClass 加上 scheduling.nodeSelector，讓這些 Pod 只排到有這個 handler 的節點。',
    ],
  },
  sandboxImage: {
    message: ({ node, image, cause }) => `節點「${node}」上的 Container Runtime 無法取得它的沙箱（pause）映像檔「${image}」，所以無法建立任何 Pod 沙箱：「${cause}」`,
    fix: ({ node, image }) => [
      `在 ${node} 上：crictl pull ${image}   （直接看到 Registry 的錯誤）`,
      '如果節點連不上那個 Registry，匯入映像檔（ctr -n k8s.io images import pause.tar），或把 containerd 的 sandbox_image 指向連得到的 mirror。',
    ],
  },
  sandboxNetworkFailed: {
    message: ({ node, cause, fresh }) => `Pod 在節點「${node}」上沒有沙箱：${what(cause)}。${fresh ? 'kubelet 會重試；網路外掛程式啟動後可能就會恢復。' : ''}`,
    fix: ({ node, cause, pod, namespace }) => [...causeFix(cause, node), `kubectl describe pod ${pod} -n ${namespace}`],
  },
  sandboxStuck: {
    message: ({ node, age, trace }) => `「${node}」上的 kubelet 在 ${age} 前啟動了 Pod，但它的沙箱與網路（Pod IP）到現在都還沒有建立。${trace}`,
    fix: ({ node, pod, namespace }) => [
      `查看即時事件：kubectl describe pod -n ${namespace} ${pod}`,
      `在 ${node} 上：crictl pods --name ${pod}; journalctl -u containerd -u kubelet --since "30 min ago" | grep -i -e sandbox -e cni`,
    ],
  },
};
