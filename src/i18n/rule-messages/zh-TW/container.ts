import type { ContainerMessages, HookErrorRef, JobFailureRef, ProbeKillState } from '../../../rules/messages/container.js';
import type { ContainerRef, ExitRef } from '../../../rules/messages/types.js';
import type { ProbeOutput, ProbeRef } from '../../../rules/messages/readiness.js';
import { output, portMismatch, probe } from './readiness.js';
import { noun, zhTWShared } from './shared.js';
import { setResourcesCommand } from '../../../rules/messages/set-resources.js';

/** `節點 n1 上的`, or that the node is unknown, without spaces around the brackets. */
const onNode = (node: string): string => (node ? `節點 ${node} 上的` : '節點（未知）上的');
const then = (restarts: string): string => (restarts ? `；${restarts}` : '');
const oomWhat = (limit: string | undefined, request: string | undefined): string =>
  limit !== undefined ? `超過記憶體上限 ${limit}${request !== undefined ? `（request ${request}）` : ''}` : '它沒有記憶體上限，所以是節點本身的記憶體用完了';

const exit = (e: ExitRef): string => zhTWShared.exit(e);
const said = (message: string): string => (message ? `，訊息為「${message}」` : '');

const JOB_REASONS = {
  MaxFailedIndexesExceeded: '失敗的索引太多',
  FailedIndexes: '有些索引失敗了',
  PodFailurePolicy: '有個 Pod 的失敗符合 podFailurePolicy 中的 FailJob 規則',
} as const;

const jobWhy = (why: JobFailureRef): string =>
  why.reason === 'BackoffLimitExceeded'
    ? `它的 Pod ${why.failed !== undefined ? `失敗了 ${why.failed} 次` : '一再失敗'}，達到 backoffLimit ${why.backoffLimit}`
    : why.reason === 'DeadlineExceeded'
      ? `執行時間超過 activeDeadlineSeconds${why.deadline ? ` ${why.deadline}` : ''}`
      : why.reason === 'other'
        ? why.name
          ? `原因為 ${why.name}`
          : '原因不明'
        : JOB_REASONS[why.reason];

const hookText = (h: HookErrorRef): string =>
  h.kind === 'parsed' ? `${h.handler} hook（${h.target}）失敗：「${h.error}」` : h.kind === 'raw' ? `「${h.text}」` : 'hook 的錯誤只記錄在 kubelet 的日誌中（事件只寫著「PostStartHook failed」）';

const probeKillText = ({ container, type, probe: spec, output: out, state }: { container: ContainerRef; type: string; probe: ProbeRef; output?: ProbeOutput; state: ProbeKillState }): string => {
  const quoted = out ? output(out) : '沒有記錄失敗的輸出';
  if (state.kind === 'killed') return `${noun(container)}被它的 ${type} 探針${probe(spec)}終止：${quoted}${state.exitCode !== undefined ? `；它以結束代碼 ${state.exitCode} 結束` : ''}${then(state.restarts)}`;
  if (state.kind === 'restarted') {
    const next = state.next?.kind === 'again' ? '；探針在新的執行個體中再次失敗，所以它會再被終止' : state.next ? `；它已重新啟動 ${state.next.restarts} 次${state.next.ready ? '' : '，而且還沒恢復 Ready'}` : '';
    return `${noun(container)}${state.ago !== undefined ? `在 ${state.ago} 前` : '在不明的時間'}被它的 ${type} 探針${probe(spec)}重新啟動：${quoted}${next}`;
  }
  return `${noun(container)}的 ${type} 探針${probe(spec)}一直失敗：${quoted}；連續失敗 ${state.threshold} 次後 kubelet 會重新啟動它`;
};

export const zhTWContainer: ContainerMessages = {
  commandNotFound: {
    message: ({ container, command, image, configured, restarts }) =>
      command
        ? `${noun(container)}無法啟動：映像檔「${image}」中沒有「${command}」${then(restarts)}。`
        : `${noun(container)}以結束代碼 127 結束：其中的 shell 找不到指令（command/args：${configured.length > 0 ? JSON.stringify(configured) : '映像檔的預設值'}）${then(restarts)}。`,
    fix: ({ image, command, container, namespace }) => [
      `檢查映像檔的內容：docker run --rm --entrypoint sh ${image ?? '<image>'} -c 'command -v ${command ?? '<cmd>'}'（distroless 映像檔沒有 shell：不要用 sh -c 包住指令）。`,
      `修正工作負載中容器「${container}」的 command/args（kubectl edit -n ${namespace} <workload>），或把缺少的執行檔加入映像檔。`,
      '若 entrypoint 是指令碼：確認映像檔中有它 #! 指定的直譯器，而且它使用 Unix 換行字元。',
    ],
  },
  notExecutable: {
    message: ({ container, file, format, node, arch, restarts }) =>
      `${noun(container)}無法執行${file ? `「${file}」` : '它的 entrypoint'}：${
        format ? `exec format error：執行檔是為節點 ${node || '（未知）'}${arch ? `（${arch}）` : ' '}以外的 CPU 架構建置的，或是指令碼沒有 #! 行` : 'permission denied（容器的使用者沒有執行權限）'
      }${then(restarts)}。`,
    fix: ({ format, image, arch, file }) =>
      format
        ? [
            `檢查映像檔的平台：docker manifest inspect ${image ?? '<image>'}（節點是 ${arch ?? '請看 kubectl get node -o wide'}）。`,
            `為節點的平台重新建置：docker buildx build --platform linux/${arch ?? 'amd64'} -t ${image ?? '<image>'} --push .`,
            '如果 entrypoint 是指令碼，在開頭加上 #! 行（例如 #!/bin/sh）。',
          ]
        : [
            `在映像檔中讓${file ? `「${file}」` : '它的 entrypoint '}可以執行：RUN chmod +x ${file ?? '<entrypoint>'}（或 COPY --chmod=755）。`,
            '確認執行它的使用者（securityContext.runAsUser／fsGroup）能讀取並執行它，而且它所在的 Volume 沒有以 noexec 掛載。',
          ],
  },
  oomKilled: {
    message: ({ container, limit, request, again, restarts }) =>
      again === undefined
        ? `${noun(container)}因 OOMKilled 被終止：${oomWhat(limit, request)}${then(restarts)}。`
        : `${noun(container)}${again.age !== undefined ? `在 ${again.age} 前` : '在不明的時間'}因 OOMKilled 被終止（${oomWhat(limit, request)}），現在再次執行；到達同樣的高峰時會再被終止。`,
    fix: ({ hasLimit, namespace, pod, owner, container, suggested, logs }) => [
      hasLimit
        ? `把記憶體上限調到高於實際高峰，例如：${setResourcesCommand(namespace, owner, container, `--limits=memory=${suggested} --requests=memory=${suggested}`)}`
        : `設定能保留它所需記憶體的 request（以及上限），讓排程器把它放到有空間的節點：${setResourcesCommand(namespace, owner, container, `--requests=memory=${suggested} --limits=memory=${suggested}`)}`,
      `量測用量：kubectl top pod -n ${namespace} ${pod} --containers；並閱讀被終止的執行個體日誌的結尾：${logs}`,
      '如果用量持續增加，找找看有沒有記憶體洩漏；讓執行環境遵守 cgroup 上限（JVM 的 -XX:MaxRAMPercentage、Go 的 GOMEMLIMIT、Node 的 --max-old-space-size）。',
    ],
  },
  hookFailed: {
    preStopTitle: () => '容器的 preStop hook 失敗',
    postStart: ({ container, hook, restarts }) => `${noun(container)}的 postStart hook 失敗，所以 kubelet 終止了容器：${hookText(hook)}${then(restarts)}。`,
    postStartFix: ({ namespace, pod, container }) => [
      `在容器執行時手動執行 hook：kubectl exec -n ${namespace} ${pod} -c ${container} -- <hook command>`,
      '讓 hook 能接受應用程式仍在啟動中（postStart 與 entrypoint 同時執行），或把這項工作移到 entrypoint 或 init 容器。',
      `閱讀完整的錯誤：kubectl describe pod -n ${namespace} ${pod}`,
    ],
    preStop: ({ container, ago }) => `${noun(container)}的 preStop hook ${ago !== undefined ? `在 ${ago} 前` : '在不明的時間'}失敗：容器停止時沒有執行它的正常關閉步驟。`,
    preStopFix: ({ namespace, pod, container }) => [
      `手動執行 preStop 指令：kubectl exec -n ${namespace} ${pod} -c ${container} -- <preStop command>`,
      '讓 preStop 比 terminationGracePeriodSeconds 短，並確認映像檔中有這個指令。',
    ],
  },
  crashLoop: {
    message: ({ container, mode, exit, terminationMessage, restarts }) =>
      `${noun(container)}${mode === 'loop' ? '不斷當機重啟（CrashLoopBackOff）' : mode === 'first' ? '當機了' : '一直當機'}：它${exit}${terminationMessage ? `，訊息為「${terminationMessage}」` : ''}${restarts ? `；${restarts}` : ''}。`,
    remediation: ({ logs, namespace, pod }) => [
      `查看上一個執行個體結束的原因：${logs}`,
      `查看結束代碼、訊息與事件：kubectl describe pod -n ${namespace} ${pod}`,
      '修正日誌所顯示的原因（設定、環境變數、參數、連不上的相依服務）；kubelet 會自行以 back-off 重新啟動它。',
    ],
  },
  // ---- zh-b ----
  recentRestarts: {
    message: ({ container, restarts, exit, reason, message, ago }) =>
      `${noun(container)}已重新啟動 ${restarts} 次；上一個執行個體${exit}${reason ? `（reason ${reason}）` : ''}${message ? `，訊息為「${message}」` : ''}，在 ${ago} 前。`,
    fix: ({ logs, namespace, pod }) => [`閱讀上一個執行個體的日誌：${logs}`, `觀察它是否持續重新啟動：kubectl get pod -n ${namespace} ${pod} -w`],
  },
  runContainerError: {
    message: ({ node, container, cause, reason, restarts }) => `${onNode(node)} Runtime 無法啟動${noun(container)}：${cause ? `「${cause.replace(/\.$/, '')}」` : reason}${then(restarts)}。`,
    fix: ({ namespace, pod, container }) => [
      `閱讀完整的 Runtime 訊息：kubectl describe pod -n ${namespace} ${pod}`,
      `修正容器 ${container} 的 spec 中它指出的部分（volumeMounts、securityContext、workingDir、devices），然後讓控制器重新建立 Pod。`,
    ],
  },
  sidecarHoldsCompletion: {
    message: ({ done, sidecars, since, job }) =>
      `主要工作已完成（${done.map((n) => `容器「${n}」`).join('、')}以結束代碼 0 結束，${since}前），但${sidecars.map((n) => `「${n}」`).join('、')}仍在執行，所以 Pod 永遠不會完成${job ? `，Job「${job}」也永遠不會成功` : ''}。`,
    fix: ({ sidecars }) => [
      `把${sidecars.map((n) => `「${n}」`).join('、')}改成原生 sidecar：移到 spec.initContainers 並設定 restartPolicy: Always（Kubernetes 1.29+）；主要容器結束後，kubelet 會停止原生 sidecar。`,
      '若是自動注入的服務網格 proxy：開啟該服務網格的原生 sidecar 注入，或讓工作完成時通知 proxy 結束（Istio：curl -X POST localhost:15020/quitquitquit）。',
    ],
  },
  completedRestartLoop: {
    message: ({ container, sidecar, policy, restarts }) =>
      `${noun(container)}以結束代碼 0 結束（Completed），但${sidecar ? '它是 sidecar' : ` Pod 的 restartPolicy 是 ${policy}`}，所以 kubelet 會重新啟動它：它的行程不是長時間執行的${then(restarts)}。`,
    fix: ({ namespace, pod, container }) => [
      '如果這是一次性的工作，改用 Job（kubectl create job ...）或 CronJob，而不是 Deployment。',
      `如果它應該是伺服器，讓主行程留在前景執行；檢查 command/args：kubectl get pod -n ${namespace} ${pod} -o jsonpath='{.spec.containers[?(@.name=="${container}")].command}'`,
    ],
  },
  initStuck: {
    message: ({ container, position, total, age, runs }) =>
      `${noun(container)}（第 ${position} 個，共 ${total} 個）已執行 ${age} 仍未結束${runs.kind === 'command' ? `；它執行的是 ${runs.text}` : runs.kind === 'image' ? `；它執行的是映像檔「${runs.image}」的預設指令` : ''}。在它結束之前應用程式容器無法啟動：它可能在等一個不存在的東西。`,
    fix: ({ namespace, pod, container }) => [
      `查看它正在做什麼：kubectl logs -n ${namespace} ${pod} -c ${container}`,
      `確認它等待的東西存在而且有回應：kubectl get svc,endpoints -n ${namespace}`,
      '為等待設定逾時，讓缺少的相依服務明確地讓 init 容器失敗，而不是一直卡住。',
    ],
  },
  noResources: {
    message: ({ containers, bestEffort }) =>
      `容器${containers.map((c) => `「${c}」`).join('、')}沒有設定任何 CPU 或記憶體的 requests 或 limits${bestEffort ? '：Pod 屬於 BestEffort，節點資源吃緊時會最先被驅逐' : ''}。`,
    fix: ({ namespace, pod, owner, container }) => [
      `量測用量：kubectl top pod -n ${namespace} ${pod} --containers`,
      `設定 requests 與記憶體上限，例如：${setResourcesCommand(namespace, owner, container, `--requests=cpu=100m,memory=128Mi --limits=memory=256Mi`)}`,
    ],
  },
  backoffLimitExceeded: {
    message: ({ job, why, condition, last }) =>
      `Job「${job}」失敗：${jobWhy(why)}${condition ? `（「${condition}」）` : ''}${last ? `；最後一次失敗的是 Pod ${last.pod} 的容器「${last.container}」：它${exit(last.exit)}${said(last.message)}` : ''}。`,
    fix: ({ namespace, job, last }) => [
      last ? `閱讀失敗容器的輸出：kubectl logs -n ${namespace} ${last.pod} -c ${last.container}` : `閱讀 Job 的輸出：kubectl logs -n ${namespace} job/${job}`,
      `查看它的歷程：kubectl describe job -n ${namespace} ${job}`,
      '修正原因後刪除並重新建立 Job（它的 Pod 範本不能修改）；只有在失敗是預期中且暫時性的情況下，才調高 backoffLimit 或 activeDeadlineSeconds。',
    ],
  },
  createContainerError: {
    message: ({ node, container, reserved, detail, reason, age }) =>
      `${onNode(node)} Runtime 無法建立${noun(container)}：${reserved ? `先前的嘗試仍佔用它的名稱（「${detail}」）` : detail ? `「${detail}」` : reason}${age !== undefined ? `，已持續 ${age}` : ''}。`,
    fix: ({ reserved, node, container, namespace, pod }) =>
      reserved
        ? [
            `Runtime 完成先前的嘗試後，這通常就會消失；若沒有，在節點 ${node || '<node>'} 上檢查：crictl ps -a --name ${container}`,
            `檢查 Runtime 以及節點的負載與磁碟：journalctl -u containerd（或 crio）；或重新建立 Pod：kubectl delete pod -n ${namespace} ${pod}`,
          ]
        : [
            `閱讀節點 ${node || '<node>'} 上 Runtime 的訊息與日誌：journalctl -u containerd（或 crio）`,
            `檢查節點的磁碟空間與 Runtime 健康狀態，然後重新建立 Pod：kubectl delete pod -n ${namespace} ${pod}`,
          ],
  },
  initFailed: {
    message: ({ container, exit: e, message, restarts, consequence }) =>
      `${noun(container)}${exit(e)}${said(message)}${then(restarts)}；${
        consequence === 'pod-failed' ? 'restartPolicy 為 Never，所以 Pod 已失敗' : `在它成功之前，應用程式容器${consequence === 'apps-waiting' ? '會停在 PodInitializing' : '無法啟動'}`
      }。`,
    fix: ({ logs, namespace, pod, container }) => [
      `閱讀它的日誌：${logs}`,
      `檢查它的指令與它依賴的東西：kubectl get pod -n ${namespace} ${pod} -o jsonpath='{.spec.initContainers[?(@.name=="${container}")]}'`,
      '修正這個步驟或它的前提條件；除非 restartPolicy 是 Never，kubelet 會自行重試 init 容器。',
    ],
  },
  jobFailed: {
    message: ({ container, exit: e, message, job, policy }) =>
      job
        ? `Job「${job.name}」的${noun(container)}失敗：它${exit(e)}${said(message)}；${
            job.failed !== undefined ? `Job 已失敗（${job.failed}），不會再建立 Pod` : `Job 會記為一次失敗，並以新的 Pod 重試${job.backoffLimit !== undefined ? `，直到 backoffLimit ${job.backoffLimit}` : ''}`
          }。`
        : `${noun(container)}失敗：它${exit(e)}${said(message)}；restartPolicy 為 ${policy}，所以不會重新啟動。`,
    fix: ({ logs, namespace, pod, job, jobFailed }) => [
      `閱讀它的輸出：${logs}`,
      job ? `查看 Job 的失敗次數與上限：kubectl describe job -n ${namespace} ${job}` : `查看 Pod 的事件：kubectl describe pod -n ${namespace} ${pod}`,
      job
        ? `修正原因；${jobFailed ? 'Job 已失敗，不會再重試' : 'Job 會自行重試直到 backoffLimit'}。要再次執行已結束的 Job，刪除它並重新套用它的 manifest（CronJob 的 Job：kubectl create job -n ${namespace} ${job}-rerun --from=cronjob/<cronjob>）。`
        : '修正原因後重新建立 Pod。',
    ],
  },
  probeKill: {
    message: (p) => `${probeKillText(p)}${p.hint ? `（${portMismatch(p.hint)}）` : ''}。`,
    fix: ({ type, namespace, pod, container, target, running, previous }) => [
      ...(running ? [`在容器內手動執行探針：kubectl exec -n ${namespace} ${pod} -c ${container} -- ${target}`] : []),
      `查看它為什麼不再回應：kubectl logs -n ${namespace} ${pod} -c ${container}${previous ? ' --previous' : ''}`,
      type === 'liveness'
        ? '如果只是啟動得慢，加上 startupProbe（或調高 initialDelaySeconds）；如果是負載高時變慢，調高 timeoutSeconds／failureThreshold。liveness 探針不應該依賴資料庫或其他服務。'
        : '如果應用程式確實需要較長的啟動時間，把 startupProbe 的 failureThreshold × periodSeconds 調到高於實際的啟動時間。',
    ],
  },
  // ---- end zh-b ----
};
