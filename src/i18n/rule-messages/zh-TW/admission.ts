import type { AdmissionMessages, CreatorRef } from '../../../rules/messages/admission.js';

const who = ({ kind, name, via }: CreatorRef): string => `${kind}「${name}」${via ? `（${via.kind}「${via.name}」）` : ''}無法建立 Pod`;
const last = (lastAge: string | undefined): string => (lastAge !== undefined ? `最近一次排程在 ${lastAge} 前` : '從未排程');
const quoted = (names: string): string => names.replace(/"([^"]*)"/g, '「$1」').replace(/」, 「/g, '」、「');
const findWebhook = (webhook: string): string =>
  `找出 webhook 的設定：kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations -o custom-columns=NAME:.metadata.name,WEBHOOKS:.webhooks[*].name | grep ${webhook}`;

/** PSA's check names, glossed once (the name itself stays: it is what the API server prints). */
const CHECK_GLOSS: Record<string, string> = { 'host namespaces': '主機命名空間', hostPort: '主機連接埠', 'hostPath volumes': '主機路徑 Volume' };

/** What PSA says to set, in Chinese: `pod or container "app" must set X`, `containers "a", "b" must not set X`, `volumes "proc"`. */
function checkDetail(detail: string): string {
  return detail
    .replace(/^pod or containers? ((?:"[^"]*"(?:, )?)+) must (not )?set /, (_, c: string, not?: string) => `Pod 或容器${quoted(c)}${not ? '不可以' : '必須'}設定 `)
    .replace(/^containers? ((?:"[^"]*"(?:, )?)+) must (not )?set /, (_, c: string, not?: string) => `容器${quoted(c)}${not ? '不可以' : '必須'}設定 `)
    .replace(/^volumes? ((?:"[^"]*"(?:, )?)+)$/, (_, v: string) => `Volume${quoted(v)}`)
    .replace(/ to "RuntimeDefault" or "Localhost"/, ' 為「RuntimeDefault」或「Localhost」');
}

export const zhTWAdmission: AdmissionMessages = {
  cronjobNotStarting: {
    suspended: ({ name, lastAge }) => `CronJob「${name}」已暫停（spec.suspend: true）：恢復之前不會啟動任何 Job；${last(lastAge)}。`,
    suspendedFix: ({ name, namespace }) => [`恢復它：kubectl patch cronjob ${name} -n ${namespace} -p '{"spec":{"suspend":false}}'`],
    missed: ({ name, event, deadline, lastAge }) =>
      `CronJob「${name}」錯過了排定的啟動時間：「${event}」（${deadline !== undefined ? `startingDeadlineSeconds 為 ${deadline}` : '未設定 startingDeadlineSeconds'}；${last(lastAge)}）。`,
    missedFix: ({ name, namespace }) => [
      `確認 kube-controller-manager 正在執行且時鐘正確；然後調高或移除 startingDeadlineSeconds：kubectl patch cronjob ${name} -n ${namespace} --type=json -p '[{"op":"remove","path":"/spec/startingDeadlineSeconds"}]'`,
      `手動啟動一次：kubectl create job --from=cronjob/${name} ${name}-manual -n ${namespace}`,
    ],
  },
  failedCreate: {
    serviceAccount: ({ who: w, account, namespace }) => `${who(w)}：ServiceAccount「${account}」不存在於命名空間 ${namespace}。`,
    serviceAccountFix: ({ account, namespace, events }) => [`建立它：kubectl create serviceaccount ${account} -n ${namespace}`, '或修正 spec.template.spec.serviceAccountName', `查看控制器的事件：${events}`],
    limitRange: ({ who: w, detail }) => `${who(w)}：它們違反了命名空間的 LimitRange（「${detail}」）。`,
    limitRangeFix: ({ namespace, events }) => [`查看限制：kubectl describe limitrange -n ${namespace}`, '讓容器的 requests 與 limits 符合 LimitRange，或修改 LimitRange', `查看控制器的事件：${events}`],
    other: ({ who: w, age, error }) => `${who(w)}${age !== undefined ? `（已 ${age}）` : ''}：「${error}」`,
    otherFix: ({ events }) => [`閱讀控制器的事件：${events}`, '修正 API Server 錯誤中指出的 Pod 範本（或命名空間）問題，然後讓控制器重試'],
  },
  podSecurity: {
    message: ({ who: w, policy, namespace, checks }) => `${who(w)}：它們違反了命名空間 ${namespace} 強制執行的 PodSecurity「${policy}」（${checks.length} 項檢查未通過：${checks.join('、')}）。`,
    check: ({ check, detail }) => {
      const name = CHECK_GLOSS[check] ? `${check}（${CHECK_GLOSS[check]}）` : check;
      return detail ? `${name}：${checkDetail(detail)}` : name;
    },
    fix: ({ namespace, level, events }) => [
      `查看命名空間的 Pod Security 標籤：kubectl get ns ${namespace} --show-labels`,
      `在 Pod 範本的 securityContext（Pod 與容器層級）設定這些項目，讓它符合「${level}」等級；只有真正需要這些權限的工作負載，才應該放在等級較低的命名空間`,
      `查看控制器的事件：${events}`,
    ],
  },
  quotaExceeded: {
    exceeded: ({ who: w, quota, namespace, uses }) =>
      `${who(w)}：它們會超過命名空間 ${namespace} 的 ResourceQuota「${quota}」（${uses.map((u) => `${u.resource}：要求 ${u.requested}，已使用 ${u.used}，上限 ${u.limit}`).join('；')}）。`,
    exceededFix: ({ quota, namespace }) => [
      `查看配額以及使用它的資源：kubectl describe resourcequota ${quota} -n ${namespace}`,
      '降低 Pod 的 requests 或副本數（滾動更新也需要容納 surge Pod 的空間），或刪除不再需要配額的工作負載',
      `或調高配額：kubectl edit resourcequota ${quota} -n ${namespace}`,
    ],
    mustSpecify: ({ who: w, quota, detail }) => `${who(w)}：ResourceQuota「${quota}」要求容器沒有設定的資源（必須指定 ${detail.replace(/ for: /g, '，適用於：').replace(/; /g, '；')}）。`,
    mustSpecifyFix: ({ quota, namespace }) => [
      '在 Pod 範本的每個容器上設定指定的 requests/limits',
      `或在命名空間 ${namespace} 加入含預設 requests/limits 的 LimitRange：kubectl describe limitrange -n ${namespace}`,
      `查看配額：kubectl describe resourcequota ${quota} -n ${namespace}`,
    ],
    insufficient: ({ who: w, namespace, what, verb }) => `${who(w)}：命名空間 ${namespace} 沒有任何 ResourceQuota 允許 ${what}（「insufficient quota to ${verb}」）。`,
    insufficientFix: ({ namespace }) => [`查看配額：kubectl describe resourcequota -n ${namespace}`, '加入涵蓋這項資源的配額，或從 Pod 範本中拿掉這項資源'],
    events: ({ events }) => `查看控制器的事件：${events}`,
  },
  webhookDenied: {
    denied: ({ who: w, webhook, reason }) => `${who(w)}：admission webhook「${webhook}」拒絕了請求${reason ? `：「${reason.replace(/\.$/, '')}」` : '，沒有說明原因'}。`,
    deniedFix: ({ webhook, reason, events }) => [
      reason ? `修改 Pod 範本讓它符合政策：「${reason}」` : '詢問 webhook 的負責人它拒絕的是什麼；它沒有給出原因',
      findWebhook(webhook),
      `查看控制器的事件：${events}`,
    ],
    unreachable: ({ who: w, webhook, age, error }) => `${who(w)}：admission webhook「${webhook}」${age !== undefined ? `已有 ${age} ` : ''}無法呼叫，而它的 failurePolicy 會拒絕 Pod：「${error}」`,
    unreachableFix: ({ webhook, service }) => [
      service ? `檢查 webhook 的 Service ${service.name} 與它的 Pod：kubectl get services,endpointslices -n ${service.namespace}; kubectl get pods -n ${service.namespace}` : '確認 webhook 的 Service 有就緒的 endpoint，而且它的 Pod 正在執行',
      findWebhook(webhook),
      '如果 webhook 已永久消失，刪除它的設定（或設定 failurePolicy: Ignore），讓它不再擋住 Pod',
    ],
  },
};
