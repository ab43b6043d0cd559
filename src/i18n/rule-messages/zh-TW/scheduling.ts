import type { ReasonCategory } from '../../../rules/messages/scheduling.js';
import type {
  AffinityPart,
  ClaimProblemRef,
  NodeMismatch,
  PreemptionRef,
  ResourceFit,
  SchedulingClause,
  SchedulingMessages,
  SelectorRef,
  TaintsNamed,
  TermRef,
  WellKnownTaint,
} from '../../../rules/messages/scheduling.js';

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

/** A space before text that starts with a Latin letter, digit or sign (between Chinese and English). */
const lead = (s: string): string => (/^[\x21-\x7e]/.test(s) ? ` ${s}` : s);
/** `a` and `b` joined, with a space where Chinese meets English (none beside full-width punctuation). */
function spaced(a: string, b: string): string {
  const cjk = /[\u3400-\u9fff]/;
  const latin = /[\x21-\x7e]/;
  const l = a.slice(-1);
  const r = b.slice(0, 1);
  return (latin.test(l) && cjk.test(r)) || (cjk.test(l) && latin.test(r)) ? `${a} ${b}` : a + b;
}

// A label selector in a list (「沒有 Pod 符合 app=db」), and the Pods it selects in a sentence (「app=api 的 Pod」、「所有 Pod」).
const selectorText = (s: SelectorRef): string => (s.kind === 'expr' ? s.text : s.kind === 'none' ? '（沒有 selector）' : '（所有 Pod）');
const podsOf = (s: SelectorRef): string => (s.kind === 'expr' ? `${s.text} 的 Pod` : s.kind === 'none' ? '（沒有 selector 的）Pod' : '所有 Pod');
// A node-selector term's requirements are ANDed, the terms ORed; the expressions stay as users type them.
const termText = (t: TermRef): string => t.join(' 且 ') || '（空的條件）';
const termsText = (terms: TermRef[]): string => terms.map(termText).reduce((all, t) => (all ? spaced(spaced(all, '或'), t) : t), '');

function mismatchText(m: NodeMismatch): string {
  switch (m.kind) {
    case 'no-label':
      return `${m.node} 沒有標籤 ${m.key}`;
    case 'label':
      return `${m.node} 的標籤是 ${m.label}`;
    case 'no-term':
      return `${m.node} 不符合任何必要的 node affinity 條件${m.labels.length ? `（${m.labels.map((l) => (l.value === undefined ? `沒有 ${l.key}` : `${l.key}=${l.value}`)).join('、')}）` : ''}`;
  }
}

function fitText(resource: string, f: ResourceFit): string {
  switch (f.kind) {
    case 'not-advertised':
      return `沒有任何節點提供 ${resource}`;
    case 'too-small':
      return `最大的節點只有 ${f.allocatable} 可分配（${f.node}）`;
    case 'roomiest':
      return `剩餘 ${resource} 最多的節點是 ${f.node}：可分配 ${f.allocatable}，剩餘 ${f.free}`;
    case 'largest':
      return `最大的節點有 ${f.allocatable} 可分配（${f.node}），這還沒扣掉其他 Pod 的要求`;
  }
}

function affinityText(p: AffinityPart): string {
  switch (p.kind) {
    case 'affinity': {
      const terms = p.terms.map((t) => `依 ${t.key} 與${lead(podsOf(t.selector))} 在一起`).join('；');
      const unmatched = p.unmatched.length ? `；沒有已排程的 Pod 符合 ${p.unmatched.map(selectorText).join('、')}` : '';
      return `${terms ? `它的必要 affinity（${terms}）` : '它的必要 pod affinity '}排除了 ${p.nodes}${unmatched}`;
    }
    case 'anti-affinity': {
      const terms = p.terms.map((t) => `依 ${t.key} 不與${lead(podsOf(t.selector))} 在一起`).join('；');
      const surplus = p.surplus ? `；工作負載要 ${p.surplus.replicas} 個副本，但只有 ${p.surplus.nodes} 個節點，每個節點一個副本` : '';
      return `${terms ? `它的必要 anti-affinity（${terms}）` : '它的必要 pod anti-affinity '}排除了 ${p.nodes}${surplus}`;
    }
    case 'existing':
      return `在 ${p.nodes}上執行的 Pod 對這個 Pod 的標籤有必要的 anti-affinity${p.blockers.length ? `（${p.blockers.map((b) => `${b.pod} 在 ${b.node} 上`).join('、')}）` : ''}`;
  }
}

function claimText({ claim, problem: p }: ClaimProblemRef): string {
  const pvc = `PersistentVolumeClaim「${claim}」`;
  switch (p.kind) {
    case 'missing':
      return `${pvc}不存在`;
    case 'unknown':
      return `輸入中沒有 ${pvc}，所以它的狀態不明`;
    case 'lost':
      return `${pvc}為 Lost：它的 PersistentVolume「${p.volume}」已不存在`;
    case 'deleting':
      return `${pvc}正在刪除中`;
    case 'pending':
      return `${pvc}為 ${p.phase}${p.className ? `（StorageClass「${p.className}」）` : ''}`;
    case 'no-class':
      return `${pvc}：它的 StorageClass「${p.className}」不存在`;
    case 'provisioning-failed':
      return `${pvc}：佈建 Volume 失敗：「${p.error}」`;
    case 'mismatch':
      return `${pvc}：它無法繫結到它指定的 PersistentVolume：「${p.error}」`;
    case 'static':
      return `${pvc}：它設定了 storageClassName ""（只有預先建立的 PersistentVolume 能繫結），但沒有符合的 PersistentVolume`;
    case 'no-default':
      return `${pvc}：它沒有指定 StorageClass，叢集也沒有可以佈建 Volume 的預設 StorageClass`;
    case 'external':
      return `${pvc}：它在等外部佈建程式${p.provisioner ? `「${p.provisioner}」` : ''}，而後者還沒開始佈建（它的 CSI 控制器有在執行嗎？）`;
    case 'no-provisioner':
      return `${pvc}：它的 StorageClass「${p.className}」不會佈建 Volume，而在 Pod 能用的節點上也沒有符合這個 claim 的可用 PersistentVolume`;
  }
}

function claimFix(namespace: string, { claim, problem: p }: ClaimProblemRef): string[] {
  const describe = `kubectl describe pvc ${claim} -n ${namespace}`;
  const classes = '列出 StorageClass：kubectl get storageclass';
  switch (p.kind) {
    case 'missing':
      return [`在命名空間 ${namespace} 建立 PersistentVolumeClaim「${claim}」，或修正 Volume「${p.volume}」的 claimName。`];
    case 'unknown':
      return [`查看這個 claim：${describe}`];
    case 'lost':
      return [`如果磁碟還在，復原 PersistentVolume「${p.volume}」；否則刪除並重新建立 claim（資料已遺失）：${describe}`];
    case 'deleting':
      return [`等它刪除後重新建立 claim，或停止刪除它：kubectl get pvc ${claim} -n ${namespace} -o jsonpath='{.metadata.finalizers}'`];
    case 'no-class':
      return [classes, `以存在的 storageClassName 重新建立 claim（這個欄位不能修改），或建立 StorageClass「${p.className}」。`];
    case 'provisioning-failed':
      return [describe, `檢查佈建程式${p.provisioner ? `「${p.provisioner}」` : ''}：它的控制器 Pod 日誌通常會說明原因（kubectl get pods -A | grep -i csi）。`];
    case 'mismatch':
      return [describe, '修正 spec.volumeName 或 PersistentVolume，讓容量、存取模式、volume mode 與 StorageClass 一致。'];
    case 'static':
      return ['建立符合 claim 容量與存取模式的 PersistentVolume，或改用會佈建 Volume 的 StorageClass（重新建立 claim）。', describe];
    case 'no-default':
      return [
        describe,
        classes,
        `把一個 StorageClass 設為預設：kubectl patch storageclass NAME -p '{"metadata":{"annotations":{"storageclass.kubernetes.io/is-default-class":"true"}}}'（之後重新建立 claim），或手動建立符合的 PersistentVolume。`,
      ];
    case 'external':
      return [`確認 CSI 驅動程式的控制器（external-provisioner）正在執行：kubectl get pods -A | grep -i ${p.provisioner.split('.')[0] || 'csi'}`, 'kubectl get csidrivers', describe];
    case 'no-provisioner':
      return ['列出可用的本機 PersistentVolume 與它們的節點：kubectl get pv -o wide', '在 Pod 能執行的節點上為這個 claim 建立 PersistentVolume。'];
    case 'pending':
      return [describe];
  }
}

const MEANING: Record<WellKnownTaint, string> = {
  'not-ready': '節點為 NotReady',
  unreachable: '節點無法連線（它的 kubelet 停止回報）',
  'memory-pressure': '節點記憶體吃緊（MemoryPressure）',
  'disk-pressure': '節點磁碟空間吃緊（DiskPressure）',
  'pid-pressure': '節點的 PID 快用完了（PIDPressure）',
  'network-unavailable': '節點的網路還沒設定好',
  unschedulable: '節點已被 cordon',
  'out-of-service': '節點被標記為停止服務（out-of-service）',
  'control-plane': 'control-plane 節點，依設計不執行工作負載',
  uninitialized: 'cloud controller 還沒初始化這個節點',
  shutdown: '雲端供應商回報這台機器已關機',
};

function taintsText(named: TaintsNamed): string {
  const meaning = (m: WellKnownTaint | undefined): string => (m ? `：${MEANING[m]}` : '');
  switch (named.kind) {
    case 'nodes':
      return named.taints.map((t) => `${t.taint}（${t.nodes.join('、')}${meaning(t.meaning)}）`).join('、');
    case 'message':
      return named.taints.map((t) => `${t.key}${t.value ? `=${t.value}` : ''}（${t.count} 個節點${meaning(t.meaning)}）`).join('、');
    case 'not-found':
      return '輸入中的節點上找不到這些 taint';
    case 'no-nodes':
      return '訊息不再列出 taint，輸入中也沒有 Node 物件';
  }
}

export const zhTWScheduling: SchedulingMessages = {
  schedulingTail: ({ clause, preemption: p, said }) => (said ? `排程器原文：「${said}」。` : '') + (CLAUSE[clause.kind] as (c: SchedulingClause) => string)(clause) + preemption(p),
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
      const described = constraints.map((c) => `對${lead(podsOf(c.selector))}，依 ${c.key} 的 maxSkew ${c.maxSkew}${c.minDomains ? `，minDomains ${c.minDomains}` : ''}`);
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
  insufficientResources: {
    message: ({ neverFits, parts, tail }) => {
      const each = parts.map((p) => {
        const bits = [...(p.requests !== undefined ? [`Pod 要求 ${p.requests}`] : []), ...(p.fit ? [fitText(p.resource, p.fit)] : [])];
        return `${p.nodes}上 Insufficient ${p.resource}${bits.length ? `（${bits.join('；')}）` : ''}`;
      });
      return `${neverFits ? 'Pod 比任何節點能容納的都大' : '沒有節點放得下 Pod'}：${each.join('；')}。${tail}`;
    },
    fix: ({ neverFits, workload, template, pod, namespace, resources, unknownFree }) => {
      const out = [
        neverFits
          ? workload === undefined
            ? `修改 ${template}，降低 requests 讓它放得進節點；或新增夠大的節點。`
            : `降低 requests 讓它放得進節點，或新增夠大的節點：kubectl set resources ${workload} -n ${namespace} --requests=${resources.map((r) => `${r}=<amount>`).join(',')}`
          : '查看節點的資源被什麼用掉：kubectl describe nodes | grep -A8 "Allocated resources"',
        `與 Pod 的 requests 比較：kubectl get pod ${pod} -n ${namespace} -o jsonpath='{range .spec.containers[*]}{.name}{"\\t"}{.resources.requests}{"\\n"}{end}'`,
        `增加容量（更多或更大的節點），或查看 cluster autoscaler 為什麼沒有擴展：kubectl get events -n ${namespace} --field-selector involvedObject.name=${pod},reason=NotTriggerScaleUp`,
      ];
      if (unknownFree && !neverFits) out.push('輸入中沒有節點上的其他 Pod，所以沒有計算每個節點的剩餘容量；`kubectl describe node NODE` 會顯示。');
      return out;
    },
  },
  nodeSelectorMismatch: {
    message: ({ selector, terms, nodes, pinnedGone, mismatches, more, matching, tail }) => {
      const wants = [...(selector !== undefined ? [`nodeSelector ${selector}`] : []), ...(terms.length > 0 ? [`必要 node affinity ${termsText(terms)}`] : [])];
      let detail = '';
      if (pinnedGone !== undefined) detail = `這個 DaemonSet Pod 被固定在節點「${pinnedGone}」上，而該節點已不在叢集中。`;
      else if (mismatches.length > 0) {
        detail = `${mismatches.map(mismatchText).join('；')}${more > 0 ? `；另有 ${more} 個節點` : ''}。`;
        if (matching.length > 0) detail += `符合的節點 ${matching.join('、')} 因其他原因不適用。`;
      }
      return `${spaced(spaced('Pod 的', wants.reduce((all, w) => (all ? spaced(spaced(all, '與'), w) : w), '') || 'node affinity'), `排除了 ${nodes}`)}。${detail}${tail}`;
    },
    fix: ({ keys, first, template }) => [
      `顯示 Pod 用來選擇節點的標籤：kubectl get nodes${keys.length ? ` -L ${keys.join(',')}` : ' --show-labels'}`,
      first ? `為應該執行它的節點加上標籤：kubectl label node NODE ${first.key}=${first.value}` : '為應該執行它的節點加上標籤，讓它符合 affinity 條件：kubectl label node NODE KEY=VALUE',
      `或修正 nodeSelector／node affinity：修改 ${template}`,
    ],
  },
  podAffinity: {
    message: ({ parts, tail }) => `Pod affinity 規則讓所有節點都不適用：${parts.map(affinityText).join('；')}。${tail}`,
    fix: ({ pod, namespace, template }) => [
      `查看 Pod 的規則：kubectl get pod ${pod} -n ${namespace} -o jsonpath='{.spec.affinity}'`,
      `若分散只是偏好，請改用 preferredDuringSchedulingIgnoredDuringExecution：修改 ${template}`,
      '新增節點或 zone，或把副本數降到 topology domain 的數量',
      '若是既有 Pod 的 anti-affinity，找出宣告它的 Pod：kubectl get pods -A -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name,NODE:.spec.nodeName,ANTI:.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution',
    ],
  },
  unboundPvc: {
    message: ({ what, tail }) => {
      let text: string;
      switch (what.kind) {
        case 'ephemeral':
          text = `ephemeral volume 控制器還沒建立 PersistentVolumeClaim「${what.claim}」`;
          break;
        case 'capacity':
          text = '儲存驅動程式回報節點上的可用容量不足以容納它的 claim';
          break;
        case 'problems':
          text = what.problems.map(claimText).join('；');
          break;
        case 'unbound':
          text = what.claims.length > 0 ? `它的 PersistentVolumeClaim（${what.claims.map((c) => `「${c}」`).join('、')}）尚未繫結` : '它的 PersistentVolumeClaim 尚未繫結';
      }
      return `在 Volume 能繫結之前，Pod 無法排程：${text}。${tail}`;
    },
    fix: ({ problems, namespace, claims }) => {
      const out = problems.flatMap((p) => claimFix(namespace, p));
      if (out.length === 0) out.push(`查看 claim 的事件：${`kubectl describe pvc -n ${namespace} ${claims.join(' ')}`.trim()}`, '列出 StorageClass：kubectl get storageclass');
      return [...new Set(out)];
    },
  },
  untoleratedTaint: {
    message: ({ nodes, named, tail }) => `Pod 不容許 ${nodes}上的 taint：${taintsText(named)}。${tail}`,
    fix: ({ custom, template, mistakes, health, none }) => [
      '查看每個節點的 taint：kubectl get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints',
      ...custom.map((c) => `如果 Pod 應該在有 taint ${c.taint} 的節點上執行，在 ${template}加上：${c.toleration}`),
      ...mistakes.map((m) => `如果 taint 是誤加的，移除它：kubectl taint node ${m.node} ${m.taint}-`),
      ...health.map((h) => `${h.taint} 表示${lead(MEANING[h.meaning])}：請修好節點（kubectl describe node），不要容許這個 taint。`),
      ...(none ? ['為 Pod 應該接受的 taint 加上 toleration，或從應該執行它的節點移除 taint。'] : []),
    ],
  },
  volumeNodeAffinity: {
    message: ({ nodes, pinned, blocked, tail }) => {
      const pins = pinned.map(
        (p) =>
          `PersistentVolume「${p.pv}」（claim「${p.claim}」）${spaced('限定在', termsText(p.terms))}${p.allowed === undefined ? '' : p.allowed.length === 0 ? '；叢集中沒有符合的節點' : `；可用的節點：${p.allowed.join('、')}`}`,
      );
      const blocks = blocked.map((b) => `可以使用這個 Volume 的節點「${b.node}」有 taint ${b.taint}，而 Pod 不容許它。`);
      return `Pod 的 Volume 被固定在它無法使用的節點上（在 ${nodes}上衝突）${pins.length ? `：${pins.join('；')}` : ''}。${blocks.join('')}${tail}`;
    },
    fix: ({ pv, namespace }) => [
      pv !== undefined ? `查看 Volume 可以在哪裡使用：kubectl get pv ${pv} -o jsonpath='{.spec.nodeAffinity}'` : `找出 claim 的 Volume：kubectl get pvc -n ${namespace} -o wide`,
      '讓 Volume 所在的位置有可用的節點（在該 zone 新增節點、uncordon，或騰出容量）；並確認 Pod 自己的 node affinity 沒有排除那個 zone',
      '本機 Volume 的節點不在了，資料也跟著消失：刪除這個 claim（以及 PersistentVolume），讓工作負載取得新的 Volume',
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
