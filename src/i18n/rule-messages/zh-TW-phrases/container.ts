import { type Phrase, phrase } from '../phrase.js';

// container/crash-loop builds its zh-TW text from rule-messages/zh-TW.ts.
const describePod = phrase('Read the full error: {cmd:$}', ({ cmd }) => `閱讀完整的錯誤：${cmd}`);
const probe = (kind: string): Phrase[] => [
  phrase(`{c:*} is failing its ${kind} probe {spec:*} ({params:*}): "{out:$}`, ({ c, spec, params, out }) => `${c}的 ${kind} 探針 ${spec}（${params}）一直失敗：「${out}`),
  phrase(`{c:*} is killed by its ${kind} probe {spec:*} ({params:*}): "{out:$}`, ({ c, spec, params, out }) => `${c}被它的 ${kind} 探針 ${spec}（${params}）終止：「${out}`),
  phrase(`{c:*} was restarted {ago:*} by its ${kind} probe {spec:*} ({params:*}): its failure output was not recorded`, ({ c, ago, spec, params }) => `${c}在 ${ago}被它的 ${kind} 探針 ${spec}（${params}）重新啟動：沒有記錄失敗的輸出`),
  phrase(`{c:*} was restarted {ago:*} by its ${kind} probe {spec:*} ({params:*}): "{out:$}`, ({ c, ago, spec, params, out }) => `${c}在 ${ago}被它的 ${kind} 探針 ${spec}（${params}）重新啟動：「${out}`),
  phrase('"; the kubelet restarts it after {n:n} consecutive failures.', ({ n }) => `」；連續失敗 ${n} 次後 kubelet 會重新啟動它。`),
  phrase('"; the probe fails again in the new instance, so it will be killed again.', '」；探針在新的執行個體中再次失敗，所以它會再被終止。'),
  phrase('"; it has been restarted {n:n} times and is not Ready again.', ({ n }) => `」；它已重新啟動 ${n} 次，而且還沒恢復 Ready。`),
  phrase('"; it has been restarted {n:n} times.', ({ n }) => `」；它已重新啟動 ${n} 次。`),
  phrase('"; {rest:$}', ({ rest }) => `」；${rest}`),
  phrase('Run the probe by hand inside the container: {cmd:$}', ({ cmd }) => `在容器內手動執行探針：${cmd}`),
  phrase('Read why it stopped answering: {cmd:$}', ({ cmd }) => `查看它為什麼不再回應：${cmd}`),
];

export const CONTAINER: Record<string, readonly Phrase[]> = {
  'container/backoff-limit-exceeded': [
    phrase('Job "{job:q}" failed: it ran longer than activeDeadlineSeconds {n:n} ({why:*}).', ({ job, n, why }) => `Job「${job}」失敗：執行時間超過 activeDeadlineSeconds ${n}（「${why}」）。`),
    phrase('Job "{job:q}" failed: its Pods failed {n:n} times, reaching backoffLimit {limit:n} ({why:*})', ({ job, n, limit, why }) => `Job「${job}」失敗：它的 Pod 失敗了 ${n} 次，達到 backoffLimit ${limit}（「${why}」）`),
    phrase('; the last failure: Pod {pod}, container {c} {exit:$}', ({ pod, c, exit }) => `；最後一次失敗：Pod ${pod}、容器 ${c} ${exit}`),
    phrase('Fix the cause, then delete and recreate the Job (its Pod template is immutable); raise backoffLimit or activeDeadlineSeconds only for expected, transient failures.', '修正原因後刪除並重新建立 Job（它的 Pod 範本不能修改）；只有在失敗是預期中且暫時性的情況下，才調高 backoffLimit 或 activeDeadlineSeconds。'),
    phrase("Read the Job's output: {cmd:$}", ({ cmd }) => `閱讀 Job 的輸出：${cmd}`),
    phrase("Read the failed container's output: {cmd:$}", ({ cmd }) => `閱讀失敗容器的輸出：${cmd}`),
    phrase('See its history: {cmd:$}', ({ cmd }) => `查看它的歷程：${cmd}`),
  ],
  'container/create-container-error': [
    phrase('The runtime on node {node} cannot create {c:*}: a previous attempt still holds its name ({detail:*}) for {age:d}.', ({ node, c, detail, age }) => `節點 ${node} 上的 Runtime 無法建立${c}：先前的嘗試仍佔用它的名稱（「${detail}」），已 ${age}。`),
    phrase('The runtime on node {node} cannot create {c:*}: {detail:$}', ({ node, c, detail }) => `節點 ${node} 上的 Runtime 無法建立${c}：「${detail}」`),
    phrase("Check the node's disk space and runtime health, then recreate the Pod: {cmd:$}", ({ cmd }) => `檢查節點的磁碟空間與 Runtime 健康狀態，然後重新建立 Pod：${cmd}`),
    phrase("Check the runtime and the node's load and disk: {cmd:*}; or recreate the Pod: {cmd2:$}", ({ cmd, cmd2 }) => `檢查 Runtime 以及節點的負載與磁碟：${cmd}；或重新建立 Pod：${cmd2}`),
    phrase("Read the runtime's message and logs on node {node}: {cmd:$}", ({ node, cmd }) => `閱讀節點 ${node} 上 Runtime 的訊息與日誌：${cmd}`),
    phrase('This usually clears once the runtime finishes the earlier attempt; if not, inspect it on node {node}: {cmd:$}', ({ node, cmd }) => `Runtime 完成先前的嘗試後，這通常就會消失；若沒有，在節點 ${node} 上檢查：${cmd}`),
  ],
  'container/hook-failed': [
    phrase('The postStart hook of {c:*} fails, so the kubelet kills the container: {detail:*}; restarted', ({ c, detail }) => `${c}的 postStart hook 失敗，所以 kubelet 終止了容器：「${detail}」; restarted`),
    phrase('The postStart hook of {c:*} fails, so the kubelet kills the container: {detail:$}', ({ c, detail }) => `${c}的 postStart hook 失敗，所以 kubelet 終止了容器：「${detail}」`),
    phrase('The preStop hook of {c:*} failed {ago:*}: the container was stopped without its graceful-shutdown step.', ({ c, ago }) => `${c}的 preStop hook 在 ${ago}失敗：容器停止時沒有執行它的正常關閉步驟。`),
    phrase('Keep preStop shorter than terminationGracePeriodSeconds, and make sure the command exists in the image.', '讓 preStop 比 terminationGracePeriodSeconds 短，並確認映像檔中有這個指令。'),
    phrase('Make the hook tolerate the application still starting (postStart runs at the same time as the entrypoint), or move the work into the entrypoint or an init container.', '讓 hook 能接受應用程式仍在啟動中（postStart 與 entrypoint 同時執行），或把這項工作移到 entrypoint 或 init 容器。'),
    describePod,
    phrase('Run the hook by hand while the container runs: {cmd:$}', ({ cmd }) => `在容器執行時手動執行 hook：${cmd}`),
    phrase('Run the preStop command by hand: {cmd:$}', ({ cmd }) => `手動執行 preStop 指令：${cmd}`),
  ],
  'container/init-failed': [
    phrase('; with restartPolicy Never the Pod has failed.', '；restartPolicy 為 Never，所以 Pod 已失敗。'),
    phrase('; the app containers wait in PodInitializing until it succeeds.', '；在它成功之前，應用程式容器會停在 PodInitializing。'),
    phrase('Check its command and what it depends on: {cmd:$}', ({ cmd }) => `檢查它的指令與它依賴的東西：${cmd}`),
    phrase('Fix the step or its precondition; the kubelet retries the init container by itself unless restartPolicy is Never.', '修正這個步驟或它的前提條件；除非 restartPolicy 是 Never，kubelet 會自行重試 init 容器。'),
    phrase('Read its logs: {cmd:$}', ({ cmd }) => `閱讀它的日誌：${cmd}`),
  ],
  'container/job-failed': [
    phrase('{c:*} of Job "{job:q}" failed: it {exit:*}; Job "{job2:q}" counts a failure and retries with a new Pod until backoffLimit {n:n}.', ({ c, job, exit, n }) => `Job「${job}」的${c}失敗：它${exit}；Job 會記為一次失敗，並以新的 Pod 重試，直到 backoffLimit ${n}。`),
    phrase('{c:*} failed: it {exit:*}; with restartPolicy Never it is not restarted.', ({ c, exit }) => `${c}失敗：它${exit}；restartPolicy 為 Never，所以不會重新啟動。`),
    phrase('Fix the cause and recreate the Pod.', '修正原因後重新建立 Pod。'),
    phrase("Fix the cause; the Job retries by itself until backoffLimit. To run a finished Job again, delete it and apply its manifest again (for a CronJob's Job: {cmd:*}).", ({ cmd }) => `修正原因；Job 會自行重試直到 backoffLimit。要再次執行已結束的 Job，刪除它並重新套用它的 manifest（CronJob 的 Job：${cmd}）。`),
    phrase('Read its output: {cmd:$}', ({ cmd }) => `閱讀它的輸出：${cmd}`),
    phrase("See the Job's failures and limits: {cmd:$}", ({ cmd }) => `查看 Job 的失敗次數與上限：${cmd}`),
    phrase("See the Pod's events: {cmd:$}", ({ cmd }) => `查看 Pod 的事件：${cmd}`),
  ],
  'container/liveness-failed': [
    ...probe('liveness'),
    phrase('If it is only slow to start, add a startupProbe (or raise initialDelaySeconds); if it is slow under load, raise timeoutSeconds/failureThreshold. A liveness probe should not depend on databases or other services.', '如果只是啟動得慢，加上 startupProbe（或調高 initialDelaySeconds）；如果是負載高時變慢，調高 timeoutSeconds／failureThreshold。liveness 探針不應該依賴資料庫或其他服務。'),
  ],
  'container/startup-probe-failed': [
    ...probe('startup'),
    phrase('If the application legitimately needs longer to start, raise the startupProbe failureThreshold × periodSeconds above its real start time.', '如果應用程式確實需要較長的啟動時間，把 startupProbe 的 failureThreshold × periodSeconds 調到高於實際的啟動時間。'),
  ],
};
