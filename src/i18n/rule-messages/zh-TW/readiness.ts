import type { ReadinessMessages } from '../../../rules/messages/readiness.js';

const label = (port: string, name: string | undefined): string => `連接埠 ${port}${name ? `（${name}）` : ' '}`;

export const zhTWReadiness: ReadinessMessages = {
  readinessGates: {
    message: ({ gates, age }) =>
      `Pod 的容器都已就緒，但 readiness gate${gates.map((g) => (g.status !== undefined ? `「${g.type}」是 ${g.status}${g.reason ? `（${g.reason}）` : ''}` : `「${g.type}」在 Pod 上沒有對應的狀況`)).join('、')}${age !== undefined ? `，已 ${age}` : ''}：擁有${gates.length > 1 ? '這些狀況' : '這個狀況'}的控制器還沒把它設為 True。`,
    fix: ({ namespace, pod, gates }) => [
      `檢查狀況：kubectl get pod -n ${namespace} ${pod} -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}{"\\n"}{end}'`,
      `找出設定${gates.map((g) => `「${g}」`).join('、')}的控制器（依前綴判斷），確認它正在執行而且能修改 Pod 狀態；閱讀它的日誌。`,
      '如果 gate 名稱拼錯或已不再使用，在 Pod 範本中修正或移除它。',
    ],
  },
  serviceNoEndpoints: {
    namedPort: ({ service, port, portName, target, declared }) =>
      `Service「${service}」選到了這個 Pod，但它的${label(port, portName)}指向連接埠名稱「${target}」，而這個 Pod 沒有任何容器宣告它${declared ? `（已宣告：${declared}）` : ''}：Pod 不會得到這個連接埠的 endpoint。`,
    namedPortFix: ({ namespace, service, target, index, value }) => [
      `在 Pod 範本中把容器連接埠命名為「${target}」，或讓 Service 指向存在的連接埠：kubectl patch svc -n ${namespace} ${service} --type=json -p '[{"op":"replace","path":"/spec/ports/${index}/targetPort","value":${value}}]'`,
      `檢查 endpoint：kubectl get endpointslices -n ${namespace} -l kubernetes.io/service-name=${service}`,
    ],
    numberPort: ({ service, port, portName, target, declared }) =>
      `Service「${service}」選到了這個 Pod，但它的${label(port, portName)}把流量送到連接埠 ${target}，而這個 Pod 的容器只宣告了 ${declared}：除非應用程式也在 ${target} 上監聽，否則連線會被拒絕。`,
    numberPortFix: ({ namespace, service, pod, index, value }) => [
      `讓 Service 指向應用程式的連接埠：kubectl patch svc -n ${namespace} ${service} --type=json -p '[{"op":"replace","path":"/spec/ports/${index}/targetPort","value":${value}}]'`,
      `或檢查應用程式在哪個連接埠上監聽：kubectl exec -n ${namespace} ${pod} -- ss -tln`,
    ],
  },
  serviceSelectorNearMiss: {
    message: ({ service, selector, have, complete }) =>
      complete
        ? `Service「${service}」選擇 ${selector}，而這個 Pod 的 ${have} 幾乎符合（打錯字了嗎？）：這個 Service 沒有選到這個 Pod 或其他任何 Pod，所以沒有 endpoint。`
        : `Service「${service}」選擇 ${selector}，而這個 Pod 的 ${have} 幾乎符合（打錯字了嗎？）：這個 Service 沒有選到這個 Pod，除非有其他 Pod 帶有 ${selector}，否則它沒有 endpoint。`,
    fix: ({ namespace, service, selector, patch, owner }) => [
      `查看 Service 選到什麼：kubectl get pods -n ${namespace} -l ${selector}; kubectl get endpointslices -n ${namespace} -l kubernetes.io/service-name=${service}`,
      `如果這個 Service 是給這個 Pod 用的，修正它的 selector：kubectl patch svc -n ${namespace} ${service} --type=merge -p '${patch}'`,
      `或把${owner ? ` ${owner} 的` : ''} Pod 範本中的標籤改成 ${selector}${owner?.startsWith('deploy/') ? '（Deployment 的 selector 不能修改：要改就得重新建立 Deployment）' : ''}`,
    ],
  },
  singleNodeReplicas: {
    message: ({ ready, kind, name, node, others }) =>
      `${kind}「${name}」的 ${ready} 個 Ready 副本全都在節點 ${node} 上執行：失去這個節點，整個工作負載就會停擺${others ? '' : '（叢集沒有其他可排程的節點）'}。`,
    fix: ({ namespace, short, name }) => [
      '在 Pod 範本中加入：topologySpreadConstraints: [{maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: ScheduleAnyway, labelSelector: {matchLabels: <Pod 的標籤>}}]',
      `然後讓排程器把它們分散開來：kubectl rollout restart -n ${namespace} ${short}/${name}`,
    ],
  },
};
