import type { RuleText } from '../rule-text-type.js';

export const VOLUME: Record<string, RuleText> = {
  'volume/attach-failed': {
    title: '無法把 Volume 附加到節點',
    docs: {
      description: 'attach/detach 控制器一直無法把 Pod 的某個 Volume 附加到它的節點（`AttachVolume.Attach failed for volume "<pv>" : …`）：CSI 驅動程式回報錯誤，或它的 external-attacher 從未處理（`timed out waiting for external-attacher of <driver> CSI driver to attach volume <handle>`）。Multi-Attach 錯誤屬於 volume/multi-attach。',
      causes: ['CSI 驅動程式的控制器（external-attacher sidecar）沒有執行，VolumeAttachment 物件永遠不會被處理', '雲端磁碟不存在、在其他 zone，或仍附加在其他地方', '節點已達附加數量上限，或驅動程式缺少權限'],
      fix: ['kubectl get volumeattachment -o wide | grep PV；kubectl describe volumeattachment NAME', '檢查 CSI 控制器的 Deployment 與其 csi-attacher 容器的日誌', '在儲存後端檢查磁碟（是否存在、與節點同一個 zone、沒有附加在其他地方）'],
    },
  },
  'volume/hostpath-type': {
    title: 'hostPath Volume 在節點上沒有通過類型檢查',
    docs: {
      description: 'hostPath Volume 設定了 `type`（Directory、File、Socket、CharDevice、BlockDevice），而節點上的路徑不存在或是其他類型，所以 kubelet 拒絕掛載：`MountVolume.SetUp failed for volume "<v>" : hostPath type check failed: <path> is not a directory`（pkg/volume/hostpath/host_path.go；1.34 叢集上路徑不存在時也是這樣顯示；較新的 kubelet 會加上 `, it\'s a <Type>`，路徑不存在時則顯示 `hostPath <path> doesn\'t exist`）。',
      causes: ['這個節點上沒有該路徑（其他節點可能有）', '路徑存在，但在需要目錄的地方是檔案（或反過來），或是其 daemon 還沒建立的 socket', 'kubelet 在容器中執行（kind、RKE、Talos……），看到的檔案系統與主機不同'],
      fix: ['在節點上：ls -ld PATH', '在每個可能執行 Pod 的節點上建立該路徑，或改用 type DirectoryOrCreate／FileOrCreate', '讓 Pod 只排到有該路徑的節點（nodeSelector），或先啟動會建立 socket 的 daemon'],
    },
  },
  'volume/missing-configmap-or-secret': {
    title: 'ConfigMap 或 Secret Volume 參照了不存在的物件或 key',
    docs: {
      description: 'kubelet 無法設定 configMap／secret（或 projected）Volume，因為物件不在這個命名空間中（`MountVolume.SetUp failed for volume "<v>" : configmap "<name>" not found`），或其中沒有某個 `items[].key`（`configmap references non-existent config key: <key>`）。在物件或 key 出現之前，Pod 會停在 ContainerCreating。',
      causes: ['從未建立這個 ConfigMap／Secret、它在其他命名空間，或名稱拼錯', '它應由其他工具稍後建立（Helm hook、operator、external-secrets），而該工具還沒執行或執行失敗', 'Volume 列出的 items[].key 在物件中不存在'],
      fix: ['kubectl get configmap,secret -n NS', '建立物件（kubectl create configmap|secret …），或修正 Pod 範本中的名稱／key', '若 Pod 沒有它也能執行，把 Volume 標記為 optional: true'],
    },
  },
  'volume/mount-failed': {
    title: '無法在節點上掛載 Volume',
    docs: {
      description: 'kubelet 一直無法設定 Pod 的某個 Volume（`MountVolume.SetUp failed`／`MountVolume.MountDevice failed`／`MapVolume.* failed for volume "<v>" : <error>`）：CSI 驅動程式沒有在節點上註冊、mount(8) 失敗（例如 NFS 的 `exit status 32`，它的 `Output:` 那一行說明原因），或 CSI 驅動程式回報錯誤。缺少 ConfigMap／Secret 與 hostPath 類型檢查另有規則。重試也無法解決的錯誤（裝置被節點上其他行程佔用、export 不存在或拒絕該節點、檔案系統不符、CSI staging 路徑不在這個 kubelet 的根目錄下、驅動程式回報 NotFound 或 InvalidArgument）會立即判為失敗；逾時或驅動程式尚未註冊則有寬限期。',
      causes: ['CSI 驅動程式的 node plugin 沒有在該節點上執行（driver name X not found in the list of registered CSI drivers）', 'NFS／CIFS／iSCSI 伺服器連不上、export 不存在，或節點上沒有安裝用戶端工具', 'CSI 驅動程式的 NodeStage／NodePublish 失敗（rpc error: code = …）', '暫時性的 kubelet 快取競態（object "ns"/"name" not registered、failed to sync configmap cache）：除非持續發生，否則只是警告'],
      fix: ['kubectl describe pod POD -n NS（FailedMount 事件）與 kubectl get csinode NODE', '從節點檢查儲存後端，並查看 CSI node plugin 的日誌'],
    },
  },
  'volume/mount-stuck': {
    title: 'Volume 很久沒有掛載完成，也沒有事件說明原因',
    docs: {
      description: 'kubelet 啟動 Pod 的時間已超過卡住門檻（預設 10 分鐘），它的 Volume（在沙箱與網路建立之前掛載）仍未就緒：Pod 還沒有沙箱，也沒有 kdiag 認得的 `FailedMount`／`FailedAttachVolume` 訊息可以解釋。只有在沒有其他規則找到原因時才會回報；說明原因的事件可能已過期。',
      causes: ['CSI 驅動程式在 NodeStage／NodePublish 卡住而沒有回傳錯誤', 'Volume 的 attach 一直沒有完成（檢查 VolumeAttachment 物件）', '說明原因的事件已過期（事件大約保留一小時）'],
      fix: ['查看即時事件：kubectl describe pod POD', '檢查 attach：kubectl get volumeattachments | grep NODE；以及節點上 CSI node plugin 的日誌'],
    },
  },
  'volume/mount-timeout': {
    title: 'kubelet 等待 Volume 逾時，且沒有更具體的錯誤',
    docs: {
      description: 'kubelet 大約每 2 分鐘放棄等待 Pod 的 Volume，並回報 `Unable to attach or mount volumes: unmounted volumes=[…], unattached volumes=[…], failed to process volumes=[…]: context deadline exceeded`（1.27 以前為 `timed out waiting for the condition`）。這只是摘要：原因通常在另一個 FailedMount／FailedAttachVolume 事件中（那時由更具體的 Volume 規則回報）。沒有這類事件可以解釋時才由這條規則回報——通常是具體的事件已過期，或 Volume 卡在附加階段或 volume manager 中。',
      causes: ['unattached volumes：attach/detach 控制器或 CSI external-attacher 尚未附加磁碟（VolumeAttachment 未附加）', 'failed to process volumes：無法讀取 PVC 或 PV（未繫結、已刪除），kubelet 連掛載都無法開始', '掛載緩慢或卡住（NFS 伺服器沒有回應、CSI NodeStage 一直沒有返回）', '詳細的 FailedMount 事件已過期（事件預設只保留 1 小時）'],
      fix: ['kubectl get volumeattachment | grep PV   （attached: true？）', 'kubectl get pvc,pv -n NS', '在節點上：journalctl -u kubelet | grep -i "volume"'],
    },
  },
  'volume/multi-attach': {
    title: 'Volume 仍附加在其他節點上（Multi-Attach 錯誤）',
    docs: {
      description: 'attach/detach 控制器不會把 ReadWriteOnce Volume 附加到這個 Pod 的節點，因為它仍附加在（或被）另一個節點上（的 Pod 使用）：`Multi-Attach error for volume "<pv>" Volume is already exclusively attached to one node and can\'t be attached to another`／`… Volume is already used by pod(s) <pods>`。只有另一邊的附加解除後才會排除：佔用者是沒有在刪除中的執行中 Pod 時，需要有人處理（deterministic，立即判定失敗）；否則給予寬限期。',
      causes: [
        '使用 ReadWriteOnce PVC 的 Deployment 進行 RollingUpdate：新 Pod 落在另一個節點，而舊 Pod 仍佔用 Volume（它永遠不會放手，因為舊 Pod 在等新 Pod 就緒）',
        '舊節點停機或連不上：控制器最多等 6 分鐘（maxWaitForUnmountDuration）才強制卸離；若舊 Pod 仍在那裡 Terminating，就會一直等下去',
        '兩個工作負載共用同一個 ReadWriteOnce claim',
      ],
      fix: [
        'kubectl get volumeattachment | grep PV   （哪個節點佔用它？）',
        '使用 RWO Volume 的單一副本 Deployment 請用 strategy.type: Recreate；或改用 StatefulSet／ReadWriteMany Volume',
        '刪除仍在使用 Volume 的舊 Pod；若它的節點確定不會回來，加上 out-of-service taint（node.kubernetes.io/out-of-service=nodeshutdown:NoExecute），讓 Volume 被卸離',
      ],
    },
  },
  'volume/provisioning-failed': {
    title: '無法為 PersistentVolumeClaim 佈建 Volume',
    docs: {
      description: 'Pod 的某個 claim 停在 Pending，因為動態佈建失敗（claim 上有 ProvisioningFailed）、它的 StorageClass 不存在，或一直沒有 provisioner 處理（ExternalProvisioning「Waiting for a volume to be created either by the external provisioner \'<p>\' …」且沒有 Provisioning 事件：CSI 驅動程式的控制器沒有執行）。Pod 尚未排程時，WaitForFirstConsumer 的 claim 屬於正常，不會回報。Pod 尚未排程時，這個發現最多是警告：Pod 卡在排程階段，主要發現是 scheduling/unbound-pvc，這一條補充佈建的細節。',
      causes: ['storageclass.storage.k8s.io "<sc>" not found：claim 指定的類別不存在', 'CSI 驅動程式的控制器（external-provisioner）沒有安裝或沒有執行', '儲存後端拒絕：配額、不支援的大小或參數、zone 錯誤、權限（rpc error: code = …）'],
      fix: ['kubectl describe pvc CLAIM -n NS（事件）；kubectl get storageclass', '檢查 CSI 控制器的 Pod（csi-provisioner 容器的日誌）', '修正 StorageClass 參數或 claim（大小、存取模式），讓後端接受'],
    },
  },
  'volume/pvc-pending': {
    title: '已排程的 Pod 使用了尚未 Bound 的 PersistentVolumeClaim',
    docs: {
      description: 'Pod 已繫結到節點，但它的某個 PersistentVolumeClaim 為 Pending、Lost、正在刪除或不存在，所以 kubelet 無法掛載，Pod 停在 ContainerCreating。（Pod 尚未排程時，未繫結的 claim 屬於排程問題，由排程規則回報。）佈建失敗屬於 volume/provisioning-failed。',
      causes: [
        'Pod 繞過了排程器（直接設定 spec.nodeName），而它的 StorageClass 使用 volumeBindingMode WaitForFirstConsumer：只有排程器會觸發繫結，所以 claim 會一直等下去',
        'claim 為 Lost：它繫結的 PersistentVolume 被刪除了',
        'claim 已被刪除（Terminating，只剩 pvc-protection finalizer 保留它）或從未存在',
        '沒有相符的 PersistentVolume，也沒有 provisioner 會建立',
      ],
      fix: ['kubectl get pvc -n NS；kubectl describe pvc CLAIM -n NS', '使用 WaitForFirstConsumer claim 的 Pod 交給排程器安排（移除 spec.nodeName；改用 nodeSelector）', 'Lost 的 claim：（從備份）還原 PV，或刪除並重新建立 claim（資料已消失）'],
    },
  },
};
