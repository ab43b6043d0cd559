import type { PodStateRef, ProbeOutput, ProbePortMismatch, ProbeRef, ReadinessMessages } from '../../../rules/messages/readiness.js';
import { noun } from './shared.js';

const label = (port: string, name: string | undefined): string => `連接埠 ${port}${name ? `（${name}）` : ' '}`;

export const portMismatch = (p: ProbePortMismatch): string =>
  p.kind === 'name' ? `探針使用連接埠名稱「${p.port}」，但容器 ${p.container} 沒有宣告它` : `探針指向連接埠 ${p.port}，但容器 ${p.container} 宣告的是 ${p.declared.join(', ')}`;
/** The probe as zh-TW messages describe it, after the word 探針: ` httpGet …（連接埠「http」）（initialDelaySeconds=…）`, or why there is none. */
export const probe = (p: ProbeRef): string => {
  if (p.absent) return '（不在 spec 中）';
  const t = p.timing;
  const timing = `initialDelaySeconds=${t.initialDelaySeconds} periodSeconds=${t.periodSeconds} timeoutSeconds=${t.timeoutSeconds} failureThreshold=${t.failureThreshold}`;
  if (p.handler === undefined) return `（沒有設定處理方式；${timing}）`;
  return ` ${p.handler}${p.namedPort !== undefined ? `（連接埠「${p.namedPort}」）` : ''}（${timing}）`;
};
export const output = ({ message, empty }: ProbeOutput): string => (empty ? `「${message}」（沒有輸出：指令以非零值結束）` : `「${message}」`);
const podState = (p: PodStateRef): string =>
  p.kind === 'terminating'
    ? 'Terminating'
    : p.kind === 'unschedulable'
      ? `Pending：${p.gated ? '排程被 gate 擋住' : '無法排程'}`
      : p.kind === 'waiting'
        ? p.reason
        : p.kind === 'not-ready'
          ? 'Running，但不是 Ready'
          : p.phase || '不明';

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
  // ---- zh-b ----
  probe: {
    portMismatch: (p) => portMismatch(p),
  },
  notReadyLong: {
    message: ({ containers, age, causes }) =>
      `${containers.map(noun).join('、')}一直在執行，但已 ${age} 不是 Ready${
        causes.length > 0 ? `：${causes.map((c) => `${c.container ? noun(c.container) : '它'}的 ${c.startup ? 'startup' : 'readiness'} 探針${probe(c.probe)}一直沒有通過`).join('；')}` : ''
      }，也沒有探針失敗的事件可以解釋（事件可能已過期，或沒有被擷取）。`,
    fix: ({ namespace, pod, container }) => [
      `查看即時的事件與探針設定：kubectl describe pod -n ${namespace} ${pod}`,
      `在容器內手動執行 readiness 檢查：kubectl exec -n ${namespace} ${pod} -c ${container} -- <probe command>`,
    ],
  },
  probeFailing: {
    message: ({ container, running, probe: spec, errored, state, output: out, count, hint }) =>
      `${noun(container)}${running !== undefined ? `已 Running ${running}` : '正在 Running'}，但不是 Ready：它的 readiness 探針${probe(spec)}${errored ? `無法執行${state ? `（結果為 ${state} state）` : ''}` : '一直失敗'}：${output(out)}${count > 1 ? `（×${count}）` : ''}${hint ? `；${portMismatch(hint)}` : ''}。`,
    fix: ({ namespace, pod, container, handler }) => [
      handler.kind === 'http'
        ? `手動執行探針：kubectl exec -n ${namespace} ${pod} -c ${container} -- wget -qO- http://localhost:${handler.port}${handler.path}（或 curl -sv）`
        : handler.kind === 'tcp'
          ? `確認有程式在連接埠 ${handler.port} 上監聽：kubectl exec -n ${namespace} ${pod} -c ${container} -- netstat -tln（或 ss -tln）`
          : `手動執行探針指令：kubectl exec -n ${namespace} ${pod} -c ${container} -- ${(handler.command.length > 0 ? handler.command : ['<command>']).join(' ')}`,
      `查看應用程式為什麼回報尚未就緒：kubectl logs -n ${namespace} ${pod} -c ${container}`,
      '修正探針（路徑、連接埠、timeoutSeconds、initialDelaySeconds）或它檢查的相依服務。',
    ],
  },
  progressDeadlineExceeded: {
    message: ({ name, namespace, deadline, condition, why }) => {
      const head = `Deployment「${name}」超過了它的進度期限（${deadline}s）${
        condition.kind === 'timed-out' ? `：ReplicaSet「${condition.replicaSet}」的進度已逾時` : condition.kind === 'message' ? `：「${condition.message}」` : ''
      }`;
      if (why.kind === 'create') return `${head}，因為它的 ReplicaSet 無法建立 Pod（見 FailedCreate 的發現）。`;
      if (why.kind === 'not-ready')
        return `${head}：${why.active} 個 Pod 中有 ${why.notReady} 個不是 Ready：${why.pods.map((p) => `${p.name}（${podState(p.state)}）`).join('、')}${why.more ? '…' : ''}。診斷它們：kdiag pod ${why.pods[0]?.name ?? ''} -n ${namespace}。`;
      return `${head}；${why.want} 個副本中有 ${why.updated} 個已更新、${why.available} 個可用（輸入中沒有這些 Pod：用 kdiag pod deploy/${name} -n ${namespace} 診斷）。`;
    },
    fix: ({ name, namespace, diagnose, firstRevision }) => [
      `查看部署進度：kubectl rollout status deploy/${name} -n ${namespace}`,
      ...(diagnose?.kind === 'pod' ? [`診斷卡住的 Pod：kdiag pod ${diagnose.pod} -n ${namespace}`] : diagnose?.kind === 'deployment' ? [`診斷 Deployment 的 Pod：kdiag pod deploy/${name} -n ${namespace}`] : []),
      ...(firstRevision ? [] : [`如果新版本有問題，復原：kubectl rollout undo deploy/${name} -n ${namespace}`]),
    ],
  },
  serviceSelectsNothing: {
    message: ({ service, selector, namespace, labels, found, created }) => {
      const those = labels > 1 ? '這些標籤' : '這個標籤';
      const rest =
        found.kind === 'near'
          ? `最接近的是：${found.pods} 個 Pod 上的 ${found.have}（${found.names.join(', ')}${found.more ? ', …' : ''}）：打錯字了嗎？`
          : found.kind === 'carry'
            ? `那裡的 Pod 帶有 ${found.shown.map((s) => `${s.labels}（${s.pods} 個 Pod）`).join('、')}${found.more ? '…' : ''}。`
            : `那裡沒有任何 Pod 有標籤鍵${found.keys.map((k) => `「${k}」`).join('、')}。`;
      const text = `Service「${service}」選擇 ${selector}，但命名空間 ${namespace} 中沒有任何 Pod 有${those}；${rest}Service 沒有任何 endpoint。`;
      return created !== undefined ? `${text}它在 ${created} 前建立：它的 Pod 可能還在路上。` : text;
    },
    fix: ({ service, selector, namespace, patch }) => [
      `查看 selector 選到什麼（什麼都沒有）以及 Pod 帶有哪些標籤：kubectl get pods -n ${namespace} -l ${selector}; kubectl get pods -n ${namespace} --show-labels`,
      ...(patch !== undefined
        ? [
            `如果 Service 應該連到那些 Pod，修正它的 selector：kubectl patch svc -n ${namespace} ${service} --type=merge -p '${patch}'`,
            `或者，如果 selector 是對的，把 Pod 範本的標籤改成 ${selector}（Deployment 自己的 selector 不能修改：要改就得重新建立 Deployment）`,
          ]
        : [
            `把 selector 設成它應該連到的 Pod 的標籤：kubectl edit svc -n ${namespace} ${service}（spec.selector），或 kubectl patch svc -n ${namespace} ${service} --type=merge -p '{"spec":{"selector":{"KEY":"VALUE"}}}'`,
            `或部署它要服務的 Pod，標籤為 ${selector}`,
          ]),
      `確認 endpoint：kubectl get endpointslices -n ${namespace} -l kubernetes.io/service-name=${service}`,
    ],
  },
  // ---- end zh-b ----
};
