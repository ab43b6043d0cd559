import type { RuleText } from '../rule-text-type.js';

export const SCHEDULING: Record<string, RuleText> = {
  'scheduling/host-port-conflict': {
    title: 'Pod 要求的 hostPort 在每個節點上都被佔用',
    docs: {
      description: '容器要求了 `hostPort`，而每個候選節點上都已有其他 Pod 佔用相同的連接埠與協定（`node(s) didn\'t have free ports for the requested pod ports`）。一個 hostPort 在每個節點上只能給一個 Pod 使用。',
      causes: ['使用 hostPort 的工作負載副本數比節點數還多', '滾動更新時新 Pod 被多排到舊 Pod 仍佔用該連接埠的節點', '其他工作負載（ingress 控制器、節點代理程式）使用了相同的連接埠'],
      fix: ['拿掉 hostPort，改用 Service（ClusterIP/NodePort/LoadBalancer）對外提供 Pod', '讓副本數 ≤ 節點數（或改用 DaemonSet），並在更新策略中使用 maxSurge: 0', '換一個連接埠'],
    },
  },
  'scheduling/insufficient-resources': {
    title: '沒有任何節點有足夠的 cpu、記憶體或其他資源',
    docs: {
      description: '排程器找不到任何節點的可分配容量（扣掉已在上面的 Pod 的 requests 後）足以滿足 Pod 的 requests（`Insufficient cpu`、`Insufficient memory`、`Insufficient ephemeral-storage`、`Insufficient <extended resource>`）。',
      causes: [
        'Pod 要求的量超過任何節點能提供的（例如打錯成 `64` cpu 或 `512Gi` 記憶體，或節點太小）',
        '節點已被其他 Pod 的 requests 佔滿（計算的是 requests，不是實際用量）',
        '沒有任何節點提供某個擴充資源（例如 nvidia.com/gpu）：它的 device plugin 沒有執行',
        '沒有 cluster autoscaler，或 autoscaler 無法加入合適的節點（節點群組已達上限、沒有相符的節點群組）',
      ],
      fix: [
        '比較 Pod 的 requests 與節點的可分配及已分配資源：kubectl describe nodes | grep -A8 "Allocated resources"',
        '若 requests 設得過大就調低：kubectl set resources deploy/NAME -c CONTAINER --requests=cpu=500m,memory=512Mi',
        '新增節點或改用更大的節點，或交給 cluster autoscaler（檢查它的 NotTriggerScaleUp 事件）',
        '釋出容量：縮減或移除 requests 設得比實際需要大的工作負載',
      ],
    },
  },
  'scheduling/no-nodes': {
    title: '叢集中沒有任何節點',
    docs: {
      description: '排程器完全沒有節點可以考慮（`no nodes available to schedule pods`，或 `0/0 nodes are available`）。',
      causes: ['新叢集的節點還沒加入', '所有節點都被刪除了（可縮到零的節點群組、失敗的節點池）', 'kubelet 無法向 API Server 註冊（憑證、bootstrap token、網路）'],
      fix: ['kubectl get nodes', '啟動或新增節點；在應該加入的機器上查看 kubelet 日誌（journalctl -u kubelet）'],
    },
  },
  'scheduling/node-selector-mismatch': {
    title: '沒有節點符合 Pod 的 nodeSelector 或必要的 node affinity',
    docs: {
      description: 'Pod 的 `nodeSelector` 或 `requiredDuringSchedulingIgnoredDuringExecution` node affinity 排除了所有節點（`node(s) didn\'t match Pod\'s node affinity/selector`）。kdiag 會列出選擇條件，以及每個節點不符的標籤。',
      causes: ['沒有任何節點有這個標籤（打錯字，或從未加上標籤，例如 `disktype=ssd`）', '符合的節點已滿、有 taint 或已 cordon，只剩不符合的節點', '指定了某個 zone 或機型，但沒有這類節點（也沒有對應的 autoscaler 節點群組）'],
      fix: ['顯示選擇條件用到的標籤：kubectl get nodes -L KEY1,KEY2', '為應該執行 Pod 的節點加上標籤：kubectl label node NODE KEY=VALUE', '或修正工作負載 Pod 範本中的 selector／affinity'],
    },
  },
  'scheduling/not-scheduled-long': {
    title: '很久沒有被排程，也沒有排程器說明原因',
    docs: {
      description: 'Pod 等待被繫結到節點的時間已超過卡住門檻（預設 10 分鐘），而且沒有其他原因可以解釋：沒有 scheduling gate，也沒有 kdiag 認得的 `FailedScheduling` 原因。完全沒有 PodScheduled 狀況時，表示沒有任何排程器看過這個 Pod。只有在沒有其他規則找到原因時才會回報。',
      causes: ['`spec.schedulerName` 指定的排程器沒有在執行（名稱打錯，或從未安裝的第二個排程器）', 'kube-scheduler 沒有在執行，或連不到 API Server', '排程器的訊息在已過期或沒有被擷取的事件中'],
      fix: ["查看 Pod 要求的排程器：kubectl get pod POD -o jsonpath='{.spec.schedulerName}'", '確認它在執行：kubectl get pods -n kube-system -l component=kube-scheduler（或自訂排程器的 Deployment）', '查看即時事件：kubectl describe pod POD'],
    },
  },
  'scheduling/pod-affinity': {
    title: '必要的 Pod affinity 或 anti-affinity 規則排除了所有節點',
    docs: {
      description: 'Pod 之間的 affinity 規則排除了節點：Pod 本身必要的 affinity（`node(s) didn\'t match pod affinity rules`）或 anti-affinity（`node(s) didn\'t match pod anti-affinity rules`），或已在執行的 Pod 的 anti-affinity（`node(s) didn\'t satisfy existing pods anti-affinity rules`）。',
      causes: ['在 kubernetes.io/hostname（或 zone）上設定了必要的 anti-affinity，但副本數比節點數（或 zone 數）多', '必要的 affinity 指向（還）沒在執行的 Pod，或位在該條件沒有選到的其他命名空間', '已存在的某個 Pod 的 anti-affinity 選到了這個 Pod 的標籤'],
      fix: ['查看規則：kubectl get pod POD -o jsonpath="{.spec.affinity}"', '若分散只是希望而非必要，改用 preferredDuringSchedulingIgnoredDuringExecution', '新增節點（或 zone），或把副本數降到拓撲網域的數量'],
    },
  },
  'scheduling/pvc-not-found': {
    title: 'Pod 掛載的 PersistentVolumeClaim 不存在',
    docs: {
      description: '排程器的 VolumeBinding PreFilter 拒絕了 Pod，因為某個 Volume 指定的 PersistentVolumeClaim 不在這個命名空間中（`persistentvolumeclaim "x" not found`）。',
      causes: [
        '從未建立這個 claim，或建立在其他命名空間',
        '`spec.volumes[].persistentVolumeClaim.claimName` 打錯字',
        '工作負載仍引用這個 claim 時，它被刪除了',
        'StatefulSet 的 claim 名稱為 `<template>-<statefulset>-<ordinal>`；Pod 範本的 Volume 直接寫了範本名稱，而不是使用 volumeClaimTemplates',
      ],
      fix: ['列出 claim：kubectl get pvc -n NAMESPACE', '建立這個 claim，或修正 Pod 範本中的 claimName'],
    },
  },
  'scheduling/scheduling-gated': {
    title: 'Pod 被 scheduling gate 擋住',
    docs: {
      description: 'Pod 設有 `spec.schedulingGates`（PodScheduled=False 狀況，原因 `SchedulingGated`：`Scheduling is blocked due to non-empty scheduling gates`）。在所有 gate 移除之前，排程器不會處理它；通常由加上 gate 的控制器（工作佇列或配額管理器）移除。一律只是警告：等待可能是刻意的。',
      causes: ['佇列或配額控制器（例如 Kueue）還沒接受這個工作負載', '負責這個 gate 的控制器沒有執行，沒有人會移除它', 'gate 是手動或由 mutating webhook 加上後被遺忘的'],
      fix: [
        '查看 gate：kubectl get pod POD -o jsonpath="{.spec.schedulingGates}"',
        '檢查負責這個 gate 的控制器（名稱通常看得出是哪一個），以及它為什麼還沒接受 Pod',
        '只有在沒有控制器負責時才手動移除 gate：kubectl patch pod POD --type=json -p \'[{"op":"remove","path":"/spec/schedulingGates"}]\'',
      ],
    },
  },
  'scheduling/too-many-pods': {
    title: '節點已達 Pod 數量上限',
    docs: {
      description: '節點上執行的 Pod 數已達它可分配的 `pods` 數量（kubelet 的 maxPods，預設 110；在 CNI 每個節點只配發固定數量 IP 的代管叢集上通常更低）。',
      causes: ['每個節點上有許多小型 Pod（已結束的 Pod 不計）', '節點的 maxPods 偏低（雲端 CNI 依 ENI/IP 數量限制每個節點的 Pod 數）', '節點數量不足以承載工作負載'],
      fix: ['查看上限與目前數量：kubectl get nodes -o custom-columns=NAME:.metadata.name,MAXPODS:.status.allocatable.pods', '新增節點（或讓 autoscaler 新增），或在 CNI 允許時提高 kubelet 設定中的 maxPods', '移除不再需要的工作負載'],
    },
  },
  'scheduling/topology-spread': {
    title: 'Topology spread 條件讓 Pod 沒有節點可去',
    docs: {
      description: '在每個候選節點上都會違反某個 `DoNotSchedule` 的 topology spread 條件（`node(s) didn\'t match pod topology spread constraints`），或節點缺少條件的 topologyKey 標籤（`... (missing required label)`）。',
      causes: ['Pod 已經分散到 maxSkew 的極限，而還有空間的網域正是會超過上限的那些', '節點沒有 topologyKey 標籤（例如裸機或 kind 節點上沒有 topology.kubernetes.io/zone）', '某個網域（zone）已沒有可排程的節點，或節點被 Pod 本身的 node affinity 排除'],
      fix: ['查看條件：kubectl get pod POD -o jsonpath="{.spec.topologySpreadConstraints}"', '為節點加上 topologyKey 標籤，或改用 whenUnsatisfiable: ScheduleAnyway', '在相符 Pod 最少的網域增加容量，或提高 maxSkew'],
    },
  },
  'scheduling/unbound-pvc': {
    title: 'Pod 在等待無法繫結的 PersistentVolumeClaim',
    docs: {
      description: '在 PersistentVolumeClaim 繫結（`pod has unbound immediate PersistentVolumeClaims`），或能在某個節點上繫結（WaitForFirstConsumer 類別的 `node(s) didn\'t find available persistent volumes to bind`）之前，排程器無法安排這個 Pod。根本原因在 claim：kdiag 會讀取 PVC、它的 StorageClass 與事件來說明原因。',
      causes: [
        'claim 沒有指定 StorageClass，而叢集也沒有預設的（`FailedBinding: no persistent volumes available for this claim and no storage class is set`）',
        '它指定的 StorageClass 不存在（`ProvisioningFailed: storageclass.storage.k8s.io "x" not found`）',
        'provisioner 失敗或沒有執行（`ProvisioningFailed`，或 `ExternalProvisioning` 反覆出現卻沒有進展）',
        '靜態繫結的 claim（`storageClassName: ""`）沒有相符的 PersistentVolume，或 local volume 類別在可用的節點上沒有空的 Volume',
      ],
      fix: [
        '查看 claim 的事件：kubectl describe pvc NAME -n NAMESPACE',
        '列出所有類別與預設類別：kubectl get storageclass',
        '修正類別（重新建立 claim：storageClassName 不可變更）、設定預設類別，或建立相符的 PersistentVolume',
        '若是佈建失敗，查看 CSI 控制器的日誌',
      ],
    },
  },
  'scheduling/unschedulable': {
    title: '排程器無法安排這個 Pod',
    docs: {
      description: 'Pod 無法排程，而原因不屬於任何更具體的 kdiag 規則（Volume 附加數量上限、ReadWriteOncePod 衝突、DRA claim、排程器錯誤……）。這個發現會列出排程器依原因統計的節點數。',
      causes: ['CSI 附加數量上限、正在使用中的 ReadWriteOncePod claim、缺少 CSI 驅動程式', '無法滿足的 Dynamic Resource Allocation claim', '排程器外掛程式內部發生錯誤（PodScheduled 原因為 SchedulerError）'],
      fix: ['查看排程器的完整訊息：kubectl describe pod POD（Events 與 Conditions）', '每一項 `<count> <reason>` 表示有幾個節點因該原因失敗；修正涵蓋 Pod 應該執行之節點的那個原因'],
    },
  },
  'scheduling/unschedulable-nodes': {
    title: '節點已被 cordon（標記為不可排程）',
    docs: {
      description: '節點設有 `spec.unschedulable: true`（通常是維護時以 `kubectl cordon` 或 `kubectl drain` 標記），不再接收新的 Pod（`node(s) were unschedulable`）；或節點完全沒有回報任何狀況（`node(s) had unknown conditions`）。',
      causes: ['正在進行 drain 或升級，或中途停止而讓節點保持 cordon', '自動化工具（node problem detector、autoscaler 縮減）cordon 了節點', '節點已註冊，但它的 kubelet 從未回報狀態'],
      fix: ['列出被 cordon 的節點：kubectl get nodes（STATUS 顯示 SchedulingDisabled）', '維護結束後：kubectl uncordon NODE', '或新增可排程的節點'],
    },
  },
  'scheduling/untolerated-taint': {
    title: '節點上有 Pod 沒有對應 toleration 的 taint',
    docs: {
      description: '部分或全部節點有 NoSchedule/NoExecute taint，而 Pod 沒有相符的 toleration（`node(s) had untolerated taint(s)`；1.33 以前會印出 taint：`node(s) had untolerated taint {key: value}`）。1.35（以及較新的 1.34 修補版）不再印出 taint，所以 kdiag 會讀取節點來指出是哪些 taint。',
      causes: ['節點專供某個團隊或工作負載使用（例如 `dedicated=gpu:NoSchedule`），而 Pod 缺少 toleration', '只剩下 control-plane 節點（`node-role.kubernetes.io/control-plane`）', '節點健康狀態的 taint（`node.kubernetes.io/not-ready`、`unreachable`、`disk-pressure`……）：真正的問題在節點'],
      fix: [
        '列出 taint：kubectl get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints',
        'Pod 應該使用的專用節點：在 Pod 範本加上 toleration（spec.tolerations）',
        '誤設的 taint：kubectl taint node NODE KEY[=VALUE]:EFFECT-',
        '節點健康狀態的 taint：修復節點（kubectl describe node NODE）；節點恢復後 node controller 會移除 taint',
      ],
    },
  },
  'scheduling/volume-node-affinity': {
    title: 'Pod 的 PersistentVolume 被限定在 Pod 無法使用的節點',
    docs: {
      description: '已繫結的 PersistentVolume 設有 node affinity（zone 磁碟，或位在某個節點上的 local volume），而它允許的節點都無法接收這個 Pod（1.33 起為 `node(s) didn\'t match PersistentVolume\'s node affinity`，之前為 `node(s) had volume node affinity conflict`；VolumeZone 則為 `node(s) had no available volume zone`）。',
      causes: ['zone 磁碟所在的 zone 已沒有可排程的節點（該 zone 的節點群組縮到零，或 Pod 本身的 affinity 排除了該 zone）', 'local PersistentVolume 所在的節點已被刪除或替換', 'Volume 允許的節點已滿、有 taint 或已 cordon'],
      fix: ['查看這個 Volume 可在哪裡使用：kubectl get pv PV -o jsonpath="{.spec.nodeAffinity}"', '讓那裡有可用的節點（在該 zone 新增節點、uncordon、釋出容量）', 'local volume 的節點已不存在時：資料也隨之消失；刪除 claim，讓工作負載重新建立'],
    },
  },
};
