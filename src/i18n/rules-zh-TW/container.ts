import type { RuleText } from '../rule-text-type.js';

export const CONTAINER: Record<string, RuleText> = {
  'container/backoff-limit-exceeded': {
    title: 'Job 失敗（超過 backoff 上限或期限）',
    docs: {
      description: 'Job 控制器已經放棄：Job 的 Failed 狀況原因為 `BackoffLimitExceeded`（`Job has reached the specified backoff limit`）或 `DeadlineExceeded`（`Job was active longer than specified deadline`）。不會再建立新的 Pod；失敗的 Pod（若尚未刪除）上有原因。',
      causes: ['Job 的容器一直失敗（請看它的 Pod 的結束代碼與日誌）', '工作所需時間超過 activeDeadlineSeconds'],
      fix: ['查看失敗 Pod 的日誌：kubectl logs job/JOB（或 kubectl logs POD 查看特定 Pod）', '修正原因後刪除並重新建立 Job（它的 spec.template 不可變更）', '只有在失敗屬於預期且暫時性時，才提高 spec.backoffLimit 或 spec.activeDeadlineSeconds'],
    },
  },
  'container/command-not-found': {
    title: '映像檔中找不到容器的指令',
    docs: {
      description: '容器要執行的指令不存在於映像檔中：runc 回報 `exec: "<cmd>": executable file not found in $PATH` 或 `no such file or directory`（結束代碼 128 的 `StartError`，waiting 原因為 `RunContainerError`），或容器啟動的 shell 印出 `<cmd>: not found` 並以 127 結束。',
      causes: [
        'command/args 打錯字，或指令只存在於其他映像檔（例如 Alpine 或 distroless 映像檔中沒有 `bash`）',
        '映像檔的 ENTRYPOINT 被 `command:` 覆寫成不存在的路徑',
        '指令碼的直譯器（#! 那一行）不存在，或使用 Windows 換行字元（`/bin/sh\\r`）',
        '多階段建置時，執行檔沒有複製到最後一個階段',
      ],
      fix: [
        '比對 Pod 的 command/args 與映像檔的內容：docker run --rm --entrypoint sh IMAGE -c "command -v CMD"（沒有 shell 的映像檔：docker create + docker export）',
        '修正工作負載的 command/args，或把執行檔加進映像檔',
        '若是指令碼：檢查 #! 那一行並轉換換行字元（dos2unix）',
      ],
    },
  },
  'container/sidecar-holds-completion': {
    title: 'sidecar 讓已完成的 Pod 一直執行',
    docs: {
      description:
        'Pod 會執行到完成（restartPolicy 為 Never 或 OnFailure，所有 Job 的 Pod 都是），主要容器已以結束代碼 0 結束，但 spec.containers 中的另一個容器仍在執行。Pod 要等所有容器都停止才算完成，所以它一直是 Running，Job 也永遠不會把它算成成功。以一般容器注入的服務網格 proxy 或代理程式不知道主要工作已經完成。',
      causes: [
        '服務網格 proxy（istio-proxy、linkerd-proxy）或代理程式（cloud-sql-proxy、vault-agent、日誌收集器）以傳統 sidecar 的方式注入 Job 的 Pod',
        '一次性的主要容器旁邊，有個寫成伺服器、永遠不會結束的輔助容器',
      ],
      fix: [
        '改成原生 sidecar：移到 spec.initContainers 並設定 restartPolicy: Always（Kubernetes 1.29+，預設開啟）；主要容器結束後 kubelet 會停止它',
        'Istio：開啟原生 sidecar（ENABLE_NATIVE_SIDECARS=true，Istio 1.27 起為預設），或讓工作完成時呼叫 proxy 的結束端點（curl -X POST localhost:15020/quitquitquit）；Linkerd：linkerd-await --shutdown，或原生 sidecar（config.alpha.linkerd.io/proxy-enable-native-sidecar）',
        '或讓輔助容器監看主要容器是否結束（共用 emptyDir 中的檔案），然後以 0 結束',
      ],
    },
  },
  'container/completed-restart-loop': {
    title: '容器正常結束後被不斷重新啟動',
    docs: {
      description: '容器以結束代碼 0 結束（`Completed`），但 Pod 的 restartPolicy 是 Always（所有 Deployment、StatefulSet 與 DaemonSet 的 Pod 都是），所以 kubelet 會重新啟動它，最後進入 back-off（上一個狀態為 Completed 的 `CrashLoopBackOff`）。這個程式並不是長時間執行的伺服器。',
      causes: ['一次性的工作（migration、批次工作、指令碼）被部署成 Deployment，而不是 Job', 'entrypoint 在背景啟動 daemon 後就結束（例如 `service nginx start`，而不是 `nginx -g "daemon off;"`）', 'command/args 把映像檔的伺服器指令覆寫成會結束的指令'],
      fix: ['一次性的工作請用 Job（restartPolicy: OnFailure 或 Never）或 CronJob 執行', '讓伺服器在前景以容器的主要行程執行'],
    },
  },
  'container/crash-loop': {
    title: '容器不斷當機（CrashLoopBackOff）',
    docs: {
      description: '容器啟動後以錯誤結束，kubelet 以逐漸拉長的 back-off（10 秒起倍增，最多 5 分鐘）重新啟動它：`CrashLoopBackOff`。結束代碼與上一個執行個體的日誌會說明原因。原因明確時（OOM、找不到指令、探針終止、hook、以 0 結束）由更具體的規則接手。',
      causes: ['應用程式啟動時就失敗：缺少或錯誤的設定、環境變數、Secret 或參數', '相依的服務（資料庫、佇列、其他服務）連不上，應用程式直接結束而不重試', '應用程式當機（exit 1、SIGSEGV 139、SIGABRT 134）'],
      fix: ['查看上一個執行個體的日誌：kubectl logs POD -c CONTAINER --previous', '查看結束代碼與訊息：kubectl describe pod POD（Last State）', '用相同的映像檔、指令、參數與環境變數在本機重現'],
    },
  },
  'container/create-container-error': {
    title: 'Container Runtime 無法建立容器',
    docs: {
      description: 'CRI 的 CreateContainer 呼叫失敗（`CreateContainerError`）。`failed to reserve container name ... is reserved for ...` 表示 Runtime 還留著同名的前一次嘗試（常見於建立過慢或逾時之後），通常等 Runtime 完成後就會排除；其他訊息來自 Runtime 或它產生的 OCI spec。',
      causes: ['在緩慢或負載過重的節點上，前一次建立逾時，仍佔用這個名稱', 'Runtime 無法設定根檔案系統或 spec（snapshotter、磁碟已滿、spec 無效）'],
      fix: ['若是「name is reserved」錯誤，先等一分鐘；若持續發生，檢查節點上的 Runtime：crictl ps -a --name CONTAINER；journalctl -u containerd', '檢查節點磁碟空間與 Runtime 狀態；刪除 Pod 讓它在其他地方啟動'],
    },
  },
  'container/hook-failed': {
    title: '容器的生命週期 hook 失敗',
    docs: {
      description: 'postStart hook 失敗時，kubelet 會終止容器（`FailedPostStartHook`，waiting 原因為帶有 hook 錯誤的 `PostStartHookError`），容器因此重新啟動，並可能不斷當機重啟。preStop hook 失敗（`FailedPreStopHook`）不會擋住任何事，但容器停止時就少了正常關閉的步驟。',
      causes: ['映像檔中沒有 hook 的指令，或指令以非 0 結束', 'hook 的 HTTP 端點還沒開始監聽（postStart 與 entrypoint 同時執行）', 'hook 的執行時間超過終止寬限期（preStop）'],
      fix: ['查看 hook 的錯誤：kubectl describe pod POD（錯誤在 waiting 訊息中；事件只寫「PostStartHook failed」）', '手動執行 hook 指令：kubectl exec POD -c CONTAINER -- CMD', '讓 postStart 可重複執行，且能應付應用程式尚在啟動的情況，或把工作移到 entrypoint 或 init 容器'],
    },
  },
  'container/init-failed': {
    title: 'init 容器失敗',
    docs: {
      description: '有一個 init 容器以非 0 結束（`Init:Error`、`Init:ExitCode:N`，重試時則是 `Init:CrashLoopBackOff`）。init 容器逐一執行，全部成功後應用程式容器才會啟動，所以應用程式容器停在 `PodInitializing`：那是結果，不是原因。原生 sidecar（restartPolicy: Always 的 init 容器）不是初始化步驟，會當成執行中的容器來判斷。',
      causes: ['migration、設定指令碼或等待相依服務的步驟失敗（帳密錯誤、相依服務停止、參數錯誤）', 'init 容器的指令在前置條件不成立時，依設計以非 0 結束'],
      fix: ['查看它的日誌：kubectl logs POD -c INIT_CONTAINER（重試中的話加上 --previous）', '修正前置條件或指令碼；kubelet 會重試（除非 restartPolicy 為 Never）'],
    },
  },
  'container/init-stuck': {
    title: 'init 容器執行很久仍未結束',
    docs: {
      description: 'init 容器逐一執行，每一個都必須以 0 結束，下一個（以及之後的應用程式容器）才會啟動。超過卡住門檻（預設 10 分鐘）仍在執行的 init 容器，通常是在等待不存在的東西（Service、DNS 名稱、資料庫、檔案）；Pod 停在 `Init:0/N`，事件中也沒有任何線索，因為沒有任何東西失敗。',
      causes: ['等待迴圈（`until nslookup db; do sleep 2; done`、`wait-for-it host:port`）等待的 Service 不存在、沒有端點，或在另一個命名空間', '沒有逾時的網路呼叫讓 migration 或下載卡住', '指令碼在等待永遠不會來的輸入或檔案'],
      fix: ['查看它正在做什麼：kubectl logs POD -c INIT_CONTAINER', '確認它等待的目標存在且有回應：kubectl get svc,endpoints -n NS', '替等待加上逾時，讓缺少的相依服務使 init 容器失敗（顯示為 Init:Error），而不是一直卡住'],
    },
  },
  'container/job-failed': {
    title: '執行到完成的容器失敗',
    docs: {
      description: 'restartPolicy 為 Never（或 OnFailure 且 Pod 已失敗）的 Pod 中，有容器以非 0 結束。kubelet 不會重新啟動它：Pod 為 Failed，它所屬的 Job（若有）會記一次失敗，並可能建立新的 Pod，直到達到 backoffLimit。Succeeded 的 Pod（以 0 結束）屬於正常。',
      causes: ['工作本身失敗：輸入錯誤、相依服務停止、參數或設定錯誤'],
      fix: ['查看容器的日誌：kubectl logs POD -c CONTAINER', '檢查 Job：kubectl describe job JOB（失敗次數、backoffLimit、狀況）', '修正原因後重新執行 Job（Job 不可變更：刪除後重新建立）'],
    },
  },
  'container/liveness-failed': {
    title: '容器被 liveness 探針重新啟動',
    docs: {
      description: 'liveness 探針連續失敗 failureThreshold 次時，kubelet 會終止容器（`Killing`：`Container <c> failed liveness probe, will be restarted`，之前有 `Unhealthy`：`Liveness probe failed: ...`）；容器以 137 或 143 結束，但不是 OOM。反覆被終止最後會變成 CrashLoopBackOff。',
      causes: [
        '探針的路徑或連接埠錯誤（connection refused、404）',
        '應用程式啟動時間比 initialDelaySeconds + failureThreshold × periodSeconds 還長，又沒有 startupProbe',
        '探針在負載下逾時（timeoutSeconds 預設為 1 秒）',
        'liveness 端點會檢查相依服務（資料庫、其他服務），相依服務失敗時它也失敗',
        '應用程式真的卡住了（死結、執行緒池耗盡）',
      ],
      fix: ['手動執行探針：kubectl exec POD -c CONTAINER -- curl -sv http://localhost:PORT/PATH', '啟動較慢就加上 startupProbe；回應較慢就提高 timeoutSeconds／failureThreshold', 'liveness 只檢查行程本身；相依服務的檢查放到 readiness 探針'],
    },
  },
  'container/no-resources': {
    title: '容器沒有設定資源 requests 或 limits',
    docs: {
      description: '針對 Running 且已就緒的 Pod 回報。既沒有 requests 也沒有 limits 的容器，排程器沒有依據可以安排它；所有容器都沒有設定的 Pod 屬於 BestEffort：節點資源吃緊時最先被驅逐，也可能把鄰居的資源吃光。',
      causes: ['manifest 或 Helm values 從未設定 resources', '命名空間中沒有提供預設值的 LimitRange'],
      fix: ['依實際用量設定 requests（kubectl top pod --containers），並設定記憶體 limit：kubectl set resources deploy/NAME -c CONTAINER --requests=cpu=100m,memory=128Mi --limits=memory=256Mi', '或在命名空間加上帶有預設值的 LimitRange'],
    },
  },
  'container/not-executable': {
    title: '無法執行容器的 entrypoint',
    docs: {
      description: 'entrypoint 存在，但核心拒絕執行它：`exec format error`（其他 CPU 架構的執行檔，或沒有 #! 那一行的指令碼），或 `permission denied`／結束代碼 126（容器的使用者對這個檔案沒有執行權限）。',
      causes: ['為 arm64 建置的映像檔在 amd64 節點上執行（或反過來）：`exec format error`', '指令碼沒有 #! 直譯器那一行', '檔案沒有執行權限，或容器的 runAsUser 無法讀取它', '檔案位在以 noexec 掛載的 Volume 上'],
      fix: ['exec format error：為節點的平台建置映像檔：docker buildx build --platform linux/amd64,linux/arm64 ...', 'permission denied：在 Dockerfile 中 RUN chmod +x /path/to/entrypoint（或 COPY --chmod=755），並檢查 runAsUser/fsGroup'],
    },
  },
  'container/oom-killed': {
    title: '容器因記憶體不足被終止（OOMKilled）',
    docs: {
      description: '核心的 OOM killer 終止了容器（原因 `OOMKilled`，通常結束代碼為 137）：它用的記憶體超過了 limit，或節點本身記憶體不足。一直被 OOM 終止的容器會不斷當機重啟；最近被 OOM 終止但又在執行中的容器則是警告。',
      causes: ['記憶體 limit 低於應用程式尖峰時的需求（JVM heap + metaspace + 執行緒、快取、大型請求）', '記憶體洩漏', '沒有設定 limit，而節點的記憶體用完了（被其他 Pod 或系統 daemon 用掉）', '依主機記憶體而非 cgroup limit 決定 heap 大小的執行環境'],
      fix: [
        '把 limit（與 request）提高到觀察到的尖峰值再加上餘裕：kubectl set resources deploy/NAME -c CONTAINER --limits=memory=1Gi --requests=memory=1Gi',
        '量測實際用量：kubectl top pod POD --containers，或上一個執行個體的監控資料',
        '讓執行環境遵守 cgroup limit（例如 JVM 的 -XX:MaxRAMPercentage、Go 的 GOMEMLIMIT）',
      ],
    },
  },
  'container/recent-restarts': {
    title: '容器最近重新啟動過',
    docs: {
      description: '容器目前在執行，但最近重新啟動過：上一個執行個體已結束（上一個狀態說明了如何結束）。重新啟動達 restartWarn 次以上時為警告，否則只是參考資訊。很久以前的重新啟動不會回報。',
      causes: ['間歇性的當機、應用程式遇到相依服務中斷就結束、節點或 Runtime 的事件'],
      fix: ['查看上一個執行個體的日誌：kubectl logs POD -c CONTAINER --previous', '查看上一個狀態：kubectl describe pod POD'],
    },
  },
  'container/run-container-error': {
    title: 'Container Runtime 無法啟動容器',
    docs: {
      description: 'Runtime 建立了容器，卻無法啟動它的行程（`RunContainerError`，或結束代碼 128 的 `StartError`）：runc 在應用程式執行前就失敗了。訊息會指出原因：掛載失敗、裝置、seccomp 或 AppArmor 設定檔、無法建立的工作目錄。',
      causes: ['Volume 掛載到映像檔中是檔案的路徑（或反過來），或 subPath 的問題', '節點上缺少 seccomp/AppArmor 設定檔，或沒有指定的裝置', '無法設定的 workingDir 或使用者'],
      fix: ['查看 Runtime 的訊息：kubectl describe pod POD', '修正訊息指出的 spec 欄位（掛載、securityContext、workingDir）'],
    },
  },
  'container/startup-probe-failed': {
    title: '容器一直無法通過 startup 探針',
    docs: {
      description: '容器的 startup 探針成功之前，不會執行它的 liveness 與 readiness 探針；失敗 failureThreshold 次後 kubelet 會終止它（`Killing`：`Container <c> failed startup probe, will be restarted`，之前有 `Unhealthy`：`Startup probe failed: ...`）。反覆被終止最後會變成 CrashLoopBackOff。',
      causes: ['應用程式的啟動時間超過 failureThreshold × periodSeconds', '探針指向錯誤的路徑或連接埠，或應用程式在啟動時失敗'],
      fix: ['量測實際的啟動時間，並把 failureThreshold × periodSeconds 設得比它長', '手動執行探針：kubectl exec POD -c CONTAINER -- curl -sv http://localhost:PORT/PATH'],
    },
  },
};
