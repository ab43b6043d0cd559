import type { ReasonCategory } from '../../../rules/messages/scheduling.js';
import type { PreemptionRef, SchedulingClause, SchedulingMessages } from '../../../rules/messages/scheduling.js';

// Terms follow docs/glossary.zh-TW.md; the scheduler's reason texts, names and commands are passed in untouched
// (a reason text is quoted cluster text: 「…」).
const agoText = (ago: string | undefined): string => (ago === undefined ? '在不明的時間' : `在 ${ago} 前`);

const CLAUSE: { [K in SchedulingClause['kind']]: (c: Extract<SchedulingClause, { kind: K }>) => string } = {
  'scale-up': (c) => `cluster-autoscaler ${agoText(c.ago)}觸發了擴展（「${c.detail}」）；新節點 Ready 後 Pod 應該就能排程。`,
  'scale-up-late': (c) => `cluster-autoscaler ${agoText(c.ago)}觸發了擴展，但 Pod 仍無法排程。`,
  'no-scale-up': (c) => `cluster-autoscaler 不會新增節點：${c.why ? `「${c.why}」` : '沒有適合的節點群組'}。`,
  'scale-up-failed': (c) => `cluster-autoscaler 試著新增節點但失敗：「${c.message}」`,
  preempting: (c) => `排程器正在搶佔${c.node ? `節點「${c.node}」上` : ''}優先順序較低的 Pod 以騰出空間。`,
  autoscaled: (c) => `無法排程才 ${c.age}：節點看起來由自動擴展管理，仍可能新增一個放得下的節點。`,
  fresh: (c) => `無法排程才 ${c.age}：排程器會持續重試，叢集也可能還會變化（Pod 結束、節點恢復或新增節點）。`,
  for: (c) => `已無法排程 ${c.age}。`,
  none: () => '',
};

function preemption(p: PreemptionRef | undefined): string {
  switch (p?.verdict) {
    case 'not-helpful':
      return '搶佔也無濟於事：驅逐優先順序較低的 Pod 也不會讓任何節點符合。';
    case 'no-victims':
      return '搶佔找不到可驅逐的優先順序較低的 Pod。';
    case 'mixed':
      return `搶佔也無濟於事：驅逐 Pod 也修不好 ${p.notHelpful} 個節點，另有 ${p.noVictims} 個節點沒有優先順序較低的 Pod 可驅逐。`;
    case 'not-eligible':
      return 'Pod 不能搶佔其他 Pod（preemptionPolicy: Never）。';
    case 'no-candidate':
      return '搶佔找不到候選節點。';
    case 'in-progress':
      return '排程器正在驅逐優先順序較低的 Pod 以騰出空間（搶佔進行中）。';
    default:
      return '';
  }
}

const HINTS: Partial<Record<ReasonCategory, string>> = {
  'node-name': 'spec.nodeName 指定了排程器無法使用的節點',
  'volume-rwop': 'ReadWriteOncePod 的 claim 已被其他 Pod 使用',
  'volume-disk-conflict': '這些節點上已有其他 Pod 掛載了同一個磁碟 Volume',
  'volume-limits': '節點已達 CSI Volume 附加數量上限',
  'csi-driver-missing': '節點上沒有安裝 Volume 需要的 CSI driver',
  'node-features': '節點缺少 Pod 需要的功能',
  dra: 'DRA ResourceClaim 無法配給',
  'sidecar-unsupported': '叢集不支援原生 sidecar 容器',
  gang: '排程器在等 Pod 群組中的其他 Pod',
};

export const zhTWScheduling: SchedulingMessages = {
  schedulingTail: ({ clause, preemption: p }) => (CLAUSE[clause.kind] as (c: SchedulingClause) => string)(clause) + preemption(p),
  nodes: ({ count, total }) => (total === undefined ? `${count} 個節點` : `${count}/${total} 個節點`),
  podTemplate: ({ ref, namespace }) => (ref === undefined ? 'Pod spec（之後重新建立 Pod）' : `${ref} 的 Pod 範本（kubectl edit ${ref} -n ${namespace}）`),
  noNodes: {
    message: ({ tail, nodes, notReady }) => {
      if (notReady) {
        const why = notReady.why === 'unknown' ? '它的 kubelet 停止回報（Ready=Unknown）' : notReady.why.join('；');
        return `叢集當時沒有可以排程 Pod 的節點：輸入中有${notReady.count === 1 ? `節點 ${notReady.first}` : ` ${notReady.count} 個節點`}，但都不是 Ready——${notReady.count === 1 ? '' : `節點 ${notReady.first}：`}${why}。${tail}`;
      }
      if (nodes > 0) return `叢集當時沒有可以排程 Pod 的節點（輸入中現在有 ${nodes} 個節點，所以排程器上次嘗試之後可能有節點加入）。${tail}`;
      return `叢集當時沒有可以排程 Pod 的節點。${tail}`;
    },
    fix: () => ['kubectl get nodes', '新增或啟動節點（或把節點群組從零擴展）；在應該已加入的機器上查看 kubelet 日誌：journalctl -u kubelet'],
  },
  notScheduledLong: {
    message: ({ age, condition, decided, scheduler, trace }) => {
      if (condition !== undefined) return `Pod 已等待排程 ${age}，排程器仍然無法安排它：「${condition}」。${trace}`;
      const state = decided ? `Pod 已等待排程 ${age}，目前沒有任何有效的排程決定。` : `Pod 已等待排程 ${age}，沒有任何排程器記錄過關於它的決定（沒有 PodScheduled 狀況，也沒有 FailedScheduling 事件）。`;
      const check = scheduler === 'default-scheduler' ? '請確認 kube-scheduler 正在執行。' : `它要求的排程器是「${scheduler}」（spec.schedulerName）：請確認有這個名稱的排程器在執行，或修正名稱。`;
      return state + check + trace;
    },
    fix: ({ scheduler, pod, namespace }) => [
      `確認 Pod 要求的排程器正在執行：kubectl get pods -A -l component=kube-scheduler${scheduler === 'default-scheduler' ? '' : `（以及「${scheduler}」的 Deployment）`}`,
      `查看即時事件：kubectl describe pod -n ${namespace} ${pod}`,
    ],
  },
  pvcNotFound: {
    message: ({ claim, volume, namespace, existsNow, tail }) =>
      `Pod 掛載的 PersistentVolumeClaim「${claim}」${volume !== undefined ? `（Volume「${volume}」）` : ''}${existsNow ? `在排程器上次嘗試時不存在於命名空間 ${namespace}（輸入中現在有它，所以下次嘗試可能會成功）` : `不存在於命名空間 ${namespace}`}。${tail}`,
    fix: ({ claim, volume, namespace, statefulSet }) => {
      const out = [`列出命名空間中的 claim：kubectl get pvc -n ${namespace}`, `在命名空間 ${namespace} 建立 PersistentVolumeClaim「${claim}」，或修正${volume !== undefined ? ` Volume「${volume}」的` : ''} claimName。`];
      if (statefulSet !== undefined) out.push(`StatefulSet ${statefulSet}：在 spec.volumeClaimTemplates 中宣告這個 claim（它的 claim 名稱是 <template>-${statefulSet}-<ordinal>），而不是在 spec.template 的 volumes 中指名。`);
      return out;
    },
  },
  schedulingGated: {
    message: ({ gates, age, long }) =>
      `Pod 被 scheduling gate${gates.map((g) => `「${g}」`).join('、')}擋住${age !== undefined ? `已 ${age}` : ''}：在加上 gate 的控制器移除它之前，排程器不會處理這個 Pod。${long !== undefined ? `這已超過 ${long}：請確認擁有這個 gate 的控制器正在執行，以及它為什麼還沒放行 Pod。` : ''}`,
    fix: ({ pod, namespace }) => [
      `查看 gate：kubectl get pod ${pod} -n ${namespace} -o jsonpath='{.spec.schedulingGates}'`,
      '檢查擁有這個 gate 的控制器（通常看名稱就知道是哪個），以及它對這個工作負載的看法（佇列、配額）',
      `只有在沒有控制器擁有這個 gate 時，才手動移除它：kubectl patch pod ${pod} -n ${namespace} --type=json -p '[{"op":"remove","path":"/spec/schedulingGates"}]'`,
    ],
  },
  tooManyPods: {
    message: ({ nodes, limits, tail }) =>
      `${nodes}已達 Pod 數量上限（maxPods）${limits.length ? `（${limits.map((l) => `${l.node} 允許 ${l.allows} 個${l.runs !== undefined ? `，正在執行 ${l.runs} 個` : ''}`).join('；')}）` : ''}。${tail}`,
    fix: () => [
      '比較每個節點的 Pod 上限與上面執行的 Pod：kubectl get nodes -o custom-columns=NAME:.metadata.name,MAXPODS:.status.allocatable.pods; kubectl get pods -A --field-selector spec.nodeName=NODE --no-headers | wc -l',
      '新增節點（或讓 cluster autoscaler 新增），或在 CNI 有足夠 IP 的節點上調高 kubelet 的 maxPods',
      '縮減或移除不需要的工作負載：kubectl get pods -A -o wide --field-selector status.phase=Running',
    ],
  },
  unschedulableNodes: {
    message: ({ cordoned, unknown, tail }) => {
      const parts: string[] = [];
      if (cordoned) parts.push(`${cordoned.nodes}已被 cordon${cordoned.names.length ? `（${cordoned.names.join('、')}）` : ''}`);
      if (unknown) parts.push(`${unknown.nodes}沒有回報任何狀況（kubelet 從未回報它的狀態）`);
      return `${parts.join('；')}。${tail}`;
    },
    fix: ({ cordoned, unknown }) => {
      const out = [
        '列出節點：kubectl get nodes（被 cordon 的節點顯示 SchedulingDisabled）',
        `如果維護已結束，重新允許 Pod：${cordoned.length ? cordoned.slice(0, 3).map((n) => `kubectl uncordon ${n}`).join('; ') : 'kubectl uncordon NODE'}`,
        '否則新增可排程的節點',
      ];
      if (unknown) out.push('沒有狀況的節點：kubectl describe node NODE，並確認它的 kubelet 正在執行且連得到 API Server');
      return out;
    },
  },
  hostPortConflict: {
    message: ({ ports, nodes, holders, surplus, tail }) => {
      const list = ports.map((w) => `${w.port}/${w.protocol}（容器「${w.container}」）`).join('、');
      const held = holders.length ? `；佔用者：${holders.map((h) => `${h.pod}（在 ${h.node} 上）`).join('、')}` : '';
      const more = surplus ? `工作負載要 ${surplus.replicas} 個副本，但只有 ${surplus.nodes} 個節點，而一個 hostPort 每個節點只能有一個。` : '';
      return `Pod 的 ${list ? `hostPort ${list}` : 'hostPort'}在 ${nodes}上已被佔用${held}。${more}${tail}`;
    },
    fix: ({ port, template }) => [
      `找出佔用該連接埠的 Pod：kubectl get pods -A -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name,NODE:.spec.nodeName,HOSTPORTS:.spec.containers[*].ports[*].hostPort${port !== undefined ? ` | grep -w ${port}` : ''}`,
      `改用 Service 而不是 hostPort 來公開 Pod（移除 ports[].hostPort：修改 ${template}）`,
      '或讓副本數 ≤ 節點數（DaemonSet），並以 maxSurge: 0 部署，讓舊的 Pod 先釋放連接埠',
    ],
  },
  topologySpread: {
    message: ({ missing, nodes, constraints, lacking, tail }) => {
      const described = constraints.map((c) => `對 ${c.selector} 的 Pod，依 ${c.key} 的 maxSkew ${c.maxSkew}${c.minDomains ? `，minDomains ${c.minDomains}` : ''}`);
      const within = described.length ? `（${described.join('；')}）` : '';
      const detail = lacking.length ? `：${lacking.map((l) => `${l.node} 沒有 ${l.key}`).join('；')}` : '';
      return `${missing ? `${nodes}缺少分散限制所需的拓撲標籤${within}` : `把 Pod 放在 ${nodes}上都會違反它的拓撲分散限制${within}`}${detail}。${tail}`;
    },
    fix: ({ missing, keys, namespace, selector, template }) => [
      `查看符合的 Pod 如何分散：kubectl get nodes${keys.length ? ` -L ${keys.join(',')}` : ''}; kubectl get pods -n ${namespace} -o wide${selector !== undefined ? ` -l ${selector}` : ''}`,
      missing ? `為每個節點加上 ${keys.join('、') || 'topologyKey'} 標籤（kubectl label node NODE KEY=VALUE）` : '在符合的 Pod 最少的 domain 增加容量，或調高 maxSkew',
      `或把限制改為非強制（whenUnsatisfiable: ScheduleAnyway）：修改 ${template}`,
    ],
  },
  unschedulable: {
    message: ({ tail, failed, reasons, all, raw }) => {
      if (failed) return `Pod 無法排程：排程器失敗${failed.reason ? `（${failed.reason}）` : ''}：「${failed.error}」。${tail}`;
      if (reasons && reasons.length > 0) return `Pod 無法排程：${reasons.map((r) => `「${r.count} ${r.text}」${HINTS[r.category] ? `（${HINTS[r.category]}）` : ''}`).join('、')}。${tail}`;
      const list = (all ?? []).map((r) => `${r.count} ${r.text}`).join(', ') || raw;
      return `Pod 無法排程：沒有節點通過它的篩選（「${list}」）。${tail}`;
    },
    fix: ({ pod, namespace }) => [
      `閱讀排程器的完整訊息與事件：kubectl describe pod ${pod} -n ${namespace}`,
      '每個「<count> <reason>」項目表示有多少節點因該原因不適用；修正涵蓋 Pod 應該執行的節點的那一項',
      `查看排程器本身的日誌了解細節：kubectl logs -n kube-system -l component=kube-scheduler --tail=200 | grep ${pod}`,
    ],
  },
};
