import type { RuleText } from '../rule-text-type.js';

export const ADMISSION: Record<string, RuleText> = {
  'admission/cronjob-not-starting': {
    title: 'CronJob 沒有啟動它的 Job',
    docs: {
      description: 'CronJob 控制器在排定的時間沒有建立 Job：CronJob 已暫停（`spec.suspend: true`，屬於背景資訊：恢復之前不會建立 Job），或錯過了啟動時間（`MissSchedule`：`Missed scheduled time to start a job: …`，控制器處理它的時間晚於 `startingDeadlineSeconds` 允許的範圍；`TooManyMissedTimes`：`too many missed start times: N. Set or decrease .spec.startingDeadlineSeconds or check clock skew`）。早於 CronJob 最近一次排程的錯過紀錄屬於歷史，不會觸發。',
      causes: ['spec.suspend 被設定（由人、GitOps 工具或維護用的指令碼）而沒有取消', 'kube-controller-manager 停止或負載過高，超過 startingDeadlineSeconds，排定的時間已過', 'startingDeadlineSeconds 比控制器的同步延遲還短（低於 10 秒從來都不可靠）', '控制器與 API Server 之間的時鐘不一致'],
      fix: [
        '恢復已暫停的 CronJob：kubectl patch cronjob NAME -n NAMESPACE -p \'{"spec":{"suspend":false}}\'',
        '查看控制器的事件：kubectl describe cronjob NAME -n NAMESPACE',
        '調高或移除 startingDeadlineSeconds，並確認 kube-controller-manager 正在執行且時鐘正確',
        '手動啟動一次：kubectl create job --from=cronjob/NAME NAME-manual -n NAMESPACE',
      ],
    },
  },
  'admission/failed-create': {
    title: '控制器無法建立工作負載的 Pod',
    docs: {
      description: '工作負載的控制器（ReplicaSet、StatefulSet、DaemonSet、Job）建立 Pod 時，API Server 回報錯誤（`FailedCreate`：`Error creating: …`，或 `create Pod … in StatefulSet … failed error: …`），原因不是配額、Pod Security 或 webhook：而是 LimitRange、不存在的 ServiceAccount、無效的 Pod 範本。',
      causes: ['容器的 requests 或 limits 違反 LimitRange 的下限／上限', 'Pod 範本指定的 ServiceAccount 不在這個命名空間中', 'API Server 拒絕的無效 Pod 範本（`Pod "x" is invalid: …`）'],
      fix: ['查看控制器的事件：kubectl describe rs/NAME（或 sts/、ds/、job/）', 'LimitRange：kubectl describe limitrange -n NAMESPACE，並讓 requests／limits 落在範圍內', 'ServiceAccount：kubectl create serviceaccount NAME -n NAMESPACE，或修正 serviceAccountName'],
    },
  },
  'admission/pod-security': {
    title: 'Pod Security Admission 拒絕了工作負載的 Pod',
    docs: {
      description: '命名空間強制套用某個 Pod Security Standard（標籤 `pod-security.kubernetes.io/enforce`），而 Pod 範本違反了它（`FailedCreate`：`pods "x" is forbidden: violates PodSecurity "restricted:latest": …`）。kdiag 會列出每一項沒通過的檢查，以及要設定什麼。',
      causes: ['`restricted` 命名空間，而 Pod 沒有設定 allowPrivilegeEscalation=false、capabilities.drop=["ALL"]、runAsNonRoot=true 與 seccompProfile', '`baseline` 命名空間，而 Pod 有 privileged 容器、hostPath Volume、主機命名空間或 hostPort', '工作負載寫好之後，命名空間的標籤被改過'],
      fix: ['設定每一項檢查所指出的 securityContext 欄位（Pod 與容器層級）', '查看強制套用的等級：kubectl get ns NAMESPACE --show-labels', '只有工作負載真的需要該權限時，才在等級較低的命名空間中執行（不要輕易調低共用的命名空間）'],
    },
  },
  'admission/quota-exceeded': {
    title: 'ResourceQuota 拒絕了工作負載的 Pod',
    docs: {
      description: '控制器向 API Server 要求建立 Pod，而 ResourceQuota 准入外掛程式拒絕了（`FailedCreate`：`exceeded quota: …, requested: …, used: …, limited: …`，或配額要求 Pod 設定 requests／limits 而 Pod 沒有設定時的 `failed quota: …: must specify …`）。沒有建立任何 Pod，所以沒有 Pod 可以診斷。',
      causes: ['命名空間的配額已被其他 Pod 用完（或在滾動更新時被這個工作負載本身用完，新舊 Pod 同時存在）', 'Pod 要求的量超過配額的總額', '配額涵蓋 requests／limits，而容器沒有設定（請加上，或加上帶預設值的 LimitRange）'],
      fix: [
        '查看配額與用量：kubectl describe resourcequota -n NAMESPACE',
        '調低 Pod 的 requests 或副本數，或釋出配額（刪除不用的工作負載）',
        '命名空間確實需要更多時提高配額：kubectl edit resourcequota QUOTA -n NAMESPACE',
        '`must specify`：為每個容器設定 resources.requests／limits，或加上提供預設值的 LimitRange',
      ],
    },
  },
  'admission/webhook-denied': {
    title: '准入 webhook 拒絕了工作負載的 Pod',
    docs: {
      description: 'validating 或 mutating 准入 webhook 拒絕了 Pod（`admission webhook "<name>" denied the request: <reason>`），或無法呼叫它而其 failurePolicy 為 Fail（`failed calling webhook "<name>": …`）。沒有建立任何 Pod。',
      causes: ['政策引擎（Kyverno、Gatekeeper、自訂 webhook）拒絕了 Pod 範本中的某些內容：`denied the request:` 後面的原因說明了是什麼', 'webhook 本身的 Pod 停止，或它的 Service 沒有 endpoint，而 failurePolicy: Fail 擋住了所有相符的請求', 'API Server 與 webhook Service 之間有網路政策或防火牆'],
      fix: ['閱讀 webhook 提供的原因，修改 Pod 範本以符合政策', '找出 webhook：kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations', '若無法呼叫：檢查它的 Service endpoint 與 Pod（kubectl get services,endpointslices -n NAMESPACE）'],
    },
  },
};
