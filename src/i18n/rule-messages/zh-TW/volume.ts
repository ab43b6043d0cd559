import { attachHint, type AttachCode, type MountWhy, type VolumeMessages, type VolumeRef } from '../../../rules/messages/volume.js';

// Terms follow docs/glossary.zh-TW.md (Volume, claim, PersistentVolumeClaim, StorageClass, CSI 驅動程式, 佈建, 繫結);
// names, paths, commands and quoted cluster text (「」) are passed in untouched.

const vol = ({ volume, claim, pv }: VolumeRef): string => (claim !== undefined ? `Volume「${volume}」（PVC「${claim}」${pv !== undefined ? `、PV「${pv}」` : ''}）` : `Volume「${volume}」`);
const list = (names: string[]): string => names.map((n) => `「${n}」`).join('、');
const kindName = (kind: 'ConfigMap' | 'Secret', name: string | undefined): string => (name ? `${kind}「${name}」` : `${kind} `);

const ATTACH_HINT: Record<AttachCode, string> = {
  NotFound: '磁碟不存在（在 Kubernetes 之外被刪除，或在其他 zone／專案）',
  ResourceExhausted: '節點已達 Volume 附加數量上限，或後端的配額已用完',
  FailedPrecondition: '磁碟目前的狀態不允許附加（仍附加在其他地方，或正在卸離）',
  PermissionDenied: 'CSI 控制器的憑證可能沒有附加磁碟的權限',
  DeadlineExceeded: '儲存後端沒有及時回應',
  Internal: '儲存後端回報內部錯誤',
};

// hostPath type-check words the kubelet uses (hostutil: "is not a directory", "is not a socket file" …).
const HOSTPATH_WHAT: Record<string, string> = { directory: '目錄', file: '檔案', 'socket file': 'socket 檔案', 'character device': '字元裝置', 'block device': '區塊裝置' };
// A leading space before a Latin word after Chinese text (不是 socket 檔案, 不是目錄).
const what = (w: string): string => {
  const t = HOSTPATH_WHAT[w] ?? w;
  return /^[\x21-\x7e]/.test(t) ? ` ${t}` : t;
};

const mountWhat = (why: MountWhy, node: string): string => {
  switch (why.kind) {
    case 'csi-driver-missing':
      return `CSI 驅動程式 ${why.driver} 沒有在「${node}」的 kubelet 註冊（它的 node plugin 沒有在那裡執行）`;
    case 'mount-command':
      return `「${node}」上的 mount(8) 以 exit status ${why.status} 失敗${why.output ? `：「${why.output}」` : ''}`;
    case 'rpc':
      return `CSI 驅動程式回傳 ${why.code}：「${why.detail}」`;
    case 'not-registered':
      return `kubelet 的快取還沒登錄物件 ${why.object}（kubelet 剛啟動或 Pod 剛建立時已知的競態）`;
    case 'cache-sync':
      return `kubelet 無法從 API Server 同步它的 ${why.cache} 快取`;
    case 'other':
      return `「${why.error}」`;
  }
};

const provisioner = (p: string | undefined): string => p ?? '?';
/** `7m 內`, or a long time when the start is unknown. */
const within = (age: string | undefined): string => (age !== undefined ? ` ${age} 內` : '很長一段時間內');
const storageClass = (sc: string | undefined): string => (sc !== undefined ? `StorageClass「${sc}」` : '它的 StorageClass ');

export const zhTWVolume: VolumeMessages = {
  attachFailed: {
    message: ({ volume, node, why }) => {
      const hint = why.kind === 'code' ? attachHint(ATTACH_HINT, why.code) : undefined;
      const text =
        why.kind === 'attacher'
          ? `CSI 驅動程式 ${why.driver} 的 external-attacher 一直沒有附加它（驅動程式的控制器有在執行嗎？）`
          : why.kind === 'code'
            ? `CSI 驅動程式回傳 ${why.code}${hint ? `：${hint}` : ''}`
            : `「${why.error}」`;
      return `${vol(volume)}無法附加到節點「${node}」：${text}。`;
    },
    fix: ({ volume, driver }) => [
      `kubectl get volumeattachment -o wide | grep ${volume}`,
      driver ? `kubectl get pods -A | grep -i ${driver.split('.')[0]}   （含 csi-attacher 容器的控制器 Pod 必須是 Running）` : '閱讀這個 Volume 的 CSI 控制器日誌（csi-attacher 與驅動程式容器）。',
      '在儲存後端檢查磁碟：它必須存在、與節點在同一個 zone，而且沒有附加在其他地方。',
    ],
  },
  hostpathType: {
    message: ({ volume, path, node, problem, type }) =>
      `hostPath Volume「${volume}」無法掛載：節點「${node}」上的 ${path} ${problem.kind === 'missing' ? '不存在' : problem.kind === 'not-a' ? `不是${what(problem.what)}` : `不存在或不是${what(problem.what)}`}${type ? `（Volume 要求 type ${type}）` : ''}。`,
    fix: ({ node, path, orCreate }) => [
      `在 ${node} 上：ls -ld ${path}`,
      orCreate ? `在節點上建立 ${path}，或讓 kubelet 建立它：設定 hostPath.type: ${orCreate}。` : `在 Pod 之前先在節點上建立 ${path}（或啟動會建立它的元件）。`,
      '如果只有部分節點有這個路徑，用 nodeSelector 讓 Pod 只排到那些節點。',
    ],
  },
  missingConfigOrSecret: {
    gone: ({ volume, kind, name }) => `Volume「${volume}」先前因為 ${kind}「${name}」不存在而無法掛載；它現在存在了，kubelet 下次重試應該就能掛載。`,
    keyBack: ({ volume, kind, name, key }) => `Volume「${volume}」先前因為 ${kind}「${name}」沒有 key「${key}」而無法掛載；這個 key 現在存在了，下次重試應該就會成功。`,
    watchFix: ({ pod, namespace, recreate }) => [`觀察 Pod：kubectl get pod ${pod} -n ${namespace} -w`, ...(recreate ? [`如果它一直停在 ContainerCreating：kubectl delete pod ${pod} -n ${namespace}`] : [])],
    missing: ({ volume, kind, name, namespace }) => `Volume「${volume}」無法掛載：${kind}「${name}」不存在於命名空間 ${namespace}，所以 Pod 會停在 ContainerCreating。`,
    missingFix: ({ volume, kind, name, namespace }) => [
      `kubectl get ${kind.toLowerCase()} -n ${namespace}   （名稱拼錯，或在其他命名空間？）`,
      `建立它：${kind === 'ConfigMap' ? `kubectl create configmap ${name} -n ${namespace} --from-file=<path>` : `kubectl create secret generic ${name} -n ${namespace} --from-literal=KEY=VALUE`}`,
      `或修正 Pod 範本中 Volume「${volume}」的名稱；若 Pod 沒有它也能執行，把它標記為 optional: true。`,
    ],
    keyMissing: ({ volume, kind, name, key, keys, exists }) =>
      `Volume「${volume}」無法掛載：它的 items[] 要求 key「${key}」，但 ${kindName(kind, name)}沒有這個 key。${
        keys ? (keys.length > 0 ? `${kindName(kind, name)}有這些 key：${keys.join(', ')}。` : `${kindName(kind, name)}沒有任何 key。`) : exists ? `${kindName(kind, name)}存在，但 kdiag 不知道它有哪些 key（Secret 只讀取 metadata）。` : ''
      }`,
    keyMissingFix: ({ volume, kind, name, namespace }) => [name ? `加入這個 key：kubectl edit ${kind.toLowerCase()} ${name} -n ${namespace}` : `把這個 key 加到 ${kind}。`, `或修正 Pod 範本中 Volume「${volume}」的 items[].key。`],
  },
  mountFailed: {
    message: ({ volume, operation, why, node, stuck, unsupported }) =>
      `${vol(volume)}無法掛載（${operation}）：${mountWhat(why, node)}。${
        unsupported ? `重試沒有用：節點 ${node} 不支援這種檔案系統（沒有核心模組或 mount 輔助程式）。` : stuck ? '在成功之前，Pod 會停在 ContainerCreating。' : 'kubelet 會持續重試。'
      }`,
    fix: ({ why, node, volume, nfs, pod, namespace, unsupported }) => [
      ...(unsupported ? [`在 ${node} 上安裝這種檔案系統的用戶端${nfs ? '（Debian/Ubuntu 為 nfs-common，RHEL/Fedora 為 nfs-utils）' : ''}，或把 Pod 排到有安裝的節點上（nodeSelector）。`] : []),
      ...(why.kind === 'csi-driver-missing'
        ? [`kubectl get csinode ${node} -o jsonpath='{.spec.drivers[*].name}'`, `檢查 ${node} 上驅動程式的 node DaemonSet Pod：kubectl get pods -A -o wide --field-selector spec.nodeName=${node} | grep -i csi`]
        : why.kind === 'mount-command'
          ? [
              nfs
                ? `從 ${node} 確認 NFS 伺服器有回應並 export 了該路徑：showmount -e ${nfs.server ?? 'SERVER'}${nfs.path ? `   （應有 ${nfs.path}）` : ''}；並確認節點上已安裝 nfs-common／nfs-utils。`
                : `在 ${node} 上手動執行同樣的 mount，看完整的錯誤（事件中列有指令與參數）。`,
              '檢查 PersistentVolume 或 Volume spec 中的伺服器位址、export 路徑與掛載選項。',
            ]
          : why.kind === 'rpc'
            ? [`閱讀 ${node} 上 CSI node plugin 的日誌（kubectl logs -n <driver-namespace> <node-plugin-pod> -c <driver container>）。`, '確認後端的磁碟／共享存在，而且可以附加到這個節點。']
            : why.kind === 'not-registered'
              ? ['這通常在下次重試時就會消失；若持續發生，確認 kubelet 連得到 API Server，並重新啟動節點上的 kubelet。']
              : why.kind === 'cache-sync'
                ? [`確認 ${node} 上的 kubelet 連得到 API Server：journalctl -u kubelet | grep -i watch`]
                : [`閱讀 ${node} 上的 kubelet 日誌：journalctl -u kubelet | grep -i "${volume}"`]),
      `kubectl describe pod ${pod} -n ${namespace}`,
    ],
  },
  mountStuck: {
    message: ({ node, age, claims, trace }) => `「${node}」上的 kubelet 在 ${age} 前啟動了 Pod，但它的 Volume${claims.length > 0 ? `（claim${list(claims)}）` : ' '}仍未掛載：還沒有沙箱。${trace}`,
    fix: ({ namespace, pod, node }) => [`查看即時事件：kubectl describe pod -n ${namespace} ${pod}`, `檢查 ${node} 上的 attach 與 CSI node plugin：kubectl get volumeattachments | grep ${node}`],
  },
  mountTimeout: {
    message: ({ node, unattached, unprocessed, unmounted, cause }) => {
      const parts = [
        ...(unattached.length > 0 ? [`未附加：${unattached.join(', ')}`] : []),
        ...(unprocessed.length > 0 ? [`Volume 管理器未處理：${unprocessed.join(', ')}`] : []),
        ...(unmounted.length > 0 ? [`未掛載：${unmounted.join(', ')}`] : []),
      ];
      return `「${node}」上的 kubelet 放棄等待 Pod 的 Volume（${parts.join('；') || '有 Volume 尚未就緒'}：${cause ? `「${cause}」` : '逾時'}），也沒有事件說明原因。`;
    },
    fix: ({ attach, stuck, node, namespace, pod }) => [
      attach ? `檢查附加狀態：kubectl get volumeattachment -o wide | grep ${node}；以及 CSI 控制器的 external-attacher 日誌。` : `從節點檢查${stuck.length > 0 ? ` ${stuck.join(', ')} ` : '這些 Volume '}的儲存後端。`,
      `kubectl get pvc -n ${namespace}; kubectl get events -n ${namespace} --field-selector involvedObject.name=${pod}`,
      `在 ${node} 上：journalctl -u kubelet | grep -i "${pod}"`,
    ],
  },
  multiAttach: {
    message: ({ volume, node, usedBy }) =>
      `${vol(volume)}無法附加到節點「${node}」：${usedBy.length > 0 ? `它仍被 Pod ${usedBy.join(', ')} 使用` : '它仍在其他節點上使用中'}（ReadWriteOnce Volume 的 Multi-Attach 錯誤）。`,
    fix: ({ volume, namespace, rolling, holder }) => [
      `kubectl get volumeattachment -o wide | grep ${volume}`,
      ...(rolling !== undefined
        ? [
            `滾動更新無法搬移 ReadWriteOnce Volume：把 Deployment 改為 Recreate，讓舊的 Pod 先停止：kubectl patch ${rolling} -n ${namespace} -p '{"spec":{"strategy":{"type":"Recreate","rollingUpdate":null}}}'`,
            '或改用 StatefulSet，或 ReadWriteMany 的儲存。',
          ]
        : [
            holder !== undefined ? `停止佔用它的 Pod：kubectl delete pod ${holder} -n ${namespace}` : '找出在另一個節點上仍使用這個 Volume 的 Pod，並停止它。',
            '不要讓不同節點上的 Pod 共用 ReadWriteOnce 的 claim；改用 ReadWriteMany 的儲存，或每個 Pod 一個 claim。',
          ]),
      '如果另一個節點已永久停機，為它加上 taint node.kubernetes.io/out-of-service=nodeshutdown:NoExecute，讓 Volume 被強制卸離。',
    ],
  },
  provisioningFailed: {
    message: ({ claim, why, unscheduled }) => {
      const text =
        why.kind === 'class-missing'
          ? `PersistentVolumeClaim「${claim}」無法佈建：${storageClass(why.storageClass)}不存在。`
          : why.kind === 'failed'
            ? `PersistentVolumeClaim「${claim}」無法佈建：${why.error !== undefined ? `「${why.error}」` : 'ProvisioningFailed'}`
            : why.kind === 'no-provisioner'
              ? `PersistentVolumeClaim「${claim}」在等佈建程式「${provisioner(why.provisioner)}」，而它${within(why.age)}都沒有處理：這個佈建程式（CSI 驅動程式的控制器）可能沒有在執行。`
              : `PersistentVolumeClaim「${claim}」已佈建${why.age !== undefined ? ` ${why.age} ` : '很長一段時間'}仍未完成，也沒有錯誤。`;
      return `${text}${unscheduled ? '（在 claim 繫結之前，Pod 無法排程。）' : ''}`;
    },
    fix: ({ claim, namespace, why }) => {
      switch (why.kind) {
        case 'class-missing':
          return ['kubectl get storageclass', `修正 claim「${claim}」的 spec.storageClassName（它不能修改：請重新建立 claim），或建立這個 StorageClass。`];
        case 'failed':
          return [`kubectl describe pvc ${claim} -n ${namespace}`, `檢查佈建程式的日誌（CSI：驅動程式控制器的 csi-provisioner 容器），以及後端對${why.storageClass !== undefined ? ` StorageClass「${why.storageClass}」` : '它的 StorageClass '}的配額與參數。`];
        case 'no-provisioner':
          return [
            `kubectl get csidriver; kubectl get pods -A | grep -i ${(why.provisioner ?? 'csi').split('.')[0]}`,
            `安裝或修好 CSI 驅動程式「${provisioner(why.provisioner)}」的控制器（external-provisioner），或改用佈建程式有在這個叢集執行的 StorageClass。`,
          ];
        case 'slow':
          return [`kubectl describe pvc ${claim} -n ${namespace}`, `檢查佈建程式「${provisioner(why.provisioner)}」的日誌與儲存後端。`];
      }
    },
  },
  pvcPending: {
    missing: ({ volume, claim, namespace }) => `Volume「${volume}」使用的 PersistentVolumeClaim「${claim}」不存在於命名空間 ${namespace}。`,
    missingFix: ({ volume, namespace }) => [`kubectl get pvc -n ${namespace}`, `建立這個 claim，或修正 Pod 範本中 Volume「${volume}」的 claimName。`],
    deleting: ({ claim, volume }) => `PersistentVolumeClaim「${claim}」（Volume「${volume}」）正在刪除；kubelet 不會掛載正在終止的 claim。`,
    deletingFix: ({ claim, namespace }) => [`等舊的 claim 消失後重新建立（kubectl get pvc ${claim} -n ${namespace} -w），或讓 Pod 改用其他 claim。`],
    lost: ({ claim, volume, pv }) => `PersistentVolumeClaim「${claim}」（Volume「${volume}」）是 Lost：它繫結的 PersistentVolume${pv ? `「${pv}」` : ' '}已不存在。`,
    lostFix: ({ pv }) => [pv ? `kubectl get pv ${pv}` : 'kubectl get pv', '還原 PersistentVolume（相同名稱與 claimRef），或刪除後重新建立 claim（它的資料已經不在了）。'],
    noScheduler: ({ claim, node }) => `PersistentVolumeClaim「${claim}」在等第一個使用它的 Pod 被排程，但這個 Pod 沒有經過排程器就被指派到「${node}」（spec.nodeName），所以永遠不會觸發繫結。`,
    noSchedulerFix: ({ annotation, node }) => [
      '移除 spec.nodeName，改用 nodeSelector（kubernetes.io/hostname）選擇節點，讓排程器繫結 claim。',
      `或預先繫結 claim：為它建立 PV，或在 claim 上設定 annotation ${annotation}=${node}。`,
    ],
    provisioning: ({ claim, volume }) => `PersistentVolumeClaim「${claim}」（Volume「${volume}」）的 Volume 正在佈建，所以仍是 Pending；Pod 在 ContainerCreating 中等待。`,
    provisioningFix: ({ claim, namespace }) => [`kubectl describe pvc ${claim} -n ${namespace}`],
    pending: ({ claim, volume, why }) =>
      `PersistentVolumeClaim「${claim}」（Volume「${volume}」）是 Pending：${why.kind === 'event' ? `「${why.message}」` : why.kind === 'class' ? `還沒有為 StorageClass「${why.storageClass}」繫結或佈建任何 Volume` : '沒有符合它的 PersistentVolume，它也沒有指定 StorageClass'}。`,
    pendingFix: ({ claim, namespace, storageClass: sc }) => [
      `kubectl describe pvc ${claim} -n ${namespace}`,
      sc ? `kubectl get storageclass ${sc}   （它存在嗎？佈建程式有在執行嗎？）` : '設定 spec.storageClassName（或指定預設 StorageClass），或建立符合這個 claim 的 PersistentVolume。',
    ],
  },
};
