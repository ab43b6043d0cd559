import type { Stage } from '../model/stages.js';
import type { Messages } from './messages.js';
import { revisionsZhTW } from './revisions.zh-TW.js';
import { countFormat } from './count.js';
import { ERROR_PHRASES } from './error-phrases.zh-TW.js';
import { phrase, tidy, translate } from './rule-messages/phrase.js';

// engine/rollout.ts words a rollout's progress in English; the counts and phase names pass through.
const ROLLOUT = [
  // engine/rollout.ts passedWords: what a passed rollout reached
  phrase(' and stable for {n:n}s', ({ n }) => `，已穩定 ${n} 秒`),
  phrase('succeeded ({a:n}/{b:n} completions)', ({ a, b }) => `成功（完成 ${a}/${b}）`),
  phrase('no progress for {n:n}s', ({ n }) => `${n} 秒沒有進展`),
  phrase('the Job failed', 'Job 失敗了'),
  phrase('{a:n}/{b:n} updated', ({ a, b }) => `已更新 ${a}/${b}`),
  phrase('{a:n}/{b:n} ready', ({ a, b }) => `就緒 ${a}/${b}`),
  phrase('{a:n}/{b:n} available', ({ a, b }) => `可用 ${a}/${b}`),
  phrase('{a:n}/{b:n} succeeded', ({ a, b }) => `成功 ${a}/${b}`),
  phrase('{n:n} active', ({ n }) => `執行中 ${n}`),
  phrase('{n:n} failed (backoffLimit {l:n})', ({ n, l }) => `失敗 ${n}（backoffLimit ${l}）`),
  phrase('phase {p}, ready', ({ p }) => `phase ${p}，就緒`),
  phrase('unknown kind', '不支援的種類'),
  // engine/gate.ts: the frame of a target's reason or detail; the diagnosis summary inside is already zh-TW.
  // The stage id is a machine field: the reader gets its name (JSON keeps the id).
  phrase('pod {pod} failing at {stage}: ', ({ pod, stage }) => `Pod ${pod} 失敗（${stageName(stage)}階段）：`),
  phrase('pod {pod} progressing at {stage}: ', ({ pod, stage }) => `Pod ${pod} 進行中（${stageName(stage)}階段）：`),
  phrase('pod {pod} progressing: ', ({ pod }) => `Pod ${pod} 進行中：`),
  phrase('pod {pod} failing: ', ({ pod }) => `Pod ${pod} 失敗：`),
  phrase('pod {pod}: ', ({ pod }) => `Pod ${pod}：`),
  phrase('no Pods of the current revision yet', '目前的版本還沒有 Pod'),
  phrase('the controller gave up: {why:$}', ({ why }) => `控制器已放棄：${why}`),
];
/** Whole progress texts of one or two words (engine/gate.ts, rollout.ts): matched whole, never inside a summary. */
const ROLLOUT_WORDS: Record<string, string> = { 'not found': '不存在', succeeded: '成功', ready: '就緒', done: '完成', 'unknown kind': '不支援的種類' };
const rolloutProgress = (progress: string): string => (Object.hasOwn(ROLLOUT_WORDS, progress) ? ROLLOUT_WORDS[progress]! : translate(progress, ROLLOUT).replace(/, /g, '，'));


// Terms follow docs/glossary.zh-TW.md (Taiwan usage); Kubernetes names, reasons, field paths and commands stay English.
// Counts as Intl.NumberFormat('zh-TW') writes them (12,345), without building one as the catalogue loads.
const num = countFormat('zh-TW');
const warningsSuffix = (w: number): string => (w > 0 ? `（${num(w)} 個警告）` : '');

const STAGE: Record<Stage, string> = {
  admission: '准入',
  scheduling: '排程',
  kubelet: 'kubelet',
  volume: 'Volume',
  cni: 'CNI 網路',
  image: '映像檔',
  container: '容器',
  readiness: '就緒',
};
/** A stage name inside Chinese text: a half-width space on the side where it meets Latin letters (「卡在 Volume 階段」). */
const inText = (stage: Stage): string => {
  const w = STAGE[stage];
  return `${/^[A-Za-z]/.test(w) ? ' ' : ''}${w}${/[A-Za-z]$/.test(w) ? ' ' : ''}`;
};
const stageWord = (stage: Stage | null): string => (stage ? inText(stage) : '');
/** A stage id from English text, by its name (an unknown word passes through). */
function stageName(id: string): string {
  return (Object.hasOwn(STAGE, id) ? inText(id as Stage) : `${id} `).trimStart();
}

export const zhTW: Messages = {
  lang: 'zh-TW',
  count: num,
  stage: STAGE,
  stageState: { passed: '已通過', failed: '失敗', pending: '尚未進行', unknown: '未知' },
  status: { failing: '失敗', progressing: '進行中', healthy: '正常' },
  severity: { error: '錯誤', warning: '警告', info: '資訊' },
  confidence: { high: '高', medium: '中', low: '低' },
  component: {
    'workload-controller': '工作負載控制器',
    'kube-apiserver': 'kube-apiserver 准入控制',
    'kube-scheduler': 'kube-scheduler',
    kubelet: '節點上的 kubelet',
    'attach-detach-controller': 'attach-detach 控制器',
    'csi-driver': 'CSI 驅動程式',
    'container-runtime': 'Container Runtime（CRI）',
    'cni-plugin': 'CNI 外掛程式',
    registry: '映像檔 Registry',
    application: '應用程式本身',
    'finalizer-controller': '擁有該 finalizer 的控制器',
    'endpointslice-controller': 'EndpointSlice 控制器',
  },

  report: {
    clipped: ({ n }) => `…［還有 ${num(n)} 個字元］`,
    node: ({ node }) => `節點 ${node}`,
    noNode: '尚未指派節點',
    phase: ({ phase }) => `Pod 階段 ${phase}`,
    owner: ({ kind, name }) => `擁有者 ${kind}/${name}`,
    failing: ({ stage }) => (stage ? `診斷：失敗（卡在${stageWord(stage)}階段）：` : '診斷：失敗：'),
    progressing: ({ stage }) => (stage ? `診斷：進行中（${stageWord(stage)}）：` : '診斷：進行中：'),
    healthy: '診斷：正常：',
    cause: '原因',
    evidence: '證據',
    fix: '修正',
    alsoFound: '其他發現',
    notes: '備註',
    listNotes: '整份清單的備註',
    findingTag: ({ rule, severity, confidence }) => `[${rule}，${zhSeverity[severity]}，信心${zhConfidence[confidence]}]`,
    more: ({ rule }) => `詳細說明：kdiag explain ${rule}`,
    whereToLook: ({ components, commands }) => `負責元件：${components}；檢查：${commands}`,
    noPods: '找不到任何 Pod。',
    verdictLine: ({ status, stage, summary }) => `${zhStatus[status]}${stage ? `（${inText(stage).trimStart()}階段）` : ''}：${summary}`,
    listSeparator: '、',
    labelGap: '',
  },

  summary: {
    completed: ({ warnings }) => `Pod 已順利執行完成${warningsSuffix(warnings)}。`,
    runningReady: ({ warnings }) => `Pod 正在執行（Running）且已就緒（Ready）${warningsSuffix(warnings)}。`,
    stillProgressing: ({ age, message }) => `Pod 仍在進行中${age ? `（已建立 ${age}）` : ''}；若情況沒有自行排除：${message}`,
    warmingUp: ({ kind, workload, age, window, message }) =>
      `Pod 仍在啟動中${age ? `（已建立 ${age}）` : ''}，尚在其探針允許的 ${window} 啟動時間內（${kind}「${workload}」沒有 progressDeadlineSeconds 期限）；若屆時仍未就緒：${message}`,
    progressing: ({ stage, age, init }) =>
      `Pod 進行中：${init ? `初始化容器「${init.name}」（第 ${init.position}/${init.total} 個）執行中${init.runningFor ? `，已執行 ${init.runningFor}` : ''}${init.runs ? `：${init.runs}` : ''}` : PROGRESS_WORDS[stage]}${age ? `（已建立 ${age}）` : ''}。`,
    supersededByJob: ({ job, progress }) => `這個 Pod 的嘗試失敗了，但 Job「${job}」在另一次嘗試中成功（${progress}）。`,
    deleting: ({ step, finalizers, requestedAgo, graceLeft }) =>
      `Pod 正在刪除${requestedAgo ? `（${requestedAgo}前要求刪除）` : ''}：${TEARDOWN_WORDS[step]}${step === 'finalizers' ? ` ${finalizers.map((f) => `「${f}」`).join('、')}` : ''}${graceLeft ? `；寬限期還剩 ${graceLeft}` : ''}。`,
  },

  notes: {
    noEvents: '輸入中沒有任何 Events：只有事件才看得出的原因（映像檔拉取錯誤、掛載錯誤、探針失敗）可能會漏掉',
    nodeNotInSnapshot: ({ node }) => `節點「${node}」不在快照中：它可能已被刪除`,
    nodeNotVisible: ({ node }) => `看不到節點「${node}」的狀態：輸入中沒有 Node 物件`,
    nodeNotListed: ({ node }) => `節點「${node}」的狀態不明：輸入只逐一含有部分 Node，而非完整清單，其中沒有這個節點`,
    nodeContradicted: ({ node }) => `節點「${node}」不在輸入的 Node 清單中，但 Pod 不久前才回報 Ready：清單可能比 Pod 的狀態舊，因此 kdiag 不斷定該節點已不存在`,
    clock: ({ at, source, basis, rejectedMtime }) => {
      const name = source ? `「${source}」` : '標準輸入';
      switch (basis) {
        case 'recorded':
          return `經過時間以 ${at} 為基準計算，即${name}中記錄的擷取時間`;
        case 'mtime':
          return `經過時間以 ${at} 為基準計算，即${name}的修改時間（可用 --now 指定其他時間）`;
        case 'wall':
          return `經過時間以 ${at} 為基準計算，即 kdiag 讀取${name}時這台機器的時鐘（輸入中沒有記錄擷取時間；可用 --now 指定）`;
        case 'newest':
          return rejectedMtime
            ? `經過時間以 ${at} 為基準計算，即${name}中最新的時間戳記：它的修改時間（${rejectedMtime}）比其中的物件還早`
            : `經過時間以 ${at} 為基準計算，即${name}中最新的時間戳記（輸入中沒有記錄擷取時間）`;
      }
    },
    fixedClock: ({ at, reason }) => `經過時間以 ${at} 為基準計算（${reason}）`,
    liveClock: ({ at }) => `經過時間以 ${at} 為基準計算，即 kdiag 讀取叢集時這台機器的時鐘（叢集中的時間戳記來自 API Server：本機時鐘有偏差時，經過時間也會跟著偏差）`,
    inItems: ({ note, items }) => `${note}（${num(items)} 項）`,
    manyClocks: ({ files, first, last }) => `經過時間各以每個檔案自己的時間為基準計算（${files} 個檔案，${first} 至 ${last}）；加上 --verbose 可逐一列出`,
    ruleFailed: ({ rule, on, error }) => `規則 ${rule} 在這個${on === 'pod' ? ' Pod ' : '工作負載'}上執行失敗，已略過：${error}`,
  },

  table: {
    head: { cluster: '叢集', namespace: '命名空間', name: '名稱', status: '狀態', stage: '階段', cause: '原因', restarts: '重啟次數', age: '存在時間', node: '節點', rule: '規則' },
    totals: ({ items, failing, progressing, healthy }) => `共 ${num(items)} 項：失敗 ${num(failing)}、進行中 ${num(progressing)}、正常 ${num(healthy)}`,
    stageLine: ({ stage, failing, causes }) => `${STAGE[stage]}：${num(failing)} 個失敗（${causes}）`,
    unknownKinds: ({ kinds }) => `未知（無法讀取）：${kinds}。只有它們才會顯示的失敗不在此清單中；請見備註。`,
    healthyWithWarning: ({ title }) => `正常；${title}`,
    completed: '已完成',
    runningReady: '執行中且已就緒',
  },

  suppressed: {
    line: ({ count, sources, shown }) => `已略過 ${num(count)} 個發現（${sources}）${shown ? '：' : ' — 使用 --show-suppressed 顯示'}`,
    heading: '已略過（不計入判定）：',
    source: ({ source }) => (source.startsWith('annotation on ') ? `${source.slice('annotation on '.length)} 上的註解` : source),
    by: ({ source, reason }) => `由 ${source.startsWith('annotation on ') ? `${source.slice('annotation on '.length)} 上的註解` : source} 略過${reason ? `：${reason}` : '（未提供原因）'}`,
    allSuppressed: ({ count }) => `所有發現（${num(count)} 個）都已略過；沒有找到其他問題`,
    notReadySuppressed: ({ rules }) => `尚未 Ready，kdiag 找到的問題都已略過（${rules}）；沒有找到其他問題`,
  },

  workload: {
    podCount: ({ pods }) => `${num(pods)} 個 Pod`,
    noPods: '沒有 Pod',
    lastJob: ({ name, summary }) => `最近一次的 Job ${name}：${summary}`,
    earlierJobs: ({ jobs, more }) =>
      `較早的 Job（僅供參考，不影響判定）：${jobs.map((j) => `${j.name} ${{ complete: '已完成', failed: '失敗', running: '執行中' }[j.outcome]}${j.reason ? `（${j.reason}）` : ''}`).join('、')}${more > 0 ? `，另有 ${num(more)} 個更早的` : ''}。`,
    sameFor: ({ more, names }) => `（另外 ${num(more)} 個 Pod 的情況相同：${names}）`,
    verdict: ({ pods, total, summary }) => `${num(pods)}/${num(total)} 個 Pod：${summary}`,
    allHealthy: ({ total, warnings }) => `${num(total)}/${num(total)} 個 Pod 正常${warningsSuffix(warnings)}。`,
    nothingFailing: ({ warnings }) => `沒有 Pod，也沒有任何失敗${warningsSuffix(warnings)}。`,
    seenOn: ({ pod, more, names }) => `（見於 Pod ${pod}${more > 0 ? `；另外 ${num(more)} 個 Pod 的情況相同：${names}` : ''}）`,
    group: ({ pods, total, status, stage, cause }) =>
      `${num(pods)}/${num(total)} 個 Pod ${zhStatus[status]}${cause === undefined ? '' : `${stage ? `（${inText(stage)}階段）` : ''}：${cause}`}`,
    causeWithRule: ({ title, rule }) => `${title}（${rule}）`,
  },

  markdown: {
    heading: ({ subject, status, stage }) => `${subject}：${zhStatus[status]}${stage ? `（\`${stage}\` ${STAGE[stage]}）` : ''}`,
    cause: ({ title, rule, severity, confidence }) => `**原因：** ${title}（\`${rule}\`，${zhSeverity[severity]}，信心${zhConfidence[confidence]}）`,
    items: ({ items }) => `kdiag：共 ${num(items)} 項`,
    head: { pod: 'Pod', status: '狀態', stage: '階段', cause: '原因' },
  },

  revisions: revisionsZhTW,

  gate: {
    passed: ({ seconds }) => `閘門通過，耗時 ${seconds.toFixed(1)} 秒`,
    failed: ({ seconds }) => `閘門失敗，耗時 ${seconds.toFixed(1)} 秒`,
    timedOut: ({ seconds }) => `閘門逾時，已等待 ${seconds.toFixed(1)} 秒`,
    state: { passed: '通過', failed: '失敗', waiting: '等待中', missing: '找不到', notFinished: '尚未完成' },
    junitFix: '修正：',
    junitSubject: ({ pod, kind, name, status, stage }) => `${pod ? `Pod ${pod}` : `${kind} ${name}`}：${zhStatus[status]}${stage ? `（${inText(stage)}階段）` : ''}`,
    junitTimedOut: ({ progress }) => `逾時：${progress}`,
    githubTitle: ({ target, state }) => `kdiag gate：${target} ${GATE_STATE[state]}`,
    githubFix: '修正：',
    lastLogLines: ({ source }) => `${source} 最後的日誌行：`,
    wayBack: '復原方式：',
    rollout: ({ progress }) => rolloutProgress(progress),
    targetLine: ({ target, state, detail }) => `${target}：${state}（${detail}）`,
    waitingLine: ({ target, progress }) => `${target}：${progress}`,
    detailSeparator: '；',
    progress: {
      start: ({ seconds, what, namespace }) => `gate：最多等待 ${seconds} 秒，等候命名空間 ${namespace} 中的 ${what}`,
      reading: 'gate：正在讀取命名空間',
      more: ({ n }) => `另有 ${n} 個`,
      stillWaiting: ({ seconds, what }) => `仍在等待（${seconds}）：${what}`,
      nothingYet: '還沒有可以判斷的目標',
      outcome: ({ outcome, seconds }) => `gate：${outcome === 'passed' ? '通過' : outcome === 'failed' ? '失敗' : '逾時'}，耗時 ${seconds.toFixed(1)} 秒`,
    },
  },

  errors: {
    prefix: 'kdiag：',
    hint: '提示：',
    internal: ({ message }) => `內部錯誤：${message}`,
    internalHint: '這是 kdiag 的程式錯誤；請附上 `kdiag --version` 的輸出與您執行的指令回報（加上 --verbose 可看到細節）',
    text: ({ text }) => {
      const out = translate(text, ERROR_PHRASES);
      return out === text ? text : tidy(out);
    },
  },

  ruleDocs: {
    header: ({ stage, severity, scope, failureClass }) => `階段：${stage}（${STAGE[stage]}）   嚴重程度：${severity}（${zhSeverity[severity]}）${failureClass ? `   類別：${failureClass}` : ''}   範圍：${scope}`,
    why: '為什麼會發生：',
    how: '如何修正：',
    seeAlso: '參考資料：',
    head: { rule: '規則', stage: '階段', severity: '嚴重程度', title: '標題' },
    count: ({ rules }) => `共 ${num(rules)} 條規則。kdiag explain RULE 可查看單一規則的說明。`,
  },

  lifecycle: {
    title: 'Pod 從繫結（binding）到 Running 與就緒的完整流程',
    intro:
      'kdiag 會指出 Pod 卡住的第一個階段。以下順序是 kubelet 實際的順序：先掛載 Volume、由 CNI 為沙箱（sandbox）設定網路，之後才拉取映像檔。每一步 kubelet 都會把狀態回報給 API Server，由 API Server 存進 etcd；kdiag 讀的就是這些狀態與 Events。',
    what: {
      admission: '工作負載控制器（ReplicaSet、StatefulSet、DaemonSet、Job）請 API Server 建立 Pod；准入控制（ResourceQuota、PodSecurity、webhook）可能會拒絕。',
      scheduling: 'kube-scheduler 篩選節點並評分，選定一個節點後寫入繫結（spec.nodeName）。',
      kubelet: '節點上的 kubelet 透過 watch 看到這個 Pod，進行准入檢查（資源、節點狀況），並準備 PodSpec 要求的內容（ConfigMap 與 Secret 的值、環境變數）。',
      volume: 'attach-detach 控制器把網路儲存的 Volume 附加到節點；kubelet 透過 CSI 驅動程式把每個 Volume 掛載進 Pod。',
      cni: 'kubelet 透過 CRI（RunPodSandbox）請 Container Runtime 建立 Pod 沙箱；Container Runtime 呼叫 CNI 外掛程式，為 Pod 設定網路並配發 IP。',
      image: 'Container Runtime 從 Registry 拉取每個映像檔（依 imagePullPolicy 與 imagePullSecrets）。',
      container: 'Init 容器依序執行到完成，接著啟動應用程式容器，且容器必須持續執行；startup 與 liveness 探針失敗時，kubelet 會重新啟動容器。',
      readiness: 'readiness 探針與 readiness gate 都通過後，Pod 的 Ready 狀況變成 True，EndpointSlice 控制器把它的 IP 加進選到它的 Service。',
    },
    owner: {
      admission: '工作負載控制器負責建立 Pod；API Server 的准入控制可能拒絕它。',
      scheduling: 'kube-scheduler 負責挑選節點並寫入繫結（binding）。',
      kubelet: '節點上的 kubelet 負責接收 Pod，並讓節點符合它的 PodSpec。',
      volume: 'attach-detach 控制器負責附加 Volume；kubelet 與 CSI 驅動程式負責掛載。',
      cni: 'Container Runtime 透過 CRI 建立沙箱；CNI 外掛程式負責設定網路。',
      image: 'Container Runtime 負責從 Registry 拉取映像檔。',
      container: '應用程式在容器中執行；容器結束或探針失敗時由 kubelet 重新啟動。',
      readiness: 'kubelet 執行 readiness 探針；EndpointSlice 控制器把 Service 流量導向已就緒的 Pod。',
    },
    components: '負責元件：',
    commands: '檢查指令：',
    symptoms: '常見症狀：',
    commandsNote: 'kubectl 可在任何地方執行；crictl 與 journalctl 需在該節點上執行。',
  },
};

const GATE_STATE = { failed: '失敗', timedOut: '逾時', waiting: '等待中', missing: '找不到' } as const;
const zhStatus = { failing: '失敗', progressing: '進行中', healthy: '正常' } as const;
const zhSeverity = { error: '錯誤', warning: '警告', info: '資訊' } as const;
const zhConfidence = { high: '高', medium: '中', low: '低' } as const;

const TEARDOWN_WORDS = {
  'stopping-containers': '容器正在停止',
  'removing-sandbox': '容器已停止；容器執行環境正在移除 sandbox 與網路',
  'unmounting-volumes': '容器已停止；kubelet 正在卸載磁碟區',
  finalizers: 'kubelet 已完成；只剩 metadata.finalizers 擋住它：',
} as const;

const PROGRESS_WORDS: Record<Stage, string> = {
  admission: '等待控制器建立 Pod',
  scheduling: '等待排程',
  kubelet: '等待 kubelet 啟動它',
  volume: '等待 Volume 掛載',
  cni: '等待沙箱與網路建立',
  image: '正在拉取映像檔',
  container: '正在啟動容器',
  readiness: '等待變成就緒（Ready）',
};
