import type { RuleText } from '../rule-text-type.js';

export const CNI: Record<string, RuleText> = {
  'cni/cni-not-initialized': {
    title: '節點的 CNI 網路外掛程式尚未初始化',
    docs: {
      description: 'Pod 所在節點的 Container Runtime 沒有可用的 CNI 設定，無法為 Pod 提供網路：kubelet 發出 NetworkNotReady（「network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized」）、節點以相同文字顯示 Ready=False，或建立沙箱時失敗，訊息為 `cni plugin not initialized`／`no network config found in /etc/cni/net.d`（containerd）／`no CNI configuration file in /etc/cni/net.d/. Has your network provider started?`（CRI-O）。hostNetwork 的 Pod 不受影響。',
      causes: ['沒有安裝 CNI DaemonSet（Calico、Cilium、Flannel……），或它在這個節點上的 Pod 還沒執行（它啟動時才會把設定寫進 /etc/cni/net.d）', '新節點加入，它的 CNI Pod 仍在啟動，或拉不到映像檔', 'Runtime 讀取的設定／執行檔目錄與 CNI 安裝的位置不同（containerd 的 conf_dir／bin_dir）'],
      fix: ['kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=NODE   （CNI 的 Pod 是否 Running？）', '叢集沒有網路附加元件時請安裝一個', '在節點上：ls /etc/cni/net.d /opt/cni/bin；journalctl -u containerd | grep -i cni'],
    },
  },
  'cni/ip-exhausted': {
    title: '節點的 Pod IP 範圍已用完',
    docs: {
      description: 'CNI 的 IPAM 外掛程式（host-local）在節點的範圍內已沒有可用位址：`failed to allocate for range 0: no IP addresses available in range set: <start>-<end>`。在位址釋出前，這個節點上的新 Pod 都無法取得網路，所以從第一個事件起就判定為錯誤（不像大多數沙箱錯誤有 graceMs 的寬限期）。',
      causes: ['IP 洩漏：容器被移除時沒有執行 CNI DEL（Runtime 當機、非正常重新開機），保留紀錄仍留在 /var/lib/cni/networks/<network>/', '節點執行的 Pod 數超過它的 Pod CIDR 能容納的數量（maxPods 大於範圍）', '大量短暫的 Pod（Job）更替得比位址釋出還快'],
      fix: ['在節點上：ls /var/lib/cni/networks/<network>/，與執行中的沙箱（crictl pods）比對；移除已不存在之沙箱的保留紀錄，或 drain 後重新開機', '讓 maxPods 小於節點 Pod CIDR 的大小（kube-controller-manager --node-cidr-mask-size）'],
    },
  },
  'cni/node-network-unavailable': {
    title: 'Pod 所在的節點回報 NetworkUnavailable',
    docs: {
      description: '節點狀況 NetworkUnavailable 為 True：雲端路由控制器無法建立節點 Pod 網路的路由（NoRouteCreated「RouteController failed to create a route」），或 CNI（Calico 等會設定自己的原因）回報節點網路中斷。那裡的 Pod 可能拿不到網路，與其他節點之間的流量也會失敗。Pod 仍在等待沙箱時回報為錯誤，已在執行的 Pod 則回報為警告。',
      causes: ['雲端路由控制器無法為節點的 podCIDR 建立路由（路由配額、權限）', '節點上的 CNI 代理程式（例如 calico-node）停止，並把節點網路標記為不可用', '新節點的網路尚未設定好（node.kubernetes.io/network-unavailable taint 會讓大多數 Pod 不排到這裡）'],
      fix: ['kubectl describe node NODE   （NetworkUnavailable 的原因與訊息）', '檢查節點上的 CNI 代理程式 Pod，或 cloud-controller-manager 路由控制器的日誌'],
    },
  },
  'cni/runtime-handler-missing': {
    title: '節點的 Runtime 沒有 Pod 的 RuntimeClass 所需的 handler',
    docs: {
      description: 'Pod 指定的 RuntimeClass，其 handler（kata、runsc/gVisor、nvidia、wasm……）不在節點 Container Runtime 的設定中：containerd 顯示 `failed to get sandbox runtime: no runtime for "<handler>" is configured`，CRI-O 顯示 `failed to find runtime handler <handler> from runtime list map[…]`。這不會自行排除。',
      causes: ['這個節點的 Runtime 沒有設定該 handler（containerd 的 [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.<handler>]，CRI-O 的 [crio.runtime.runtimes.<handler>]）', 'RuntimeClass 沒有 nodeSelector（scheduling.nodeSelector），所以 Pod 會落在沒有該 handler 的節點', 'RuntimeClass 中的 handler 名稱拼錯'],
      fix: ['kubectl get runtimeclass NAME -o yaml   （handler、scheduling.nodeSelector）', '在節點的 Runtime 中設定 handler 並重新啟動，或在 RuntimeClass 加上 scheduling.nodeSelector，讓這類 Pod 只排到支援的節點'],
    },
  },
  'cni/sandbox-image': {
    title: '無法拉取沙箱（pause）映像檔',
    docs: {
      description: '每個 Pod 沙箱都執行 Runtime 的 pause 映像檔。當節點上沒有這個映像檔又拉不到時，containerd 會在 FailedCreatePodSandBox 中回報 `failed to get sandbox image "<pause>": <pull error>`，這個節點上的 Pod 都無法啟動。',
      causes: ['隔離網路或經由 Proxy 的節點連不上存放 pause 映像檔的 Registry（預設為 registry.k8s.io）', 'Runtime 設定的 pause 映像檔（containerd 的 sandbox_image／CRI-O 的 pause_image）不存在或需要憑證', '映像檔垃圾回收移除了 pause 映像檔，而 Registry 連不上'],
      fix: ['在節點上：crictl images | grep pause；crictl pull <pause image>', '隔離網路：匯入它（ctr -n k8s.io images import pause.tar）並固定設定（containerd sandbox_image）', '讓 Runtime 改用有提供 pause 映像檔的 Registry mirror'],
    },
  },
  'cni/sandbox-network-failed': {
    title: '無法建立 Pod 的沙箱或其網路',
    docs: {
      description: 'kubelet 一直無法建立 Pod 沙箱（FailedCreatePodSandBox「Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox …」）。通常是 CNI 外掛程式失敗（`plugin type="calico" failed (add): …`）、缺少外掛程式執行檔（`failed to find plugin "<type>" in path [/opt/cni/bin]`），或節點上的 CNI 代理程式沒有執行（flannel 缺少 subnet.env、calico 缺少 nodename、Cilium 代理程式連不上）。沙箱錯誤會重試，所以在最初的 graceMs 內是警告，之後才是錯誤——缺少外掛程式執行檔除外，它不會自己出現，立即判定為錯誤；Pod 之後已啟動的舊失敗會被忽略。',
      causes: ['節點上的 CNI 代理程式（calico-node、cilium、kube-flannel）沒有執行或尚未就緒', '/etc/cni/net.d 中指定的 CNI 外掛程式執行檔沒有安裝在 /opt/cni/bin', 'CNI 外掛程式連不上它的資料儲存區或 API Server（token 過期、網路政策、etcd 停止）', '與網路無關的沙箱失敗（pause 容器無法啟動、cgroup 錯誤）'],
      fix: ['kubectl describe pod POD -n NS（FailedCreatePodSandBox 事件）', 'kubectl get pods -A -o wide --field-selector spec.nodeName=NODE（CNI 代理程式 Pod 的狀態與日誌）', '在節點上：ls /etc/cni/net.d /opt/cni/bin；journalctl -u containerd'],
    },
  },
  'cni/sandbox-stuck': {
    title: '很久沒有沙箱或網路，也沒有事件說明原因',
    docs: {
      description: 'kubelet 啟動 Pod 的時間已超過卡住門檻（預設 10 分鐘），但它的沙箱（pause 容器、網路命名空間與 Pod IP）仍不存在，也沒有 `FailedCreatePodSandBox` 或其他 kdiag 認得的錯誤可以解釋。只有在沒有其他規則找到原因時才會回報；說明原因的事件可能已過期。',
      causes: ['Container Runtime 建立沙箱時卡住（拉取 pause 映像檔，或 CNI ADD 呼叫卡住）', 'CNI 外掛程式卡住（等待 IPAM 伺服器或它的 daemon）而沒有回傳錯誤', '說明原因的事件已過期（事件大約保留一小時）'],
      fix: ['查看即時事件：kubectl describe pod POD', '在節點上：crictl pods --name POD；journalctl -u containerd -u kubelet --since "30 min ago" | grep -i sandbox'],
    },
  },
};
