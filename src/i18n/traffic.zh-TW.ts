// 流量路徑的用語（繁體中文），與 src/i18n/traffic.ts 的英文鍵一一對應。
import type { PolicyCause } from '../traffic/path/policy-cause.js';
import type { TrafficText } from './traffic-text.js';

const causeText = (c: PolicyCause, many: boolean): string => {
  switch (c.kind) {
    case 'namespace-label':
      return c.has === `kubernetes.io/metadata.name=${c.namespace}`
        ? `${c.policy} ingress[${c.rule}] 選取帶有標籤 ${c.key}=${c.value} 的命名空間，但命名空間 ${c.namespace} 只帶有每個命名空間都有的標籤 ${c.has}`
        : `${c.policy} ingress[${c.rule}] 選取帶有標籤 ${c.key}=${c.value} 的命名空間，但命名空間 ${c.namespace} 帶的是 ${c.has}（每個命名空間都有的標籤是 kubernetes.io/metadata.name=${c.namespace}）`;
    case 'and-peer':
      return `${c.policy} ingress[${c.rule}] 在同一個項目裡同時寫了 namespaceSelector 和 podSelector，所以兩者都必須符合（AND）；用戶端只符合 ${c.matched === 'namespace' ? '命名空間' : 'Pod'} 選擇器，不符合 ${c.selector}。寫成兩個項目（兩個破折號）才是任一符合即可（OR）`;
    case 'service-port':
      return `${c.policy} ingress[${c.rule}] 開放的是連接埠 ${c.opened}（Service 的 ${c.which}），但網路政策看到的是 Pod 的連接埠：${c.targetPort}`;
    case 'no-rule':
      return `${c.policies.join('、')} 沒有任何 ingress 規則允許${many ? '其中任何一個' : '它'}`;
  }
};

export const TRAFFIC_ZH_TW: TrafficText = {
  hop: { ingress: 'ingress', service: 'service', endpoints: 'endpoints', 'network-policy': '網路政策', 'pod-port': 'Pod 連接埠' },
  owner: {
    ingress: 'IngressClass 指定的 ingress 控制器',
    service: 'kube-proxy（或 CNI 的 Service 實作）',
    endpoints: 'EndpointSlice 控制器（kube-controller-manager）',
    'network-policy': 'CNI 的網路政策引擎',
    'pod-port': 'Pod 中的應用程式（它的容器連接埠）',
    dns: '叢集 DNS（kube-system 中的 CoreDNS）、負責 Pod egress 的 CNI 政策引擎，以及 StatefulSet 的 headless Service',
  },
  hopChecks: {
    ingress: 'class 解析到控制器；每個後端 Service 存在且有該連接埠；TLS Secret 存在（只依名稱）',
    service: 'selector 選到 Service 自己命名空間中的 Pod',
    endpoints: '有被選到的 Pod 已就緒（EndpointSlice 列出就緒的 endpoint）；publishNotReadyAddresses',
    'network-policy': '每個用戶端都能連到 Pod 的連接埠：來源的 egress 與目的地的 ingress',
    'pod-port': 'targetPort 對應到容器連接埠，而且協定相同',
    dns: 'egress 被隔離的 Pod 可以用 UDP 與 TCP 53 連到叢集 DNS Pod；DNS Pod 已就緒；StatefulSet 指定的 headless Service 存在',
  },
  hopNameDns: 'egress 與 DNS',
  lifecycleTitle: '流量路徑（Pod 在執行卻收不到流量），以下列命令診斷：',
  lifecycleChecks: 'kdiag 檢查：',
  lifecycleOwner: '負責者：',
  lifecycleCommands: '查看方式：',
  explainHop: ({ hop, owner }) => `流量路徑節點：${hop}，負責者：${owner}`,
  pathTitle: '流量路徑',
  rulesHeading: '流量路徑',
  podTrafficTitle: '流量',
  and: '與',
  dnsDeniedTitle: 'Egress 政策擋住了 DNS：Pod 無法解析名稱',
  dnsDenied: ({ pod, protocols, by, server }) => `Pod ${pod} 無法解析名稱：它的 egress 被 ${by} 隔離，而沒有任何 egress 規則允許 DNS（${protocols}）連到叢集 DNS Pod${server ? `（${server}）` : ''}。每次查詢 Service 或主機名稱都會逾時。`,
  dnsDeniedFix: '允許命名空間的 Pod 以 DNS 連到叢集 DNS Pod（政策是相加的，其他不變）：',
  dnsNotReadyTitle: '叢集 DNS Pod 沒有就緒：名稱無法解析',
  dnsNotReady: ({ pod, servers }) => `Pod ${pod} 無法解析名稱：叢集 DNS Pod（${servers}）沒有一個就緒，所以 kube-dns Service 沒有 endpoint。`,
  dnsNotReadyFix: ({ server }) => [`診斷 DNS Pod：kdiag pod ${server} -n kube-system`],
  stsServiceTitle: 'StatefulSet 的 serviceName 不是既有的 headless Service',
  stsServiceMissing: ({ sts, service }) => `StatefulSet ${sts} 的 serviceName 是 ${service}，而它不存在：每個 Pod 的 DNS 名稱（${sts}-0.${service}）永遠無法解析。`,
  stsServiceNotHeadless: ({ sts, service, ip }) => `StatefulSet ${sts} 的 serviceName 是 ${service}，而它不是 headless（clusterIP ${ip}）：每個 Pod 的 DNS 名稱（${sts}-0.${service}）永遠無法解析。`,
  stsServiceFix: ({ namespace, sts, service }) => [
    `建立它指定的 headless Service（既有 StatefulSet 的 serviceName 不能修改）：kubectl create service clusterip ${service} --clusterip=None -n ${namespace}（再把 selector 設為 Pod 的標籤）`,
    `查看 StatefulSet 的 Pod 標籤：kubectl get sts ${sts} -n ${namespace} -o jsonpath='{.spec.template.metadata.labels}'`,
  ],
  serviceLine: ({ service, strip }) => `Service ${service}：${strip}`,
  keptOutLine: ({ clients }) => `NetworkPolicy 擋住了 ${clients}`,
  pathPasses: '流量路徑的每一段都通過',
  pathUnknown: '流量路徑沒有中斷的地方，但有些段落無法判斷（見附註）',
  clientLine: ({ client }) => `用戶端：${client}`,
  clientName: (label) => label.replace(/^namespace /, '命名空間 ').replace(/^pod /, 'Pod '),
  detailSep: '：',
  detailJoin: '；',
  listSep: '、',
  defaultClients: '網路政策會區分的每個命名空間',
  ownerLine: ({ owner }) => `負責者：${owner}`,
  noSelector: '沒有選擇器：endpoint 由人工或其他控制器管理',
  podsNotRead: '沒有讀取 Pod：不知道選擇器是否符合',
  selectsNothing: '選擇器沒有選到任何 Pod',
  selects: ({ pods }) => `選到 ${pods} 個 Pod`,
  selectsOnlyElsewhere: ({ others }) => `只在其他命名空間（${others}）選到 Pod`,
  otherNamespaceTitle: 'Service 只在其他命名空間選到 Pod',
  otherNamespace: ({ service, namespace, others, pods }) => `命名空間 ${namespace} 的 Service ${service} 在那裡沒有選到任何 Pod；帶有它標籤的 ${pods} 個 Pod 在 ${others} 執行。Service 只會選取自己命名空間的 Pod。`,
  otherNamespaceFix: ({ service, namespace, other }) => [
    `在 Pod 的命名空間建立這個 Service：kubectl get svc ${service} -n ${namespace} -o yaml | sed 's/namespace: ${namespace}/namespace: ${other}/' | kubectl apply -f -`,
    `之後 ${namespace} 中的用戶端使用 ${service}.${other}.svc.cluster.local（或指向那裡的 ExternalName Service）`,
  ],
  noEndpointsTitle: 'Service 沒有就緒的 endpoint',
  noEndpoints: ({ service, pods }) => `Service ${service} 選到 ${pods} 個 Pod，但沒有一個就緒，所以沒有就緒的 endpoint：連線會被拒絕或逾時。`,
  noEndpointsFix: ({ namespace, pod }) => [`找出 Pod 為什麼沒有就緒：kdiag pod ${pod} -n ${namespace}`],
  readyEndpoints: ({ ready, total }) => `${total} 個 endpoint 中 ${ready} 個就緒`,
  publishNotReadyTitle: 'Service 把流量送給未就緒的 Pod（publishNotReadyAddresses）',
  publishNotReady: ({ service, pods }) => `Service ${service} 設定了 publishNotReadyAddresses: true，所以它的 ${pods} 個未就緒 Pod 在通過 readiness 探針之前就會收到流量。`,
  publishNotReadyFix: ({ namespace, service }) => [
    `除非這是 StatefulSet 的 headless Service、需要在就緒前找到彼此：kubectl patch svc ${service} -n ${namespace} --type=merge -p '{"spec":{"publishNotReadyAddresses":false}}'`,
  ],
  policiesNotRead: '沒有讀取 NetworkPolicy：不知道流量是否被允許',
  policiesUnknownNote: '沒有讀取 NetworkPolicy（權限不足，或不在輸入中）：網路政策這一段是未知，不是允許。請在傾印中加入 `kubectl get netpol,ingress,ingressclass,ns -A -o yaml`，或授予 networkpolicies.networking.k8s.io 的 list 權限',
  notEvaluatedNote: ({ policies }) => `存在但未評估（kdiag 只評估 networking.k8s.io 的 NetworkPolicy）：${policies}`,
  keptOut: ({ clients, admitted }) => `擋住了 ${clients}${admitted > 0 ? `；允許詢問的其他 ${admitted} 個用戶端` : ''}`,
  admitted: ({ clients }) => `允許詢問的 ${clients} 個用戶端`,
  unknownFor: ({ clients, admitted }) => `無法判斷 ${clients}${admitted > 0 ? `；允許詢問的其他 ${admitted} 個用戶端` : ''}`,
  clientAbsentNote: ({ client }) => `${client}（--from）不在 kdiag 讀取到的內容中：請檢查名稱`,
  clientUnreadNote: ({ client, pod, namespace }) => (pod ? `沒有讀取 ${client}（--from）：以命名空間 ${namespace} 的任一 Pod 判斷，它自己的標籤未知` : `沒有讀取 ${client}（--from）：它的標籤未知`),
  policyDeniesTitle: 'NetworkPolicy 擋住了用戶端',
  policyDenies: ({ client, many, service, port, protocol, by, cause }) => `NetworkPolicy 擋住了 ${client} 連到 Service ${service}（Pod 連接埠 ${port}/${protocol}）${by ? `：選取它的是 ${by}` : ''}；${causeText(cause, many)}。`,
  labelNamespaceFix: ({ namespace, key, value }) => `可以依政策的預期替命名空間加上標籤：kubectl label namespace ${namespace} ${key}=${value}`,
  admitFix: ({ or }) => `${or ? '或' : ''}用最小的政策允許這個用戶端（政策是累加的，其他不會改變）：`,
  admitOneFix: ({ client, or }) => `${or ? '或' : ''}用最小的政策逐一允許應該連得到的用戶端，這裡以 ${client} 為例（政策是累加的，其他不會改變）：`,
  namespaceGroup: ({ names, more }) => `命名空間 ${names.join('、')}${more > 0 ? ` 及另外 ${more} 個` : ''}`,
  noPorts: 'Service 沒有連接埠',
  protocolTitle: 'Service 連接埠的協定與容器連接埠不同',
  protocol: ({ service, port, protocol, target, has }) => `Service ${service} 的連接埠 ${port} 以 ${protocol} 連到目標連接埠 ${target}，但容器宣告該連接埠為 ${has}：那裡沒有東西回應 ${protocol}。`,
  protocolFix: ({ namespace, service, index, protocol }) => [`改成容器的協定：kubectl patch svc ${service} -n ${namespace} --type=json -p '[{"op":"replace","path":"/spec/ports/${index}/protocol","value":"${protocol}"}]'`],
  portProtocol: ({ target, protocol, has }) => `目標連接埠 ${target} 在 Pod 上是 ${has}，Service 使用 ${protocol}`,
  namedPortTitle: 'Service 的 targetPort 名稱不是任何容器連接埠',
  namedPort: ({ service, target, pod }) => `Service ${service} 指向連接埠「${target}」，但 Pod ${pod} 沒有任何容器宣告它：這個 Pod 不會出現在該連接埠的 endpoint 中。`,
  namedPortFix: ({ namespace, service, index }) => [`替容器連接埠命名，或把 targetPort 改成它的數字：kubectl patch svc ${service} -n ${namespace} --type=json -p '[{"op":"replace","path":"/spec/ports/${index}/targetPort","value":8080}]'`],
  portMissing: ({ target }) => `沒有名為 ${target} 的容器連接埠`,
  portOk: ({ port, protocol }) => `容器連接埠 ${port}/${protocol}`,
  portNotDeclared: ({ port }) => `容器沒有宣告連接埠 ${port}（它仍可能在監聽）`,
  ingressClassTitle: 'Ingress class 無法解析：沒有控制器服務它',
  ingressClassMissing: ({ ingress, cls }) => `Ingress ${ingress} 指定的 IngressClass ${cls} 不存在：沒有 ingress 控制器服務它。`,
  ingressClassNone: ({ ingress }) => `Ingress ${ingress} 沒有 ingressClassName，也沒有任何 IngressClass 是預設值：沒有 ingress 控制器服務它。`,
  ingressClassFix: ({ namespace, ingress, classes }) => [
    classes ? `指定一個存在的 class（${classes}）：kubectl patch ingress ${ingress} -n ${namespace} --type=merge -p '{"spec":{"ingressClassName":"${classes.split(', ')[0]}"}}'` : '安裝 ingress 控制器；它會建立自己的 IngressClass',
    '或把某個 IngressClass 設為預設：kubectl annotate ingressclass NAME ingressclass.kubernetes.io/is-default-class=true',
  ],
  ingressClassUnknown: '沒有讀取 IngressClass：不知道是否有控制器服務它',
  ingressClassOk: ({ cls }) => `IngressClass ${cls}`,
  backendMissingTitle: 'Ingress 後端的 Service 不存在',
  backendMissing: ({ ingress, service, namespace }) => `Ingress ${ingress} 把流量送到 Service ${service}，但命名空間 ${namespace} 中沒有它：控制器會回應 503（或 404）。`,
  backendMissingFix: ({ namespace, service }) => [`列出那裡的 Service：kubectl get svc -n ${namespace}`, `建立 Service ${service}，或把 Ingress 後端指向正確的 Service`],
  backendPortTitle: 'Ingress 後端連接埠不是 Service 的連接埠',
  backendPort: ({ ingress, service, port, ports }) => `Ingress ${ingress} 把流量送到 Service ${service} 的連接埠 ${port}，但 Service 沒有這個連接埠（它有 ${ports}）。`,
  backendPortFix: ({ namespace, ingress, ports }) => [`使用 Service 有的連接埠（${ports}）：kubectl edit ingress ${ingress} -n ${namespace}`],
  tlsTitle: 'Ingress 的 TLS Secret 不存在',
  tlsMissing: ({ ingress, secret }) => `Ingress ${ingress} 指定的 TLS Secret ${secret} 不存在：控制器會使用它的預設憑證。`,
  tlsFix: ({ namespace, secret }) => [`建立它：kubectl create secret tls ${secret} -n ${namespace} --cert=tls.crt --key=tls.key`],
  tlsNotRead: '沒有讀取 Secret：TLS Secret 只依名稱檢查，是否存在未知',
  backends: ({ services }) => `後端 ${services}`,
  noBackends: 'Ingress 沒有指定任何後端 Service',
  controllerClients: ({ pods }) => `ingress 控制器的 Pod（${pods}）`,
};
