import type { NotReadyCause } from '../../../rules/messages/kubelet.js';
import type { AdmissionRejection, ConfigReference, KubeletMessages } from '../../../rules/messages/kubelet.js';
import { noun } from './shared.js';

// Terms follow docs/glossary.zh-TW.md; names, reasons, taints and commands are passed in untouched.
const quoted = (names: string[]): string => names.map((s) => `「${s}」`).join('、');
const nodeOf = (node: string): string => (node ? `節點「${node}」` : '該節點');
const NODE = (node: string): string => node || 'NODE';
const reference = (r: ConfigReference): string => (r.kind === 'envFrom' ? `envFrom ${r.ref}` : r.key === undefined ? `環境變數 ${r.variable}` : `環境變數 ${r.variable}（key ${r.key}）`);
const referencedBy = (refs: ConfigReference[]): string => {
  const list = refs.map(reference).join('、');
  return list ? `（由${/^[\x21-\x7e]/.test(list) ? ' ' : ''}${list}${/[\x21-\x7e]$/.test(list) ? ' ' : ''}參照）` : '';
};

const CAUSE_WORDS: Record<NotReadyCause, string> = {
  network: 'Container Runtime 回報它的網路（CNI）外掛程式尚未就緒',
  runtime: 'Container Runtime 停止運作或沒有回應 kubelet',
  pleg: 'kubelet 的 pod lifecycle event generator（PLEG）不健康：Container Runtime 太慢或卡住了',
  capacity: 'kubelet 還沒有回報節點某些資源的容量',
  shutdown: '節點正在關機',
  other: 'kubelet 回報它尚未就緒',
};

const CAUSE_FIX: Record<NotReadyCause, (n: string) => string> = {
  network: () => '網路（CNI）外掛程式尚未就緒：見 cni/cni-not-initialized 的發現。',
  runtime: (n) => `在 ${n} 上檢查 Container Runtime：systemctl status containerd (or crio); journalctl -u containerd -u kubelet --since "30 min ago"`,
  pleg: (n) => `在 ${n} 上確認 Runtime 回應夠快（time crictl ps -a）；Runtime 卡住或有成千上萬個已結束的容器都會讓 PLEG 停滯；重新啟動 containerd 通常可以恢復。`,
  capacity: (n) => `在 ${n} 上閱讀 kubelet 日誌（journalctl -u kubelet），找出它無法回報的資源（cAdvisor，或尚未註冊的 device plugin）。`,
  shutdown: (n) => `${n} 正在關機；它的 Pod 會被終止，並由各自的控制器在其他地方重新建立。`,
  other: (n) => `閱讀 ${n} 上的 kubelet 日誌：journalctl -u kubelet --since "30 min ago"`,
};

type Rejection = AdmissionRejection['kind'];
const REJECTION: Record<Exclude<Rejection, 'not-enough' | 'other'>, { what: (node: string) => string; why: string }> = {
  NodeAffinity: { what: (n) => `${n}不符合 Pod 的 nodeSelector／node affinity`, why: '排程之後節點的標籤變了，或 spec.nodeName 被直接設成 selector 排除的節點' },
  TaintToleration: { what: (n) => `${n}有 Pod 不容許的 NoExecute taint`, why: 'taint 是在排程之後才加上的，或 spec.nodeName 繞過了排程器的 taint 檢查' },
  NodePorts: { what: (n) => `Pod 要求的 hostPort 在${n}上已被佔用`, why: '節點上另一個 Pod 使用了相同的 hostPort（通常是同一個 DaemonSet 或 Deployment 的前一個副本）' },
  UnexpectedAdmissionError: { what: (n) => `${n}上的 kubelet 無法為 Pod 配給裝置或資源`, why: 'device plugin（GPU、SR-IOV……）的裝置比排程器以為的少，通常發生在 kubelet 或 device plugin 剛重新啟動之後' },
  TopologyAffinityError: { what: (n) => `${n}上的 Topology Manager 無法把 Pod 的 CPU／裝置放在同一個 NUMA 節點上`, why: 'kubelet 使用 restricted／single-numa-node 拓撲政策，而要求的資源放不進同一個 NUMA 節點' },
  SMTAlignmentError: { what: (n) => `${n}上的 CPU Manager 要求整顆實體核心`, why: '使用 full-pcpus-only 的 static CPU 政策會拒絕不是 SMT 執行緒數倍數的要求' },
  NodeShutdown: { what: (n) => `Pod 抵達時${n}正在關機`, why: '節點正在進行 graceful shutdown' },
  VolumeAttachmentLimitExceeded: { what: (n) => `${n}已達到 Volume 附加數量的上限`, why: 'CSI driver 回報每個節點可附加的 Volume 有上限' },
  os: { what: (n) => `Pod 的作業系統（spec.os／kubernetes.io/os selector）與${n}不符`, why: 'Windows Pod 被放到 Linux 節點上（或反過來），通常是透過 spec.nodeName' },
  InitContainerRestartPolicyForbidden: { what: (n) => `${n}上的 kubelet 不支援原生 sidecar（restartPolicy: Always 的 init 容器）`, why: 'kubelet 的版本比 API Server 舊（或 SidecarContainers 功能開關未開啟）' },
  AppArmor: { what: (n) => `Pod 要求的 AppArmor profile 無法在${n}上強制執行`, why: '節點上停用了 AppArmor，或指定的 profile 沒有載入' },
  feature: { what: (n) => `${n}缺少 Pod 需要的功能`, why: '節點的 kubelet 或 Runtime 比 Pod spec 使用的功能舊' },
};

const PRESSURE_FIX: Record<string, string> = {
  memory: '把記憶體 request 設得接近實際用量（用量超過 request 的 Pod 會最先被驅逐），並設定記憶體上限；用 kubectl top pod -n NAMESPACE 檢查用量',
  'ephemeral-storage': '找出是什麼佔滿節點磁碟（容器日誌、emptyDir Volume、可寫層、映像檔）：設定 resources.limits.ephemeral-storage 與 emptyDir.sizeLimit，並以合理的速率把日誌寫到 stdout',
  inodes: '有東西在節點的檔案系統上建立大量小檔案：找出它（在節點上執行 du --inodes）並清理',
  pids: '某個容器產生太多行程：限制它（Pod PID 上限）並修正洩漏',
};

export const zhTWKubelet: KubeletMessages = {
  replacement: ({ owner }) => {
    if (!owner) return 'Failed 的 Pod 不會重新啟動，而且沒有控制器擁有這個 Pod：修正原因後重新建立它。';
    switch (owner.kind) {
      case 'ReplicaSet':
      case 'ReplicationController':
      case 'StatefulSet':
        return `Failed 的 Pod 不會重新啟動；它的 ${owner.kind}「${owner.name}」會建立替代的 Pod，也請查看那個 Pod。`;
      case 'DaemonSet':
        return `Failed 的 Pod 不會重新啟動；DaemonSet「${owner.name}」會刪除它，並在同一個節點上建立新的 Pod，在原因修正之前新的 Pod 也會以同樣的方式失敗。`;
      case 'Job':
        return `Failed 的 Pod 不會重新啟動；Job「${owner.name}」會把它記為一次失敗，並可能再建立一個（最多到它的 backoffLimit）。`;
      default:
        return `Failed 的 Pod 不會重新啟動；由它的擁有者 ${owner.kind}「${owner.name}」決定是否替換它。`;
    }
  },
  notReadyCause: ({ cause }) => CAUSE_WORDS[cause],
  noExecuteFate: (f) => {
    if (f.kind === 'never') return `Pod 無時間限制地容許 ${f.taint}，所以永遠不會從這個節點被驅逐（DaemonSet Pod 通常如此）。`;
    if (f.kind === 'now') return `Pod 不容許 ${f.taint}，所以 taint manager 會立刻刪除它。`;
    const secs = `tolerationSeconds ${f.seconds}${f.seconds === 300 ? '，預設值' : ''}`;
    if (f.in !== undefined) return `taint manager 會在 ${f.in} 後刪除 Pod（${f.taint} 的 ${secs}）；${f.owned ? '之後它的控制器會在其他地方建立替代的 Pod' : '沒有控制器擁有它，所以不會有東西重新建立它'}。`;
    if (f.overdue !== undefined) return `taint manager 應該在 ${f.overdue} 前就刪除 Pod（${f.taint} 的 ${secs}），但還沒把它標記為刪除：確認 kube-controller-manager 正在執行。`;
    return `taint manager 會在加上 ${f.taint} 的 ${f.seconds}s 後刪除 Pod（${secs}）。`;
  },
  admissionRejected: {
    message: ({ reason, what, replacement }) => `kubelet 拒絕了這個 Pod（${reason}）：${what}。${replacement}`,
    what: ({ node, rejection: r }) => {
      const n = nodeOf(node);
      if (r.kind === 'not-enough') return `${n}上的 ${r.resource} 不足：Pod 要求 ${r.requested}，可分配的 ${r.allocatable} 中已使用 ${r.used}（剩餘 ${r.free}）`;
      if (r.kind === 'other') return `${n}上的 kubelet 拒絕了這個 Pod（${r.reason || 'rejected'}）`;
      return REJECTION[r.kind].what(n);
    },
    why: ({ rejection: r }) => {
      if (r.kind === 'not-enough')
        return r.extended
          ? `排程器看到 ${r.resource} 有剩餘，但 kubelet 的 device plugin 無法提供（通常是 kubelet 重新啟動後 device plugin 還沒重新註冊）`
          : '排程器與 kubelet 的判斷不一致：通常是 Pod 以 spec.nodeName 指派（繞過排程器），或 static Pod／剛重新啟動的 Pod 佔用了空間';
      if (r.kind === 'other') return '節點層級的准入檢查失敗';
      return REJECTION[r.kind].why;
    },
    fix: ({ node, pod, namespace, rejection: r }) => {
      switch (r.kind) {
        case 'not-enough':
          return [
            `kubectl describe node ${NODE(node)}   （Allocatable 與「Allocated resources」）`,
            r.extended ? `檢查${nodeOf(node)}上的 device plugin Pod（kubectl get pods -A -o wide --field-selector spec.nodeName=${NODE(node)}）` : `降低 Pod 的 ${r.resource} request，或讓排程器安排它（移除 spec.nodeName；改用 nodeSelector）。`,
          ];
        case 'NodeAffinity':
          return [`kubectl get node ${NODE(node)} --show-labels`, `kubectl get pod ${pod} -n ${namespace} -o jsonpath='{.spec.nodeSelector}{"\\n"}{.spec.affinity.nodeAffinity}'`];
        case 'TaintToleration':
          return [`kubectl get node ${NODE(node)} -o jsonpath='{.spec.taints}'`, '加上相符的 toleration，或讓排程器選擇節點。'];
        case 'NodePorts':
          return ['拿掉 hostPort（改用 Service），或選一個沒被佔用的連接埠。'];
        case 'UnexpectedAdmissionError':
          return [`檢查${nodeOf(node)}上的 device plugin Pod 與可分配的裝置：kubectl describe node ${NODE(node)}`];
        case 'TopologyAffinityError':
          return ['降低 requests 讓它放得進一個 NUMA 節點，或排到有空間的節點（排程器不知道 NUMA 拓撲）。'];
        case 'SMTAlignmentError':
          return ['以 hyper-thread 數的倍數要求 CPU（例如 2、4）。'];
        case 'NodeShutdown':
          return ['Pod 本身沒有要修正的：它的控制器會在其他節點放置替代的 Pod。'];
        case 'VolumeAttachmentLimitExceeded':
          return [`kubectl get csinode ${NODE(node)} -o yaml   （allocatable.count）`, '把使用大量 Volume 的 Pod 分散到更多節點。'];
        case 'os':
          return ['選擇帶有正確 kubernetes.io/os 標籤的節點。'];
        case 'InitContainerRestartPolicyForbidden':
          return ['升級節點，或把 sidecar 改成一般容器。'];
        case 'AppArmor':
          return ['在每個節點上載入該 profile（或改用 RuntimeDefault）。'];
        case 'feature':
          return ['排到支援該功能的節點，或從 Pod spec 拿掉該欄位。'];
        default:
          return [`kubectl describe pod ${pod} -n ${namespace}`];
      }
    },
    likely: ({ why }) => `可能的原因：${why}。`,
    deleteRejected: ({ pod, namespace }) => `處理完後刪除被拒絕的 Pod：kubectl delete pod ${pod} -n ${namespace}`,
  },
  configError: {
    appeared: ({ container, object, references }) => `kubelet 建立${noun(container)}的環境變數時，${object.kind}「${object.name}」不存在${referencedBy(references)}；它現在存在了，kubelet 下次重試時應該就會讀到。`,
    missing: ({ container, object, namespace, references }) => `${noun(container)}無法啟動：${object.kind}「${object.name}」不存在於命名空間 ${namespace}${referencedBy(references)}。`,
    missingFix: ({ object, namespace }) => [
      `kubectl get ${object.kind.toLowerCase()} -n ${namespace}   （名稱不同，或在其他命名空間？）`,
      `建立它：${object.kind === 'ConfigMap' ? `kubectl create configmap ${object.name} -n ${namespace} --from-literal=KEY=VALUE` : `kubectl create secret generic ${object.name} -n ${namespace} --from-literal=KEY=VALUE`}`,
      '或修正工作負載中的參照；若容器沒有它也能執行，把參照標記為 optional: true。',
    ],
    keyAppeared: ({ container, object, key, references }) => `kubelet 建立${noun(container)}的環境變數時，${object.kind}「${object.name}」沒有 key「${key}」${referencedBy(references)}；這個 key 現在存在了，下次重試應該會成功。`,
    keyMissing: ({ container, object, key, references, keys, exists }) => {
      const present = keys
        ? `${object.kind}「${object.name}」存在，但沒有 key「${key}」；${keys.length > 0 ? `現有的 key：${keys.join('、')}` : '它沒有任何 key'}。`
        : exists
          ? `${object.kind}「${object.name}」存在；kdiag 只讀取 Secret 的中繼資料，所以這裡不知道它有哪些 key（kubelet 回報缺少「${key}」）。`
          : '';
      return `${noun(container)}無法啟動：${object.kind}「${object.name}」中沒有 key「${key}」${referencedBy(references)}。${present}`;
    },
    keyMissingFix: ({ object, namespace, references }) => [
      `加入這個 key：kubectl edit ${object.kind.toLowerCase()} ${object.name} -n ${namespace}`,
      `或修正容器 env 中的 key 名稱（${references.map(reference).join('、') || 'valueFrom'}），或把這個參照標記為 optional: true。`,
    ],
    watch: ({ pod, namespace }) => `觀察 Pod：kubectl get pod ${pod} -n ${namespace} -w`,
    recreate: ({ pod, namespace }) => `如果它一直停在 CreateContainerConfigError，刪除 Pod 讓它重新建立：kubectl delete pod ${pod} -n ${namespace}`,
    nonNumericUser: ({ container, user }) => `${noun(container)}無法啟動：設定了 runAsNonRoot，而映像檔的使用者「${user}」是名稱，所以 kubelet 無法確認它不是 root。`,
    nonNumericUserFix: ({ container }) => [`為${noun(container)}設定數字的 securityContext.runAsUser（例如 runAsUser: 10001），或讓映像檔使用數字的 USER（Dockerfile 中的 USER 10001）。`],
    imageRoot: ({ container }) => `${noun(container)}無法啟動：設定了 runAsNonRoot，但映像檔以 root（UID 0）執行。`,
    imageRootFix: ({ container }) => [`為${noun(container)}把 securityContext.runAsUser 設成非零的 UID，或改用 USER 不是 root 的映像檔。`],
    rootUser: ({ container }) => `${noun(container)}無法啟動：它的 securityContext 同時設定了 runAsUser: 0（root）與 runAsNonRoot: true。`,
    rootUserFix: ({ container }) => [`二選一：非零的 runAsUser，或為${noun(container)}設定 runAsNonRoot: false（也要檢查 Pod 層級的 securityContext）。`],
    noVolume: ({ container, volume }) => `${noun(container)}無法啟動：它的 volumeMount「${volume}」指向 Pod 沒有定義的 Volume。`,
    noVolumeFix: ({ container, volume, pod, namespace }) => [`在 spec.volumes 加入 Volume「${volume}」，或修正${noun(container)}的 volumeMounts 名稱。`, `kubectl get pod ${pod} -n ${namespace} -o jsonpath='{.spec.volumes[*].name}'`],
    subPath: ({ container, volume }) => `${noun(container)}無法啟動：kubelet 無法準備 volumeMount「${volume}」的 subPath。`,
    subPathFix: ({ node }) => [
      '檢查那個掛載的 subPath／subPathExpr：路徑必須留在 Volume 內（不能有指向外面的 symlink，也不能有「..」），而且 subPathExpr 的變數必須能解析。',
      `閱讀 ${node || '該節點'} 上的 kubelet 日誌以取得確切的錯誤：journalctl -u kubelet | grep subPath`,
    ],
    cacheSync: ({ container, fresh }) =>
      fresh ? `${noun(container)}正在等 kubelet 的 ConfigMap／Secret 快取同步；通常一分鐘內就會消失。` : `${noun(container)}已有一段時間無法啟動，因為 kubelet 無法從 API Server 同步它的 ConfigMap／Secret 快取。`,
    cacheSyncFix: ({ node, pod, namespace }) => [`確認 ${node || '該節點'} 上的 kubelet 連得到 API Server：journalctl -u kubelet | grep -i "cache\\|watch"`, `刪除 Pod 可以強制重新開始：kubectl delete pod ${pod} -n ${namespace}`],
    runtimeClass: ({ container, runtimeClass }) => `${noun(container)}無法啟動：查不到 RuntimeClass ${runtimeClass}。`,
    runtimeClassFix: () => ['kubectl get runtimeclass', '修正 Pod 的 spec.runtimeClassName。'],
    other: ({ container, text }) => (text ? `${noun(container)}無法啟動：kubelet 無法建立它的設定：「${text}」。` : `${noun(container)}無法啟動：kubelet 無法建立它的設定（沒有訊息）。`),
    otherFix: ({ pod, namespace }) => [`kubectl describe pod ${pod} -n ${namespace}`, '修正訊息中指出的物件或欄位。'],
  },
  deadlineExceeded: {
    message: ({ seconds, age, replacement }) => `kubelet 終止了這個 Pod，因為它執行的時間超過 activeDeadlineSeconds${seconds !== undefined ? ` ${seconds}s${age !== `${seconds}s` ? `（${age}）` : ''}` : ''}。${replacement}`,
    fix: ({ pod, namespace }) => [`查看最後一次執行在做什麼：kubectl logs ${pod} -n ${namespace} --all-containers`, '調高 Pod 範本中的 spec.activeDeadlineSeconds，或讓工作早點完成。'],
  },
  evicted: {
    message: ({ resource, parts, replacement }) => `kubelet 驅逐了這個 Pod${resource ? `（${resource}）` : ''}：${parts.join('；')}。${replacement}`,
    part: (p) => {
      switch (p.kind) {
        case 'low':
          return `${nodeOf(p.node)}的 ${p.resource} 不足${p.threshold ? `（驅逐門檻 ${p.threshold.quantity}，剩餘 ${p.threshold.available}）` : ''}`;
        case 'container-use':
          return `容器「${p.container}」使用了 ${p.use} 的 ${p.resource}，而它的 request 是 ${p.request}`;
        case 'pod-use':
          return `整個 Pod 使用了 ${p.use}，而 Pod 層級的 request 是 ${p.request}`;
        case 'container-storage':
          return `容器「${p.container}」超過了它的 ephemeral-storage 上限「${p.limit}」`;
        case 'pod-storage':
          return `Pod 的本機 ephemeral storage 超過了它所有容器上限的總和（${p.limit}）`;
        case 'empty-dir':
          return `emptyDir Volume「${p.volume}」超過了它的 sizeLimit「${p.limit}」`;
        case 'had-condition':
          return `Pod 抵達時${nodeOf(p.node)}已經是 ${p.conditions.join(' 與 ')}，所以 kubelet 在准入時拒絕了它`;
        case 'quoted':
          return `狀態訊息為「${p.message}」`;
        default:
          return '沒有記錄原因';
      }
    },
    pressureFix: ({ resource, namespace }) => (PRESSURE_FIX[resource] ?? `減少 Pod 的 ${resource} 用量，或調高它的 request。`).replace('NAMESPACE', namespace),
    setRequest: ({ ref, namespace, container, resource, amount }) => `kubectl set resources ${ref} -n ${namespace} -c ${container} --requests=${resource}=${amount}   （它實際用掉的量）`,
    containerStorageFix: ({ container }) => `調高容器「${container}」的 resources.limits.ephemeral-storage，或讓它不要寫入自己的檔案系統（日誌寫到 stdout，暫存資料放到 Volume）。`,
    podStorageFix: () => '調高容器的 ephemeral-storage 上限，或減少寫入本機磁碟（emptyDir Volume 也算在內）。',
    emptyDirFix: ({ volume }) => `調高 Volume「${volume}」的 emptyDir.sizeLimit，或在其中存放較少的資料。`,
    relieveNode: ({ node, disk }) => `先減輕節點的壓力：kubectl describe node ${NODE(node)}（${disk ? '釋放磁碟：映像檔、日誌、emptyDir' : '釋放記憶體'}）。`,
    describeNode: ({ node }) => `kubectl describe node ${NODE(node)}`,
    deleteEvicted: ({ pod, namespace }) => `刪除被驅逐的 Pod：kubectl delete pod ${pod} -n ${namespace}`,
  },
  nodeLost: {
    message: ({ node, ready }) => {
      const n = node === undefined ? '它的節點' : `節點「${node}」`;
      return `節點控制器把 Pod 標記為 NodeLost：Pod 在${n}上執行時，該節點停止回應。${ready ? `${n}又回報 Ready 了；這個 Pod 物件是遺留下來的，可以刪除。` : ''}`;
    },
    fix: ({ node, pod, namespace, ready }) => [
      `kubectl describe node ${node ?? 'NODE'}`,
      `確認節點已停機（或已恢復）後：kubectl delete pod ${pod} -n ${namespace}${ready ? '' : ' --grace-period=0 --force   （只有在機器真的停機時：否則容器可能仍在那裡執行）'}`,
    ],
  },
  nodeMissing: {
    message: ({ node }) => `Pod 被指派到節點「${node}」，但該節點不存在（已刪除，或它的 kubelet 從未註冊）：不會有 kubelet 執行它。`,
    fix: ({ node, pod, namespace, owner, scheduled }) => [
      'kubectl get nodes -o wide',
      owner
        ? `刪除 Pod，讓它的 ${owner.kind}「${owner.name}」在正常的節點上重新建立：kubectl delete pod ${pod} -n ${namespace}`
        : `不指定 spec.nodeName（或指定正常的節點）重新建立 Pod：kubectl get pod ${pod} -n ${namespace} -o yaml > pod.yaml；修改它；kubectl replace --force -f pod.yaml`,
      scheduled ? `是排程器把它放在那裡的；如果「${node}」已被刪除，Pod 垃圾回收應該很快就會移除這個 Pod（檢查 kube-controller-manager）。` : '沒有 Scheduled 事件：spec.nodeName 可能是直接設定的；請改用 nodeSelector。',
    ],
  },
  nodeNotReady: {
    neverUpdated: ({ node }) => `節點「${node}」從未回報它的狀態（Ready=Unknown、NodeStatusNeverUpdated）：它的 kubelet 從未啟動，所以 Pod 無法在那裡啟動。`,
    unreachable: ({ node, at, ago }) =>
      `節點「${node}」連不上（Ready=Unknown）：它的 kubelet ${at !== undefined ? `在 ${at}（最後一次心跳在 ${ago} 前）之後` : ''}不再回報節點狀態，所以 Pod 的狀態停留在最後一次看到的樣子，現在也不知道它在那裡的容器狀況。`,
    networkOnly: ({ node }) => `節點「${node}」為 NotReady，只是因為它的網路（CNI）外掛程式尚未就緒；見 cni/cni-not-initialized。`,
    notReady: ({ node, reason, causes }) => `節點「${node}」為 NotReady（${reason}）：${causes.join('；而且')}。`,
    staleReady: ({ at }) => `Pod 的狀態停留在${at !== undefined ? ` ${at} ` : ''}最後一次看到的樣子：當時它回報 Ready，但這個狀態已不再更新，所以它真正的狀態不明。`,
    describeNode: ({ node }) => `kubectl describe node ${node}`,
    unreachableFix: ({ node }) => [
      `檢查 ${node} 背後的機器（是否關機、網路隔離、記憶體用完），並在上面執行：systemctl status kubelet; journalctl -u kubelet --since "30 min ago"`,
      `如果 ${node} 已永久消失：kubectl delete node ${node}（它的 Pod 會被垃圾回收，控制器會在其他地方重新建立它們）。`,
    ],
    causeFix: ({ node, cause }) => CAUSE_FIX[cause](node),
    watch: ({ node }) => `觀察節點恢復：kubectl get node ${node} -w`,
  },
  nodeShutdown: {
    message: ({ node, replacement }) => `kubelet 終止了這個 Pod，因為節點「${node || '?'}」正在關機。${replacement}`,
    fix: ({ pod, namespace, owner }) => [
      owner ? `查看替代的 Pod：kubectl get pods -n ${namespace} -o wide | grep ${owner.name}` : '在正常的節點上重新建立 Pod（沒有控制器擁有它）。',
      `刪除留下的 Pod：kubectl delete pod ${pod} -n ${namespace}`,
      '在多個節點上執行多個副本並搭配 PodDisruptionBudget，讓單一節點離開時服務不會中斷。',
    ],
  },
  nodeStatusStale: {
    untrusted: ({ node, at, age, allow }) =>
      `節點「${node}」最後一次更新 Ready=True 狀況是在 ${at}，比這份輸入的時鐘早 ${age}（見附註），超過心跳所允許的（${allow}）。如果這份輸入是在擷取時存檔的，節點當時已停止回報，Pod 的狀態只是最後一次看到的樣子；如果它是之後才複製或存檔的，它的時鐘就太晚了：請用 --now 指定擷取時間。`,
    untrustedFix: ({ node }) => [`現在就檢查節點：kubectl get node ${node}；它的 lease：kubectl get lease -n kube-node-lease ${node}`, '以擷取時間判斷這份 dump：kdiag … -f FILE --now <capture time>'],
    message: ({ node, at, ago, allow }) =>
      `節點「${node}」在 ${at}（${ago} 前）之後就停止回報：它的 Ready=True 狀況最後一次更新是在那時，比 kubelet 的狀態回報加上節點控制器的寬限所允許的（${allow}）還久，所以節點與 Pod 的狀態都停留在最後一次看到的樣子，真正的狀態不明。經過時間以輸入的時鐘計算（見附註）：那個時鐘不對的話，這一項也不對。`,
    fix: ({ node }) => [
      `現在就檢查節點：kubectl get node ${node}；它的 lease：kubectl get lease -n kube-node-lease ${node}`,
      `如果沒有任何東西把它標成 Unknown，請確認 kube-controller-manager 正在執行；在 ${node} 上：systemctl status kubelet; journalctl -u kubelet --since "30 min ago"`,
    ],
  },
  notStartedLong: {
    message: ({ node, age, nodeSeen, trace }) =>
      `Pod 在 ${age} 前被繫結到節點「${node}」${nodeSeen ? '' : '（節點不在快照中，所以它的狀態不明）'}，但它的 kubelet 還沒有啟動它：沒有任何來自節點的狀態（沒有 startTime，也沒有容器狀態）。${trace}`,
    fix: ({ node }) => [`檢查節點與它最後一次的心跳：kubectl describe node ${node}`, `在 ${node} 上：systemctl status kubelet; journalctl -u kubelet --since "30 min ago"`],
  },
  preempted: {
    byKubelet: ({ node, replacement }) => `節點「${node || '?'}」上的 kubelet 為了接納一個關鍵 Pod 而終止了這個 Pod（Preempting）。${replacement}`,
    byKubeletFix: ({ node, pod, namespace }) => [
      `kubectl describe node ${NODE(node)}   （哪些關鍵 Pod 需要空間？）`,
      '為系統 Pod 保留容量（kubelet --system-reserved／--kube-reserved），或給這個工作負載較高的優先順序。',
      `刪除留下的 Pod：kubectl delete pod ${pod} -n ${namespace}`,
    ],
    byScheduler: ({ preemptor, owner }) =>
      `排程器搶佔了這個 Pod，為優先順序較高的 Pod 騰出空間${preemptor ? `（搶佔者 UID ${preemptor.uid}，在節點「${preemptor.node}」上）` : ''}；它正在被刪除，${owner ? `${owner.kind}「${owner.name}」會建立替代的 Pod` : '而且沒有東西會重新建立它'}。`,
    bySchedulerFix: ({ pod, namespace }) => [
      `kubectl get pod ${pod} -n ${namespace} -o jsonpath='{.spec.priorityClassName}'; kubectl get priorityclass`,
      '給這個工作負載較高的 priorityClassName，或增加容量，讓優先順序較高的 Pod 不必搶佔也放得下。',
    ],
  },
  stuckTerminating: {
    finalizers: ({ finalizers }) => (finalizers.length > 0 ? `它也還有 finalizer${quoted(finalizers)}。` : ''),
    caution: ({ statefulSet }) =>
      statefulSet !== undefined
        ? `注意：它屬於 StatefulSet「${statefulSet}」；強制刪除會讓另一個相同身分的 Pod 啟動，而舊的可能仍在執行。`
        : '注意：容器可能仍在那台機器上執行；ReadWriteOnce Volume 會一直附加在那裡，直到被卸離（最多 6 分鐘）。',
    nodeDown: ({ overdue, node, state, finalizers }) =>
      `Pod 已超過寬限期 ${overdue} 仍在 Terminating：節點「${node}」${state === 'gone' ? '已不存在' : state === 'unknown' ? '連不上（Ready=Unknown）' : '為 NotReady'}，所以沒有 kubelet 能確認它的容器已停止。${finalizers}`,
    nodeGoneFix: ({ force }) => [`節點已不在了：Pod 垃圾回收應該會移除這個 Pod；如果沒有：${force}`],
    nodeDownFix: ({ node, force, caution }) => [
      `讓節點「${node}」恢復（kubectl describe node ${node}）；之後 kubelet 會完成刪除。`,
      `如果確認節點已停機：kubectl taint node ${node} node.kubernetes.io/out-of-service=nodeshutdown:NoExecute（Volume 會被卸離，Pod 會被安全地移除）。`,
      `或強制刪除 Pod 物件：${force}。${caution}`,
    ],
    running: ({ overdue, node, containers, finalizers }) =>
      `Pod 已超過寬限期 ${overdue} 仍在 Terminating：${containers.map(noun).join('、') || '它的容器'}在節點「${node}」上還沒停止。${finalizers}`,
    runningFix: ({ node, force, caution }) => [
      `在 ${node || '該節點'} 上：crictl ps --name <container>; crictl stop <id>; journalctl -u containerd -u kubelet（Runtime 能終止它嗎？）`,
      '讓應用程式收到 SIGTERM 時結束，並讓 preStop hook 比 terminationGracePeriodSeconds 短。',
      `最後手段：${force}。${caution}`,
    ],
    waitingFinalizers: ({ overdue, finalizers }) => `Pod 已超過寬限期 ${overdue} 仍在 Terminating，正在等擁有 finalizer${quoted(finalizers)}的控制器移除它們。`,
    waitingFinalizersFix: ({ pod, namespace }) => [
      '找出擁有每個 finalizer 的控制器（依前綴判斷），並確認它正常執行。',
      `只有在那個控制器已永久消失時：kubectl patch pod ${pod} -n ${namespace} --type=json -p '[{"op":"remove","path":"/metadata/finalizers"}]'`,
    ],
    teardown: ({ overdue, node }) => `Pod 在節點「${node || '（無）'}」上已超過寬限期 ${overdue} 仍在 Terminating，沒有 finalizer，也看不到執行中的容器：kubelet 還沒完成拆除（Volume 卸載或沙箱移除可能卡住了）。`,
    teardownFix: ({ node, uid, force, caution }) => [`在 ${node || '該節點'} 上：journalctl -u kubelet | grep ${uid}   （找找 UnmountVolume／KillPodSandbox 錯誤）`, `最後手段：${force}。${caution}`],
    sandboxFailed: ({ overdue, node, cni, finalizers }) =>
      `Pod 已超過寬限期 ${overdue} 仍在 Terminating：容器已停止，但容器執行環境無法移除節點「${node || '（無）'}」上的沙箱${cni ? `：網路（CNI）外掛刪除網路失敗：「${cni}」` : '（KillPodSandbox 失敗）'}。${finalizers}`,
    unmountFailed: ({ overdue, node, volume, error, busy, finalizers }) =>
      `Pod 已超過寬限期 ${overdue} 仍在 Terminating：節點「${node || '（無）'}」上的 kubelet 無法卸載${volume ? ` Volume「${volume}」` : '它的 Volume'}${busy ? '，節點上仍有行程佔用它（busy）：等待不會讓它釋放' : ''}：「${error}」。${finalizers}`,
    unmountFailedFix: ({ node, uid, busy, force, caution }) => [
      busy
        ? `在 ${node || '該節點'} 上：找出佔用掛載點的行程（findmnt | grep ${uid}; fuser -vm <掛載路徑>; lsof +f -- <掛載路徑>）並停止它；kubelet 會重試卸載並完成刪除。`
        : `在 ${node || '該節點'} 上：journalctl -u kubelet | grep ${uid}   （UnmountVolume 錯誤），並檢查 Volume 的驅動程式（CSI 的節點外掛 Pod）：kubelet 會重試卸載。`,
      `最後手段：${force}。${caution}`,
    ],
    sandboxFailedFix: ({ node, force, caution }) => [
      `修好 ${node || '該節點'} 上的網路外掛（它在 kube-system 的 Pod、/etc/cni/net.d 的設定）：kubelet 會重試 KillPodSandbox，CNI DEL 成功後就會完成刪除。`,
      `在 ${node || '該節點'} 上：crictl pods --state notready; journalctl -u containerd -u kubelet | grep "destroy network"`,
      `最後手段：${force}。${caution}`,
    ],
  },
};
