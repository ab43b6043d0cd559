import type { RuleText } from '../rule-text-type.js';

export const READINESS: Record<string, RuleText> = {
  'readiness/not-ready-long': {
    title: '執行中但長時間沒有就緒，看不出原因',
    docs: {
      description: '所有容器都在執行，但 Pod 沒有就緒的時間已超過卡住門檻，而且沒有探針失敗事件或 readiness gate 可以解釋。這只是根據狀態的推測：探針事件可能已過期（事件大約保留一小時），或沒有被擷取到。',
      causes: ['一直失敗的 readiness 或 startup 探針（它的事件已過期）', '某個容器從未回報已啟動'],
      fix: ['查看即時事件：kubectl describe pod POD', "檢查探針：kubectl get pod POD -o jsonpath='{.spec.containers[*].readinessProbe}'"],
    },
  },
  'readiness/probe-failing': {
    title: 'readiness 探針失敗',
    docs: {
      description: '容器在執行，但它的 readiness 探針失敗（`Unhealthy`：`Readiness probe failed: ...`，或探針無法執行時的 `Readiness probe errored ...`），所以 Pod 沒有就緒，Service 不會把流量送給它。只計算目前這個容器執行個體啟動後的失敗；剛啟動不久時仍算是進行中。',
      causes: ['探針的路徑、連接埠或 scheme 與應用程式提供的不符（connection refused、404）', '應用程式已啟動，但因為相依服務（資料庫、快取、其他服務）無法使用而回報未就緒', '探針逾時（timeoutSeconds 預設為 1 秒）', '應用程式暖機所需的時間比探針允許的還長'],
      fix: ['手動執行探針：kubectl exec POD -c CONTAINER -- curl -sv http://localhost:PORT/PATH', '從應用程式日誌了解它為什麼回報未就緒：kubectl logs POD -c CONTAINER', '修正探針（路徑、連接埠、timeoutSeconds）或它檢查的相依服務'],
    },
  },
  'readiness/progress-deadline-exceeded': {
    title: 'Deployment 的部署超過進度期限',
    docs: {
      description: 'Deployment 在 `progressDeadlineSeconds`（預設 600 秒）內都沒有進展：狀況 Progressing=False，原因 `ProgressDeadlineExceeded`（`ReplicaSet "x" has timed out progressing.`）。部署卡住了；原因可能在建立 Pod（見 FailedCreate 的發現），或在新的 Pod 本身（請診斷它們）。',
      causes: ['新的 ReplicaSet 無法建立 Pod（配額、Pod Security、webhook）', '新的 Pod 一直沒有就緒：無法排程、映像檔拉取錯誤、當機、readiness 探針失敗'],
      fix: ['查看部署進度：kubectl rollout status deploy/NAME -n NAMESPACE', '診斷其中一個新的 Pod：kdiag pod POD -n NAMESPACE', '新版本有問題時復原：kubectl rollout undo deploy/NAME -n NAMESPACE'],
    },
  },
  'readiness/readiness-gates': {
    title: 'readiness gate 條件尚未滿足',
    docs: {
      description: 'Pod 的容器都已就緒，但某個 readiness gate（spec.readinessGates）沒有：它的狀況不存在（`corresponding condition of pod readiness gate "<type>" does not exist.`）或不是 True（`the status of pod readiness gate "<type>" is not "True", but False`）。負責這個狀況的是外部控制器（負載平衡器控制器、service mesh、部署工具）。',
      causes: ['負責設定狀況的控制器沒有安裝、沒有執行，或沒有更新 Pod 狀態的權限', '控制器仍在等待（例如負載平衡器的目標變成健康）', 'Pod 範本中的 gate 名稱拼錯'],
      fix: ['找出負責該狀況類型的控制器，並查看它的日誌', "檢查狀況：kubectl get pod POD -o jsonpath='{.status.conditions}'"],
    },
  },
  'readiness/service-no-endpoints': {
    title: 'Service 指向這個 Pod 沒有的連接埠',
    docs: {
      description: 'Service 依標籤選到了這個 Pod，但 Service 連接埠的 targetPort 與 Pod 上的任何連接埠都不符：具名的 targetPort 沒有任何容器連接埠使用（Pod 就不會出現在該連接埠的 endpoint 中），或數字與所有宣告的 containerPort 都不同（流量會送到應用程式可能沒有監聽的連接埠）。',
      causes: ['targetPort 的名稱與容器連接埠的名稱不同（例如「http」與「web」）', '應用程式的連接埠改了，但 Service 沒有更新', '省略了 targetPort，所以它預設等於 Service 連接埠，而那不是應用程式的連接埠'],
      fix: ["比較：kubectl get svc SVC -o jsonpath='{.spec.ports}' 與 Pod 的 containers[].ports", 'targetPort 設為容器連接埠的名稱或數字：kubectl patch svc SVC --type=json -p \'[{"op":"replace","path":"/spec/ports/0/targetPort","value":"http"}]\''],
    },
  },
  'readiness/service-selector-near-miss': {
    title: '有個 Service 差一點就選到這個 Pod',
    docs: {
      description: 'Pod 所在命名空間中有個 Service 沒有選到這個 Pod，但它的 selector 與 Pod 的標籤幾乎相符（同一個 key 而值只差一個錯字、值放在另一個 key 下，或值是 Service 自己的名稱），而且它沒有選到任何其他 Pod：要送給這個 Pod 的流量到不了它。若 Service 選到任何其他 Pod、有 endpoint，或符合某個工作負載的 Pod 範本，就不會回報。',
      causes: ['Service selector 或 Pod 範本標籤打錯字（app: frontend 與 app: front-end）', '同一件事用了不同的標籤 key（app 與 app.kubernetes.io/name）', '工作負載改名後標籤也變了，但 Service 沒有更新'],
      fix: [
        "比較 selector 與 Pod 的標籤：kubectl get svc SVC -o jsonpath='{.spec.selector}'；kubectl get pod POD --show-labels",
        '修正 Service selector：kubectl patch svc SVC --type=merge -p \'{"spec":{"selector":{"app":"front-end"}}}\'',
        '或把工作負載的 Pod 範本標籤改成 Service 選擇的值',
      ],
    },
  },
  'readiness/service-selects-nothing': {
    title: 'Service 的 selector 沒有選到任何 Pod',
    docs: {
      description: 'Service 的 spec.selector 沒有選到它命名空間中的任何 Pod，所以 Service 沒有 endpoint：連到它的連線會被拒絕或逾時，即使 Pod 本身可能都是 Running 且已就緒。只有在快照含有完整的 Pod 清單、Service 的 EndpointSlice（可見時）沒有任何 endpoint，而且沒有工作負載的 Pod 範本帶有選擇的標籤時才會回報（縮到零的 Deployment 不是 selector 的問題）。',
      causes: ['selector 或 Pod 範本標籤打錯字（app: frontend 與 app: front-end）', '不同的標籤方案（app: web 與 app.kubernetes.io/name: web）', 'Pod 的標籤被改過或工作負載改名，而 Service 沒有更新', 'Service 選擇了 Pod 範本從未有過的標籤（例如版本或層級標籤）'],
      fix: [
        "比較：kubectl get svc SVC -o jsonpath='{.spec.selector}' 與 kubectl get pods --show-labels",
        '確認沒有相符的 Pod：kubectl get pods -l KEY=VALUE',
        '修正 Service：kubectl patch svc SVC --type=merge -p \'{"spec":{"selector":{"app":"front-end"}}}\'（或修正 Pod 範本標籤；注意 Deployment 的 selector 不可變更）',
        '驗證：kubectl get endpointslices -l kubernetes.io/service-name=SVC',
      ],
    },
  },
  'readiness/single-node-replicas': {
    title: '所有副本都在同一個節點上',
    docs: {
      description: '多副本 Deployment 或 StatefulSet 的每個已就緒副本都在同一個節點上，所以一個節點故障、drain 或升級，就會讓整個工作負載同時停擺。叢集只有一個可排程節點時僅作為參考資訊。',
      causes: ['沒有 topologySpreadConstraints 或 podAntiAffinity', '其他節點已 cordon、有 taint 或太滿', 'nodeSelector 只符合一個節點'],
      fix: ['在 Pod 範本加上分散條件：topologySpreadConstraints: [{maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: ScheduleAnyway, labelSelector: {matchLabels: {...}}}]', '接著重新啟動部署，讓排程器把它們分散：kubectl rollout restart deploy/NAME'],
    },
  },
};
