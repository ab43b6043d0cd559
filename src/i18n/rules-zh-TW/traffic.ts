import type { RuleText } from '../rule-text-type.js';

export const TRAFFIC: Record<string, RuleText> = {
  'traffic/dns-egress-denied': {
    title: 'Egress 政策擋住了 DNS：Pod 無法解析名稱',
    docs: {
      description: '有 NetworkPolicy 為 egress 選取了這個 Pod（只有 egress 規則允許的流量能離開它），而沒有任何 egress 規則允許 DNS（UDP 與 TCP 連接埠 53）連到叢集 DNS Pod（kube-system，k8s-app=kube-dns）。每次名稱查詢都會逾時：Pod 在執行，應用程式卻回報無法以名稱連到它的資料庫或 API。兩種協定都需要：回答太大時解析器會改用 TCP。只在輸入中有 DNS Pod 時觸發（否則結果是未知），而且 Pod 使用叢集 DNS（dnsPolicy ClusterFirst）。',
      causes: ['預設拒絕的 egress 政策（policyTypes: [Egress] 而沒有 egress 規則）允許了應用程式的流量，卻沒有允許 DNS', 'DNS 規則只開放 UDP，或用了 kube-system 沒有的 namespaceSelector 標籤', 'DNS 規則開放的是節點本機快取位址的 Service 連接埠，而 Pod 直接詢問 DNS Pod'],
      fix: ['查看為 egress 選取這個 Pod 的政策：kubectl get networkpolicy -n NAMESPACE -o yaml', '套用 kdiag 印出的政策，允許 UDP 與 TCP 53 連到 kube-system 中標有 k8s-app=kube-dns 的 Pod（kubectl apply）'],
    },
  },
  'traffic/dns-pods-not-ready': {
    title: '叢集 DNS Pod 沒有就緒：名稱無法解析',
    docs: {
      description: '輸入中有叢集 DNS Pod（kube-system，k8s-app=kube-dns：CoreDNS 或 kube-dns），而它們沒有一個就緒，所以 kube-dns Service 沒有 endpoint，使用叢集 DNS 的 Pod 都無法解析名稱。原因在 DNS Pod 身上：診斷其中一個。',
      causes: ['DNS Pod 當機（Corefile 錯誤、轉送迴圈）或無法排程', 'DNS Pod 連不到 API Server，所以 readiness 探針失敗'],
      fix: ['診斷一個 DNS Pod：kdiag pod POD -n kube-system', '查看它的日誌：kubectl logs -n kube-system -l k8s-app=kube-dns'],
    },
  },
  'traffic/ingress-backend-missing': {
    title: 'Ingress 後端的 Service 不存在',
    docs: {
      description: 'Ingress 把某個路徑送到它的命名空間中不存在的 Service：控制器對這個路徑回應 503（或 404）。',
      causes: ['Service 的名稱不同，或在另一個命名空間（Ingress 的後端一定在 Ingress 自己的命名空間）', 'Service 被刪除了，或還沒建立'],
      fix: ['列出 Service：kubectl get svc -n NAMESPACE', '建立這個 Service，或把後端指向正確的 Service：kubectl edit ingress INGRESS -n NAMESPACE'],
    },
  },
  'traffic/ingress-backend-port': {
    title: 'Ingress 後端連接埠不是 Service 的連接埠',
    docs: {
      description: 'Ingress 後端指定的連接埠（數字或名稱）不是 Service 的連接埠：控制器無法轉送這個路徑。',
      causes: ['後端寫的是 Pod 的連接埠（targetPort），而不是 Service 的連接埠', 'Service 的連接埠改了名稱或號碼'],
      fix: ["查看 Service 的連接埠：kubectl get svc SERVICE -n NAMESPACE -o jsonpath='{.spec.ports}'", '改用其中一個：kubectl edit ingress INGRESS -n NAMESPACE'],
    },
  },
  'traffic/ingress-class-unresolved': {
    title: 'Ingress class 無法解析：沒有控制器服務它',
    docs: {
      description: 'Ingress 指定的 IngressClass 不存在，或沒有指定而且沒有任何 IngressClass 被標為預設：沒有 ingress 控制器接手，它永遠拿不到位址，它的主機名稱也不會被服務。',
      causes: ['ingressClassName 拼錯，或指向未安裝的控制器的 class', '沒有 ingressClassName，而且沒有 IngressClass 帶有 ingressclass.kubernetes.io/is-default-class=true'],
      fix: ['列出 class：kubectl get ingressclass', `指定一個：kubectl patch ingress INGRESS -n NAMESPACE --type=merge -p '{"spec":{"ingressClassName":"CLASS"}}'，或標記預設：kubectl annotate ingressclass CLASS ingressclass.kubernetes.io/is-default-class=true`],
    },
  },
  'traffic/ingress-tls-secret-missing': {
    title: 'Ingress 的 TLS Secret 不存在',
    docs: {
      description: 'Ingress 的 tls 區段指定的 Secret 不在它的命名空間中：控制器對這些主機名稱改用它的預設（自簽）憑證。kdiag 只依名稱檢查這個 Secret，從不讀取它的內容。',
      causes: ['憑證從未簽發（cert-manager 還在等待或失敗）', 'Secret 在另一個命名空間，或名稱不同'],
      fix: ['檢查：kubectl get secret SECRET -n NAMESPACE', '建立它：kubectl create secret tls SECRET -n NAMESPACE --cert=tls.crt --key=tls.key（或查看 cert-manager 為什麼沒有建立：kubectl describe certificate -n NAMESPACE）'],
    },
  },
  'traffic/no-ready-endpoints': {
    title: 'Service 沒有就緒的 endpoint',
    docs: {
      description: 'Service 選到了 Pod，但沒有一個就緒（它的 EndpointSlice 沒有就緒的 endpoint），所以 kube-proxy 沒有地方可以送連線：連線被拒絕或逾時，前面的 Ingress 回應 503。原因在 Pod 身上：診斷其中一個。',
      causes: ['Pod 的 readiness 探針失敗（路徑或連接埠錯誤、相依服務停擺）', 'Pod 根本沒有在執行（Pending、CrashLoopBackOff、ImagePullBackOff）', '部署一次換掉了所有 Pod，新的還沒就緒'],
      fix: ['查看 endpoint：kubectl get endpointslices -n NAMESPACE -l kubernetes.io/service-name=SERVICE', '診斷其中一個被選到的 Pod：kdiag pod POD -n NAMESPACE'],
    },
  },
  'traffic/policy-denies': {
    title: 'NetworkPolicy 擋住了用戶端',
    docs: {
      description: '有 NetworkPolicy 為 ingress 選取了 Service 的 Pod，而選取它們的政策中沒有任何 ingress 規則在 Pod 的連接埠上允許這個用戶端，所以 CNI 的政策引擎丟棄連線（連線逾時）。用 --from 指定用戶端時是錯誤；否則是一則警告，列出被擋在外面的命名空間。kdiag 會指出是哪個政策、哪條規則，以及常見的錯誤：namespaceSelector 用了命名空間沒有的標籤、namespaceSelector 與 podSelector 寫在同一個項目（AND）而本意是兩個項目（OR），或規則開放的是 Service 連接埠或 NodePort 而不是 Pod 的連接埠。',
      causes: ['預設拒絕的 ingress 政策（常來自強化設定檔）只允許同一命名空間的 Pod，而用戶端（ingress 控制器、Prometheus）在別的命名空間', 'namespaceSelector 用了命名空間沒有的標籤（name: monitoring，而不是 kubernetes.io/metadata.name: monitoring）', '一個 from 項目同時有 namespaceSelector 與 podSelector（兩者都必須符合），本意是兩個項目', '規則開放的是 Service 連接埠或 NodePort，但政策看到的是 Pod 的連接埠（targetPort）'],
      fix: ['查看選取這些 Pod 的政策：kubectl get networkpolicy -n NAMESPACE -o yaml', '依政策的預期為用戶端的命名空間加上標籤（kubectl label namespace NS KEY=VALUE），或套用 kdiag 印出的、允許這個用戶端的最小政策（政策是相加的）'],
    },
  },
  'traffic/protocol-mismatch': {
    title: 'Service 連接埠的協定與容器連接埠不同',
    docs: {
      description: 'Service 連接埠用一種協定（沒寫時是 TCP）連到容器以另一種協定（UDP、SCTP）宣告的目標連接埠：那裡沒有東西回應這個協定。',
      causes: ['UDP 服務（DNS、syslog、statsd）的 Service 連接埠沒寫協定：預設是 TCP', '容器連接埠的協定改了，但 Service 沒有更新'],
      fix: [`改成與容器相同的協定：kubectl patch svc SERVICE -n NAMESPACE --type=json -p '[{"op":"replace","path":"/spec/ports/0/protocol","value":"UDP"}]'（同一個連接埠可以列兩次，每種協定一次）`],
    },
  },
  'traffic/publish-not-ready': {
    title: 'Service 把流量送給未就緒的 Pod（publishNotReadyAddresses）',
    docs: {
      description: 'Service 設定了 spec.publishNotReadyAddresses: true，所以 EndpointSlice 控制器不管 Pod 是否通過 readiness 探針，都把它們列為就緒的 endpoint；而有些被選到的 Pod 沒有就緒：流量送到了自稱無法服務的 Pod。',
      causes: ['StatefulSet 的 headless Service 需要成員在就緒前互相找到，而同一個 Service 也給一般用戶端使用', '這個設定從 StatefulSet 的 Service 複製到給一般用戶端的 Service'],
      fix: [`給用戶端一個沒有這個設定的 Service：kubectl patch svc SERVICE -n NAMESPACE --type=merge -p '{"spec":{"publishNotReadyAddresses":false}}'（用於成員互相發現的 headless Service 保持原樣）`],
    },
  },
  'traffic/service-other-namespace': {
    title: 'Service 只在其他命名空間選到 Pod',
    docs: {
      description: 'Service 的 selector 在自己的命名空間選不到任何 Pod，而帶有它標籤的 Pod 在另一個命名空間執行。Service 只會選取自己命名空間的 Pod，所以它沒有 endpoint，連線被拒絕或逾時。',
      causes: ['Service 被套用到與工作負載不同的命名空間（少了 -n、Helm release 裝錯命名空間）', '工作負載搬到新的命名空間，Service 留在原地'],
      fix: ['找出 Pod 在哪裡執行：kubectl get pods -A -l KEY=VALUE', '在 Pod 的命名空間建立 Service（kubectl apply -n NAMESPACE -f service.yaml）；其他命名空間的用戶端使用 NAME.NAMESPACE.svc.cluster.local，或指向那裡的 ExternalName Service'],
    },
  },
  'traffic/statefulset-service-name': {
    title: 'StatefulSet 的 serviceName 不是既有的 headless Service',
    docs: {
      description: 'StatefulSet 的 spec.serviceName 指定 headless Service，讓每個 Pod 有穩定的 DNS 名稱（POD.SERVICE.NAMESPACE.svc.cluster.local）。命名空間中沒有這個名稱的 Service，或它有 cluster IP（不是 clusterIP: None）時，這些 Pod 名稱永遠無法解析：靠它們互相找到的成員（資料庫、佇列、仲裁成員）無法組成叢集，即使每個 Pod 都在執行。只在輸入的 Service 清單完整時觸發。',
      causes: ['headless Service 的名稱不同（db 與 db-headless），或從未套用', '存在的是同名的一般 ClusterIP Service，而不是 headless Service'],
      fix: ['建立 StatefulSet 指定的 headless Service（既有 StatefulSet 的 serviceName 不能修改）：kubectl create service clusterip NAME --clusterip=None -n NAMESPACE，再把 selector 設為 Pod 的標籤', "檢查：kubectl get svc NAME -n NAMESPACE -o jsonpath='{.spec.clusterIP}' 印出 None"],
    },
  },
  'traffic/target-port-undeclared': {
    title: 'Service 的 targetPort 名稱不是任何容器連接埠',
    docs: {
      description: 'Service 連接埠的 targetPort 是一個名稱，而被選到的 Pod 沒有任何容器宣告這個名稱，所以 EndpointSlice 控制器把這些 Pod 排除在這個連接埠之外：這個連接埠沒有 endpoint。',
      causes: ['容器連接埠的名稱不同（web 與 http）', '容器連接埠根本沒有名稱'],
      fix: [`為容器連接埠取 Service 所寫的名稱，或讓 Service 指向它：kubectl patch svc SERVICE -n NAMESPACE --type=json -p '[{"op":"replace","path":"/spec/ports/0/targetPort","value":8080}]'`],
    },
  },
};
