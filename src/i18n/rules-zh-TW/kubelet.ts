import type { RuleText } from '../rule-text-type.js';

export const KUBELET: Record<string, RuleText> = {
  'kubelet/admission-rejected': {
    title: 'kubelet 在准入時拒絕了 Pod',
    docs: {
      description: '排程器把 Pod 繫結到節點，但該節點的 kubelet 拒絕接收它，並把它設為 Failed phase，status.reason 為 OutOf<resource>、NodeAffinity、TaintToleration、UnexpectedAdmissionError、TopologyAffinityError、NodeShutdown……，status.message 為「Pod was rejected: …」。被拒絕的 Pod 不會重新啟動；控制器會建立替代的 Pod。',
      causes: [
        'OutOfcpu／OutOfmemory／OutOfpods：kubelet 看到的可用資源與排程器不同（以 spec.nodeName 直接繫結的 Pod、static Pod、kubelet 重新啟動後的競態）',
        'OutOf<extended resource> 或 UnexpectedAdmissionError：device plugin（GPU……）還沒註冊它的裝置',
        'NodeAffinity／TaintToleration：排程後節點的標籤或 taint 有變動，或 spec.nodeName 繞過了排程器',
        'TopologyAffinityError／SMTAlignmentError：Topology Manager 或 CPU Manager 的政策無法滿足要求',
        'NodeShutdown：節點正在關機',
      ],
      fix: ['查看 status.message：kubectl get pod POD -n NS -o jsonpath="{.status.reason}: {.status.message}"', '不要用 spec.nodeName 繫結 Pod；讓排程器挑選（nodeSelector／affinity）', '原因修正後刪除被拒絕的 Pod：kubectl delete pod POD -n NS（控制器會重新建立）'],
    },
  },
  'kubelet/create-container-config-error': {
    title: 'kubelet 無法產生容器設定（CreateContainerConfigError）',
    docs: {
      description: '建立容器前，kubelet 會解析它的環境變數（ConfigMap／Secret 參照）、securityContext 與掛載。解析失敗時，容器以 CreateContainerConfigError 原因等待，kubelet 會重試。',
      causes: [
        'env／envFrom 參照的 ConfigMap 或 Secret 不存在：configmap "<name>" not found',
        '參照的 key 不存在：couldn\'t find key <key> in ConfigMap <ns>/<name>',
        '設定了 runAsNonRoot，但映像檔以 root 執行，或它的使用者不是數字',
        'volumeMount 指定了 Pod 沒有定義的 Volume，或無法準備 subPath',
        '暫時性：failed to sync configmap cache／object "ns"/"name" not registered（kubelet 快取尚未同步）',
      ],
      fix: ['kubectl describe pod POD -n NS（Failed 事件寫著「Error: …」）', '建立缺少的 ConfigMap／Secret 或 key，或修正名稱；可有可無的參照標記 optional: true', '為 runAsNonRoot 設定非 0 的數字 securityContext.runAsUser'],
    },
  },
  'kubelet/deadline-exceeded': {
    title: 'Pod 執行時間超過它的 activeDeadlineSeconds',
    docs: {
      description: 'Pod 設定了 spec.activeDeadlineSeconds，而它在節點上的執行時間超過了這個值，所以 kubelet 終止了它，並標記為 Failed，status.reason 為 DeadlineExceeded（「Pod was active on the node longer than the specified deadline」）。它不會重新啟動。',
      causes: ['工作花的時間超過期限（輸入緩慢、卡住、重試迴圈）', '期限對這項工作來說太緊，或計時開始得比預期早（拉取映像檔與等待 Volume 的時間也算在內）'],
      fix: ['kubectl get pod POD -n NS -o jsonpath="{.spec.activeDeadlineSeconds} {.status.startTime}"', '提高 Pod 範本中的 activeDeadlineSeconds，或讓工作更快完成（查看最後一次執行的日誌：kubectl logs POD -n NS）'],
    },
  },
  'kubelet/evicted': {
    title: 'kubelet 驅逐了這個 Pod',
    docs: {
      description: 'kubelet 為了在資源吃緊時回收節點資源（記憶體、磁碟、inode、PID）而結束了 Pod（Failed phase，status.reason Evicted）；或 Pod 超過了 ephemeral-storage limit；或節點有 DiskPressure／MemoryPressure 而在准入時拒絕了 Pod。被驅逐的 Pod 不會重新啟動；控制器會建立替代的 Pod，可能仍在同一個節點上。',
      causes: ['節點記憶體吃緊：Pod 用的記憶體超過它的 requests（最先被驅逐）', '節點磁碟吃緊（nodefs／imagefs）：日誌、emptyDir Volume 或映像檔塞滿了磁碟', '容器超過 resources.limits.ephemeral-storage，或 emptyDir 超過它的 sizeLimit', '准入：「The node had condition: [DiskPressure]」——Pod 抵達時節點已經資源吃緊'],
      fix: [
        '查看訊息：kubectl get pod POD -n NS -o jsonpath="{.status.message}"',
        '設定符合實際用量的 requests（kubectl top pod）與 limits；設定 ephemeral-storage limits 與 emptyDir sizeLimit',
        '檢查節點：kubectl describe node NODE（MemoryPressure／DiskPressure、EvictionThresholdMet 事件）',
        '清除被驅逐的 Pod：kubectl delete pods -n NS --field-selector=status.phase==Failed',
      ],
    },
  },
  'kubelet/node-lost': {
    title: 'Pod 所在的節點失去回應（NodeLost）',
    docs: {
      description: 'status.reason 為 NodeLost：node controller 已放棄 Pod 執行所在的節點（「Node <node> which was running pod <pod> is unresponsive」）。這是舊版（以 taint 驅逐之前）的標記；Kubernetes 1.31–1.36 不再設定它，所以它來自舊叢集或舊的 dump。kubectl 會把這種 Pod 顯示為 Unknown。',
      causes: ['節點與 control plane 失聯（機器停機、網路分割、kubelet 停止）'],
      fix: ['kubectl describe node NODE；讓節點恢復，或在它確定不會回來時刪除它（kubectl delete node NODE）', '由控制器管理的 Pod 在舊 Pod 刪除後會被替換；確認節點已停機後，卡住的 Pod 可以強制刪除：kubectl delete pod POD -n NS --grace-period=0 --force'],
    },
  },
  'kubelet/node-missing': {
    title: 'Pod 被繫結到不存在的節點',
    docs: {
      description: 'spec.nodeName 指定的節點不在叢集中（節點清單已讀取）。沒有任何 kubelet 會執行這個 Pod：Pod 繫結時節點被刪除了，或這個名稱從來不屬於任何已註冊的 kubelet。',
      causes: ['節點被刪除（autoscaler 縮減、替換，或 `kubectl delete node`），Pod 垃圾回收器還沒移除它的 Pod', 'spec.nodeName 是手動（或由自訂排程器）設定的，沒有 kubelet 以這個名稱註冊', '那台機器上的 kubelet 從未註冊（--hostname-override 錯誤、TLS bootstrap 失敗）'],
      fix: ['kubectl get nodes   （名稱在不在？拼法是否不同？）', '刪除 Pod，讓控制器在正常的節點上重新建立：kubectl delete pod POD -n NS', '不要手動設定 spec.nodeName：使用 nodeSelector 或 node affinity，讓排程器挑選正常的節點'],
    },
  },
  'kubelet/node-not-ready': {
    title: 'Pod 所在的節點 NotReady 或連不上',
    docs: {
      description: 'Pod 繫結的節點回報 Ready=False（它的 kubelet 表示無法執行 Pod）或 Ready=Unknown（它的 kubelet 停止回報狀態，control plane 不再知道那裡在執行什麼）。在節點恢復或 Pod 被驅逐之前，Pod 無法啟動，也無法持續執行。',
      causes: [
        'Ready=Unknown（NodeStatusUnknown「Kubelet stopped posting node status.」）：機器停機、與 API Server 網路分割，或 kubelet 行程停止',
        'Ready=False，因為 Container Runtime 停止或沒有回應（container runtime not ready／is down）',
        'Ready=False，因為 PLEG 不健康：Runtime 卡住或負載過重',
        'Ready=False，因為網路外掛程式尚未就緒（此時 Pod 卡在 CNI 階段：見 cni/cni-not-initialized）',
        'Ready=False，因為缺少節點容量資訊（device plugin 或 cAdvisor 尚未回報）',
      ],
      fix: [
        'kubectl describe node NODE   （Conditions、Taints、Events）',
        '在節點上：systemctl status kubelet containerd；journalctl -u kubelet -u containerd --since "30 min ago"',
        '節點確定不會回來時：kubectl delete node NODE（上面的 Pod 會被垃圾回收，由控制器在其他地方重新建立）',
        'node controller 會加上 node.kubernetes.io/not-ready 或 node.kubernetes.io/unreachable 的 NoExecute taint；Pod 在 tolerationSeconds（預設 300 秒）後被刪除',
      ],
    },
  },
  'kubelet/node-shutdown': {
    title: 'Pod 因節點關機而被終止',
    docs: {
      description: '節點正常關機：kubelet 偵測到機器正在關機，終止了 Pod，並標記為 Failed，status.reason 為 Terminated（「Pod was terminated in response to imminent node shutdown.」）。Pod 不會重新啟動；這個 Pod 已永久結束，所以回報為錯誤，而它的控制器（若有）會在其他地方執行替代的 Pod。關機期間在准入時被拒絕的 Pod（原因 NodeShutdown）屬於 kubelet/admission-rejected。',
      causes: ['節點關機或重新開機（維護、spot／可搶佔執行個體被收回、autoscaler 縮減）'],
      fix: ['Pod 本身沒有要修正的地方：確認替代的 Pod 正在執行（kubectl get pods -n NS -l <selector>）', '必須撐過節點失效的工作負載：執行多個分散在不同節點的副本，並加上 PodDisruptionBudget', '刪除遺留的 Pod：kubectl delete pod POD -n NS'],
    },
  },
  'kubelet/node-status-stale': {
    title: '節點狀態比心跳允許的還舊：它已停止回報',
    docs: {
      description: 'Pod 所在的節點仍顯示 Ready=True，但該狀況的 lastHeartbeatTime 比 kubelet 的狀態回報（狀態沒有變化時每 5 分鐘重新回報一次，狀態變化後的第一次則在隨機的 2 分 30 秒到 7 分 30 秒之後，每 10 秒檢查一次）加上節點控制器的寬限（50 秒）所允許的（8 分 30 秒）還舊（以輸入的時鐘計算）。kubelet 已停止回報，而還沒有任何東西把節點標成 Unknown，所以節點與 Pod 的狀態都只是最後一次看到的樣子。Pod 自己有失敗原因時，以那個原因為主，這一項列在它後面（最後一次看到時它的狀態是真的）。輸入的時鐘是檔案的修改時間或讀取標準輸入的時間時（兩者都可能晚於擷取時間），這一項只是警告。',
      causes: ['kubelet 停止回報，而 kube-controller-manager（節點生命週期控制器）沒有在執行，所以節點從未被標成 Unknown', '讀取 dump 時用的時鐘晚於它的擷取時間：被複製過的檔案會有新的修改時間（請用 --now 指定擷取時間）'],
      fix: ['現在就檢查節點：kubectl get node NODE；kubectl get lease -n kube-node-lease NODE', '確認 kube-controller-manager 在執行；在節點上：systemctl status kubelet；journalctl -u kubelet --since "30 min ago"'],
    },
  },
  'kubelet/not-started-long': {
    title: '已繫結到節點很久，但它的 kubelet 還沒有啟動它',
    docs: {
      description: 'Pod 繫結到節點的時間已超過卡住門檻（預設 10 分鐘），但沒有來自該節點 kubelet 的任何狀態：沒有 startTime，也沒有容器狀態。kubelet 尚未接納它，也沒有其他原因（NotReady 的節點、准入錯誤）可以解釋。只有在沒有其他規則找到原因時才會回報。',
      causes: ['該節點的 kubelet 與 API Server 的連線中斷（節點可能很快會變成 NotReady）', 'kubelet 卡住或負載過重，尚未同步它的 Pod', 'spec.nodeName 被手動設成一個 kubelet 不會執行 Pod 的節點（虛擬或被隔離的機器）'],
      fix: ['kubectl get node NODE -o wide；kubectl describe node NODE   （最後心跳、狀況）', '在節點上：systemctl status kubelet；journalctl -u kubelet --since "30 min ago"'],
    },
  },
  'kubelet/preempted': {
    title: 'Pod 被搶佔，讓位給優先順序更高的 Pod',
    docs: {
      description: '可能是排程器選中這個 Pod 作為搶佔目標（事件 Preempted「Preempted by pod <uid> on node <node>」，狀況 DisruptionTarget=True，原因 PreemptionByScheduler）並正在刪除它——這是警告，因為 Pod 依設計離開，控制器會重新建立；也可能是 kubelet 為了接收關鍵 Pod 而終止它（status.reason Preempting，Failed phase）——這是錯誤，因為這個 Pod 已永久結束。',
      causes: ['priorityClass 較高的 Pod 需要空間，而這個 Pod 的優先順序較低', '叢集接近滿載，每個新的高優先順序 Pod 都會驅逐較低的', 'kubelet 搶佔：static 或系統關鍵 Pod 需要節點上的資源'],
      fix: ['kubectl get pod POD -n NS -o jsonpath="{.spec.priorityClassName} {.spec.priority}"；kubectl get priorityclass', '為重要的工作負載設定較高的 priorityClassName，並增加容量（或 cluster autoscaler），讓搶佔很少發生', '檢查替代的 Pod：它可能因為沒有空間而停在 Pending'],
    },
  },
  'kubelet/stuck-terminating': {
    title: 'Pod 卡在 Terminating',
    docs: {
      description: 'Pod 有 deletionTimestamp（API Server 設定為刪除時間加上寬限期），而且已經過了這個時間，Pod 物件卻還在。可能是 finalizer 仍未處理、節點連不上使得 kubelet 無法確認容器已停止，或容器不肯結束。',
      causes: [
        '節點 NotReady／連不上／已刪除：只有它的 kubelet 能確認刪除，所以 Pod 會一直停在 Terminating',
        'metadata.finalizers 中仍有 finalizer，而負責的控制器沒有移除（控制器停止，或沒有人負責的 finalizer）',
        '容器忽略 SIGTERM 而 Runtime 無法終止它（ExceededGracePeriod、FailedKillPod），或 preStop hook 卡住',
        '容器已停止，但 Runtime 無法移除沙箱：FailedKillPod「failed to \\"KillPodSandbox\\" … failed to destroy network for sandbox」，即 CNI 外掛的 DEL 失敗',
        'Volume 無法卸載（「UnmountVolume.TearDown failed for volume …」）：節點上仍有行程佔用它（umount: target is busy；device or resource busy），等待也不會改變，或它的驅動程式沒有回應',
        'kubelet 已完成（deletionGracePeriodSeconds 為 0），只剩 finalizer 擋住物件：該由它的控制器處理，不是 kubelet',
      ],
      fix: [
        'kubectl get pod POD -n NS -o jsonpath="{.metadata.deletionTimestamp} {.metadata.finalizers}"',
        '節點連不上：修復節點；或確認它已停機後，加上 out-of-service taint（kubectl taint node NODE node.kubernetes.io/out-of-service=nodeshutdown:NoExecute），或強制刪除：kubectl delete pod POD -n NS --grace-period=0 --force',
        'finalizer：找出並修復負責的控制器；只有確定安全時才手動移除',
        '容器不結束：檢查節點上的 Runtime（crictl ps、crictl stop），以及應用程式對 SIGTERM 的處理／preStop hook',
      ],
    },
  },
};
