import { type Phrase, phrase } from '../phrase.js';

const describeNode = phrase('Check the CNI agent logs on that node.', '檢查該節點上 CNI agent 的日誌。');

export const CNI: Record<string, readonly Phrase[]> = {
  'cni/cni-not-initialized': [
    phrase('The container runtime on node "{node:q}" has no working CNI network configuration ({dir}), so it cannot create the Pod\'s network: {why:$}', ({ node, dir, why }) => `節點「${node}」上的 Container Runtime 沒有可用的 CNI 網路設定（${dir}），所以無法建立 Pod 的網路：${why}`),
    phrase("the node's network plugin (CNI DaemonSet Pod) is not running or not installed.", '節點的網路外掛程式（CNI DaemonSet Pod）沒有在執行或沒有安裝。'),
    phrase('On {node}: {cmd:$}', ({ node, cmd }) => `在 ${node} 上：${cmd}`),
    phrase('{cmd:*}   (is a network add-on installed at all?)', ({ cmd }) => `${cmd}   （到底有沒有安裝網路附加元件？）`),
    phrase('{cmd:*}   (is the CNI Pod — {names:*} — Running on {node}?)', ({ cmd, names, node }) => `${cmd}   （CNI Pod——${names}——在 ${node} 上是 Running 嗎？）`),
  ],
  'cni/ip-exhausted': [
    phrase('Node "{node:q}" has no free Pod IP address left: the {plugin} IPAM range {range:*} of network "{net:q}" (podCIDR {cidr}) is exhausted.', ({ node, plugin, range, net, cidr }) => `節點「${node}」已經沒有可用的 Pod IP 位址：網路「${net}」的 ${plugin} IPAM 範圍 ${range}（podCIDR ${cidr}）已用完。`),
    phrase('Node "{node:q}" has no free Pod IP address left: the {plugin} IPAM range {range:*} of network "{net:q}" is exhausted.', ({ node, plugin, range, net }) => `節點「${node}」已經沒有可用的 Pod IP 位址：網路「${net}」的 ${plugin} IPAM 範圍 ${range} 已用完。`),
    phrase('Node "{node:q}" has no free Pod IP address left: the {plugin} IPAM range {range:*} is exhausted.', ({ node, plugin, range }) => `節點「${node}」已經沒有可用的 Pod IP 位址：${plugin} IPAM 範圍 ${range} 已用完。`),
    phrase('Node "{node:q}" has no free Pod IP address left: {why:$}', ({ node, why }) => `節點「${node}」已經沒有可用的 Pod IP 位址：「${why}」`),
    phrase("Keep maxPods (now {n:n}) below the number of addresses in the node's Pod CIDR.", ({ n }) => `讓 maxPods（目前 ${n}）小於節點 Pod CIDR 中的位址數量。`),
    phrase("Keep maxPods below the number of addresses in the node's Pod CIDR.", '讓 maxPods 小於節點 Pod CIDR 中的位址數量。'),
    phrase('On {node}: {cmd:*}   (many more reservations than sandboxes means leaked IPs)', ({ node, cmd }) => `在 ${node} 上：${cmd}   （保留的位址比沙箱多很多，表示有 IP 外洩）`),
    phrase('Remove reservation files of sandboxes that no longer exist, or drain and reboot {node}: {cmd:$}', ({ node, cmd }) => `移除已不存在的沙箱的保留檔案，或 drain 並重新開機 ${node}：${cmd}`),
    phrase('Widen the Pod CIDR or IP pool of the network plugin, or spread Pods over more nodes.', '擴大網路外掛程式的 Pod CIDR 或 IP 池，或把 Pod 分散到更多節點。'),
  ],
  'cni/node-network-unavailable': [
    phrase('Node "{node:q}" reports NetworkUnavailable=True ({detail:*}): its Pod network is not set up, so the Pod cannot get a working network there.', ({ node, detail }) => `節點「${node}」回報 NetworkUnavailable=True（「${detail}」）：它的 Pod 網路沒有設定好，所以 Pod 在那裡無法取得可用的網路。`),
    phrase('Node "{node:q}" reports NetworkUnavailable=True: its Pod network is not set up, so the Pod cannot get a working network there.', ({ node }) => `節點「${node}」回報 NetworkUnavailable=True：它的 Pod 網路沒有設定好，所以 Pod 在那裡無法取得可用的網路。`),
    phrase('Node "{node:q}" reports NetworkUnavailable=True ({detail:*}): the Pod runs, but traffic to and from other nodes may fail.', ({ node, detail }) => `節點「${node}」回報 NetworkUnavailable=True（「${detail}」）：Pod 可以執行，但與其他節點之間的流量可能會失敗。`),
    phrase('{cmd:*}   (is the CNI agent Pod Running there?)', ({ cmd }) => `${cmd}   （那裡的 CNI agent Pod 是 Running 嗎？）`),
    describeNode,
    phrase('Check the cloud-controller-manager route controller logs (route quota, IAM permissions).', '檢查 cloud-controller-manager 的 route 控制器日誌（route 配額、IAM 權限）。'),
  ],
  'cni/runtime-handler-missing': [
    phrase('The container runtime on node "{node:q}" has no runtime handler "{h:q}" (RuntimeClass "{rc:q}"), so it cannot create the Pod\'s sandbox.', ({ node, h, rc }) => `節點「${node}」上的 Container Runtime 沒有 runtime handler「${h}」（RuntimeClass「${rc}」），所以無法建立 Pod 的沙箱。`),
    phrase('Configure handler "{h:q}" in the runtime on {node} ({how:*}) and restart it.', ({ h, node, how }) => `在 ${node} 的 Runtime 中設定 handler「${h}」（${how}），然後重新啟動 Runtime。`),
    phrase(' in config.toml', '，在 config.toml 中'),
    phrase('Or add scheduling.nodeSelector to the RuntimeClass so these Pods only land on nodes that have the handler.', '或在 RuntimeClass 加上 scheduling.nodeSelector，讓這些 Pod 只排到有這個 handler 的節點。'),
  ],
  'cni/sandbox-image': [
    phrase('The container runtime on node "{node:q}" cannot get its sandbox (pause) image "{image:q}", so it cannot create any Pod sandbox: {detail:$}', ({ node, image, detail }) => `節點「${node}」上的 Container Runtime 無法取得它的沙箱（pause）映像檔「${image}」，所以無法建立任何 Pod 沙箱：「${detail}」`),
    phrase("If the node cannot reach that registry, import the image ({cmd:*}) or point containerd's sandbox_image at a reachable mirror.", ({ cmd }) => `如果節點連不上那個 Registry，匯入映像檔（${cmd}），或把 containerd 的 sandbox_image 指向連得到的 mirror。`),
    phrase('On {node}: {cmd:*}   (shows the registry error first-hand)', ({ node, cmd }) => `在 ${node} 上：${cmd}   （直接看到 Registry 的錯誤）`),
  ],
  'cni/sandbox-network-failed': [
    phrase('The Pod has no sandbox on node "{node:q}": {why:$}', ({ node, why }) => `Pod 在節點「${node}」上沒有沙箱：${why}`),
    phrase('the CNI configuration names plugin "{p:q}", but no such binary is installed in {dirs:*}.', ({ p, dirs }) => `CNI 設定指定了外掛程式「${p}」，但 ${dirs} 中沒有安裝這個執行檔。`),
    phrase('CNI plugin "{p:q}" (network "{net:q}") failed to set up the Pod\'s network: {detail:$}', ({ p, net, detail }) => `CNI 外掛程式「${p}」（網路「${net}」）無法設定 Pod 的網路：「${detail}」`),
    phrase('CNI plugin "{p:q}" (network "{net:q}") failed: {detail:$}', ({ p, net, detail }) => `CNI 外掛程式「${p}」（網路「${net}」）失敗：「${detail}」`),
    phrase('CNI plugin "{p:q}" failed: {detail:$}', ({ p, detail }) => `CNI 外掛程式「${p}」失敗：「${detail}」`),
    phrase('the runtime could not create the Pod sandbox: {detail:$}', ({ detail }) => `Runtime 無法建立 Pod 沙箱：「${detail}」`),
    phrase('Check the CNI configuration in /etc/cni/net.d on {node} for a typo in "type".', ({ node }) => `檢查 ${node} 上 /etc/cni/net.d 中的 CNI 設定，看「type」有沒有打錯字。`),
    phrase('On {node}: {cmd:*}   (install the missing plugin binary; the CNI DaemonSet usually copies it there)', ({ node, cmd }) => `在 ${node} 上：${cmd}   （安裝缺少的外掛程式執行檔；CNI DaemonSet 通常會把它複製到那裡）`),
    phrase('On {node}: {cmd:$}', ({ node, cmd }) => `在 ${node} 上：${cmd}`),
    phrase("Read the CNI agent's logs on {node} ({cmd:*}) and journalctl -u containerd there.", ({ node, cmd }) => `閱讀 ${node} 上 CNI agent 的日誌（${cmd}），以及那裡的 journalctl -u containerd。`),
    describeNode,
    phrase('{cmd:*}   (the CNI agent Pod on {node} must be Running; read its logs)', ({ cmd, node }) => `${cmd}   （${node} 上的 CNI agent Pod 必須是 Running；閱讀它的日誌）`),
  ],
  'cni/sandbox-stuck': [
    phrase('The kubelet on "{node:q}" started the Pod {age:d} ago, but its sandbox and network (Pod IP) have not been set up since.', ({ node, age }) => `「${node}」上的 kubelet 在 ${age} 前啟動了 Pod，但它的沙箱與網路（Pod IP）到現在都還沒有建立。`),
    phrase('On {node}: {cmd:$}', ({ node, cmd }) => `在 ${node} 上：${cmd}`),
  ],
};
