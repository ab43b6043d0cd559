import { type Phrase, phrase } from '../phrase.js';

// Every admission finding opens with the controller that cannot create its Pods.
const who = [
  phrase('{kind} "{name:q}" (ReplicaSet "{rs:q}") cannot create Pods (for {age:d}): {detail:$}', ({ kind, name, rs, age, detail }) => `${kind}「${name}」（ReplicaSet「${rs}」）無法建立 Pod（已 ${age}）：「${detail}」`),
  phrase('{kind} "{name:q}" cannot create Pods (for {age:d}): {detail:$}', ({ kind, name, age, detail }) => `${kind}「${name}」無法建立 Pod（已 ${age}）：「${detail}」`),
  phrase('{kind} "{name:q}" (ReplicaSet "{rs:q}") cannot create Pods: ', ({ kind, name, rs }) => `${kind}「${name}」（ReplicaSet「${rs}」）無法建立 Pod：`),
  phrase('{kind} "{name:q}" cannot create Pods: ', ({ kind, name }) => `${kind}「${name}」無法建立 Pod：`),
];
const events = [
  phrase("See the controller's events: {cmd:$}", ({ cmd }) => `查看控制器的事件：${cmd}`),
  phrase("Read the controller's events: {cmd:$}", ({ cmd }) => `閱讀控制器的事件：${cmd}`),
];

export const ADMISSION: Record<string, readonly Phrase[]> = {
  'admission/failed-create': [
    ...who,
    phrase('ServiceAccount "{sa:q}" does not exist in namespace {ns}.', ({ sa, ns }) => `ServiceAccount「${sa}」不存在於命名空間 ${ns}。`),
    phrase("they break the namespace's LimitRange ({detail:*}).", ({ detail }) => `它們違反了命名空間的 LimitRange（「${detail}」）。`),
    phrase('Create it: {cmd:$}', ({ cmd }) => `建立它：${cmd}`),
    phrase("Fit the containers' requests and limits into the LimitRange, or change the LimitRange", '讓容器的 requests 與 limits 符合 LimitRange，或修改 LimitRange'),
    phrase('Fix what the API server error names in the Pod template (or in the namespace), then let the controller retry', '修正 API Server 錯誤中指出的 Pod 範本（或命名空間）問題，然後讓控制器重試'),
    phrase('Or correct spec.template.spec.serviceAccountName', '或修正 spec.template.spec.serviceAccountName'),
    phrase('See the limits: {cmd:$}', ({ cmd }) => `查看限制：${cmd}`),
    phrase('The API server is overloaded or its etcd is slow; the controller retries by itself. Check the control plane: {cmd:$}', ({ cmd }) => `API Server 負載過高或它的 etcd 太慢；控制器會自行重試。檢查控制平面：${cmd}`),
    ...events,
  ],
  'admission/pod-security': [
    ...who,
    phrase('they violate PodSecurity "{level:q}" enforced on namespace {ns} ({n:n} failed checks: {checks:*}).', ({ level, ns, n, checks }) => `它們違反了命名空間 ${ns} 強制執行的 PodSecurity「${level}」（${n} 項檢查未通過：${checks}）。`),
    phrase('they violate PodSecurity "{level:q}" enforced on namespace {ns} ({n:n} failed check: {checks:*}).', ({ level, ns, n, checks }) => `它們違反了命名空間 ${ns} 強制執行的 PodSecurity「${level}」（${n} 項檢查未通過：${checks}）。`),
    phrase("See the namespace's Pod Security labels: {cmd:$}", ({ cmd }) => `查看命名空間的 Pod Security 標籤：${cmd}`),
    phrase('Set these in the Pod template\'s securityContext (pod and container level) so it meets the "{level:q}" level; only a workload that truly needs the privileges belongs in a namespace with a lower level', ({ level }) => `在 Pod 範本的 securityContext（Pod 與容器層級）設定這些項目，讓它符合「${level}」等級；只有真正需要這些權限的工作負載，才應該放在等級較低的命名空間`),
    phrase('{check:*}: pod or container {c:*} must set {field}', ({ check, c, field }) => `${check}：Pod 或${c}必須設定 ${field}`),
    phrase('{check:*}: container {c:*} must not set {field}', ({ check, c, field }) => `${check}：容器 ${c} 不可以設定 ${field}`),
    phrase('{check:*}: container {c:*} must set {field}', ({ check, c, field }) => `${check}：容器 ${c} 必須設定 ${field}`),
    phrase(' to "RuntimeDefault" or "Localhost"', ' 為「RuntimeDefault」或「Localhost」'),
    phrase('host namespaces: {fields:$}', ({ fields }) => `host namespaces（主機命名空間）：${fields}`),
    phrase('hostPort: {fields:$}', ({ fields }) => `hostPort（主機連接埠）：${fields}`),
    phrase('hostPath volumes: volumes {v:$}', ({ v }) => `hostPath volumes（主機路徑 Volume）：${v}`),
    ...events,
  ],
  'admission/quota-exceeded': [
    ...who,
    phrase('they would exceed ResourceQuota "{q:q}" in namespace {ns} ({res}: requested {want}, used {used} of {hard}).', ({ q, ns, res, want, used, hard }) => `它們會超過命名空間 ${ns} 的 ResourceQuota「${q}」（${res}：要求 ${want}，已使用 ${used}，上限 ${hard}）。`),
    phrase('they would exceed ResourceQuota "{q:q}" in namespace {ns} ({detail:*}).', ({ q, ns, detail }) => `它們會超過命名空間 ${ns} 的 ResourceQuota「${q}」（${detail}）。`),
    phrase('ResourceQuota "{q:q}" requires resources the containers do not set (must specify {detail:*}).', ({ q, detail }) => `ResourceQuota「${q}」要求容器沒有設定的資源（必須指定 ${detail}）。`),
    phrase(' for: ', '，適用於：'),
    phrase('Lower the Pods\' requests or the replica count (a rolling update needs room for the surge Pods too), or delete workloads that no longer need the quota', '降低 Pod 的 requests 或副本數（滾動更新也需要容納 surge Pod 的空間），或刪除不再需要配額的工作負載'),
    phrase('Or add a LimitRange with default requests/limits to namespace {ns}: {cmd:$}', ({ ns, cmd }) => `或在命名空間 ${ns} 加入含預設 requests/limits 的 LimitRange：${cmd}`),
    phrase('Or raise the quota: {cmd:$}', ({ cmd }) => `或調高配額：${cmd}`),
    phrase('See the quota and what uses it: {cmd:$}', ({ cmd }) => `查看配額以及使用它的資源：${cmd}`),
    phrase('See the quota: {cmd:$}', ({ cmd }) => `查看配額：${cmd}`),
    phrase('Set the named requests/limits on every container of the Pod template', '在 Pod 範本的每個容器上設定指定的 requests/limits'),
    ...events,
  ],
  'admission/webhook-denied': [
    ...who,
    phrase('admission webhook "{w:q}" denied the request without explanation.', ({ w }) => `admission webhook「${w}」拒絕了請求，沒有說明原因。`),
    phrase('admission webhook "{w:q}" could not be called for {age:d} and its failurePolicy rejects the Pod: {detail:$}', ({ w, age, detail }) => `admission webhook「${w}」已有 ${age} 無法呼叫，而它的 failurePolicy 會拒絕 Pod：「${detail}」`),
    phrase('admission webhook "{w:q}" could not be called and its failurePolicy rejects the Pod: {detail:$}', ({ w, detail }) => `admission webhook「${w}」無法呼叫，而它的 failurePolicy 會拒絕 Pod：「${detail}」`),
    phrase('admission webhook "{w:q}" denied the request: {detail:$}', ({ w, detail }) => `admission webhook「${w}」拒絕了請求：「${detail.replace(/\.$/, '')}」。`),
    phrase('Ask the owner of the webhook what it rejects; it gave no reason', '詢問 webhook 的負責人它拒絕的是什麼；它沒有給出原因'),
    phrase('Change the Pod template so it satisfies the policy: {detail:$}', ({ detail }) => `修改 Pod 範本讓它符合政策：「${detail}」`),
    phrase("Check the webhook's Service and Pods: {cmd:$}", ({ cmd }) => `檢查 webhook 的 Service 與 Pod：${cmd}`),
    phrase('Find the webhook configuration: {cmd:$}', ({ cmd }) => `找出 webhook 的設定：${cmd}`),
    phrase('If the webhook is gone for good, delete its configuration (or set failurePolicy: Ignore) so it stops blocking Pods', '如果 webhook 已永久消失，刪除它的設定（或設定 failurePolicy: Ignore），讓它不再擋住 Pod'),
    ...events,
  ],
};
