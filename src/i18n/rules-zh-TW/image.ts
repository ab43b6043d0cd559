import type { RuleText } from '../rule-text-type.js';

export const IMAGE: Record<string, RuleText> = {
  'image/inspect-failed': {
    title: 'Container Runtime 無法檢查映像檔',
    docs: {
      description: 'kubelet 向 Container Runtime 查詢映像檔，Runtime 卻回報錯誤（`ImageInspectError`：`Failed to inspect image "...": ...`）。這是節點端的問題：映像檔儲存區損毀、Runtime 發生錯誤，或 Runtime 沒有回應。',
      causes: ['Runtime 儲存區中的映像檔損毀，或只刪除了一半', 'Container Runtime 負載過重、正在重新啟動，或磁碟空間不足'],
      fix: [
        '在節點上執行：crictl inspecti IMAGE；移除後重新拉取：crictl rmi IMAGE && crictl pull IMAGE',
        '檢查 Runtime：systemctl status containerd（或 crio）；journalctl -u containerd',
        '或把 Pod 移到其他節點：kubectl delete pod POD（控制器會重新建立它）',
      ],
    },
  },
  'image/invalid-name': {
    title: '映像檔名稱格式錯誤',
    docs: {
      description: 'kubelet 無法解析映像檔名稱（`InvalidImageName`：`couldn\'t parse image name ...: invalid reference format`），所以根本不會請 Runtime 拉取。這個狀況不會自行排除。',
      causes: ['儲存庫路徑中有大寫字母（`must be lowercase`）', 'Registry 主機名稱前面加了 https:// 之類的 URL 前綴', 'tag 是空的（結尾多了「:」）、含有空白，或範本變數展開後是空字串或帶引號'],
      fix: ['修正工作負載的 image 欄位：[registry[:port]/]repository[:tag][@sha256:digest]，儲存庫名稱用小寫', 'kubectl set image deploy/NAME CONTAINER=IMAGE:TAG'],
    },
  },
  'image/never-pull': {
    title: '節點上沒有映像檔，而 imagePullPolicy 為 Never',
    docs: {
      description: '容器設定了 imagePullPolicy: Never，kubelet 只會使用節點上已有的映像檔，但這個節點上沒有（`ErrImageNeverPull`：`Container image "..." is not present with pull policy of Never`）。',
      causes: [
        '在本機建置的映像檔只載入到某一個節點（kind load、minikube image load、ctr import），Pod 卻被排到另一個節點',
        '節點上的映像檔已被垃圾回收',
        '從本機開發用的 manifest 複製了 imagePullPolicy: Never 到正式叢集',
      ],
      fix: ['把映像檔載入該節點（kind load docker-image IMAGE；minikube image load IMAGE；ctr -n k8s.io images import FILE）', '或把映像檔推送到 Registry，並改用 imagePullPolicy: IfNotPresent'],
    },
  },
  'image/not-found': {
    title: 'Registry 中找不到映像檔',
    docs: {
      description: 'Container Runtime 連上了 Registry，但那裡沒有這個映像檔的 tag 或 digest（HTTP 404）。',
      causes: ['映像檔名稱或 tag 打錯字', '這個 tag 從未推送，或負責推送的 CI 工作還沒完成', 'tag 被 Registry 的保留政策刪除或覆寫'],
      fix: [
        '確認完整的映像檔名稱：kubectl get pod POD -o jsonpath="{.spec.containers[*].image}"',
        '列出 Registry 中實際存在的 tag（例如 `skopeo list-tags docker://REGISTRY/REPO`，或 Registry 的網頁介面）',
        '推送缺少的 tag，或讓工作負載改用存在的 tag：kubectl set image deploy/NAME CONTAINER=IMAGE:TAG',
      ],
    },
  },
  'image/pull-failed': {
    title: '映像檔拉取失敗',
    docs: {
      description: '映像檔拉取失敗，而且錯誤不屬於任何更具體的映像檔規則。Runtime 的原始錯誤照原樣列出；kubelet 會持續以 back-off 重試。',
      causes: ['Registry 端錯誤（5xx）、拉取停滯或被取消、layer 損毀、不支援的 manifest 類型，或 Runtime 錯誤'],
      fix: ['查看完整錯誤：kubectl describe pod POD（Events）以及容器的 waiting 訊息', '在節點上重現：crictl pull IMAGE'],
    },
  },
  'image/pull-stuck': {
    title: '映像檔拉取很久都沒有完成',
    docs: {
      description: 'Pod 的沙箱已存在，kubelet 開始拉取某個容器的映像檔（`Pulling`）的時間已超過卡住門檻（預設 10 分鐘），但之後沒有 `Pulled`，也沒有拉取錯誤，容器仍停在 ContainerCreating。拉取已停滯或非常慢。沒有任何拉取事件時，從沙箱就緒的時間開始計算。只有在沒有其他規則找到原因時才會回報。',
      causes: ['映像檔非常大，而到 Registry 的連線很慢', '拉取卡在某一層的下載（代理伺服器或 Registry 停止傳送卻沒有關閉連線）', 'kubelet 一次只拉取一個映像檔（serializeImagePulls: true，預設值），另一個 Pod 的慢速拉取佔住了佇列'],
      fix: ['在節點上查看拉取：crictl images | grep IMAGE；journalctl -u containerd --since "30 min ago" | grep -i pull', '檢查 Registry 與映像檔大小：crane manifest IMAGE，或 Registry 的介面', '在節點上預先拉取大型映像檔，或使用離叢集較近的 Registry mirror'],
    },
  },
  'image/rate-limited': {
    title: '已達 Registry 的拉取次數上限',
    docs: {
      description: 'Registry 以 HTTP 429（`toomanyrequests`）拒絕拉取：這個節點（或與其他節點共用的 NAT 位址）在時間窗內拉取的次數超過 Registry 允許的上限。kubelet 會持續以 back-off 重試，時間窗重設後可能自行排除。',
      causes: ['從有每 IP 上限的公開 Registry 匿名拉取（同一個 NAT 後面的所有節點合併計算）', '大規模部署或不斷當機重啟的工作負載設定 imagePullPolicy: Always，一再重新拉取', '帳戶已用完方案的額度'],
      fix: [
        '以帳號驗證拉取（imagePullSecrets 使用付費或額度較高的帳戶），改用每個帳戶的上限',
        '把映像檔鏡射到自己管理的 Registry（或設定 pull-through 快取），讓工作負載改從那裡拉取',
        '使用 imagePullPolicy: IfNotPresent 搭配不可變的 tag，讓節點重複使用快取的映像檔',
      ],
    },
  },
  'image/registry-unreachable': {
    title: '節點連不上 Registry',
    docs: {
      description: '節點上的 Container Runtime 完全無法與 Registry 通訊：主機名稱無法解析（`no such host`）、連線逾時（`i/o timeout`）或被拒絕（`connection refused`，或 `RegistryUnavailable` 原因）。拉取映像檔的是節點而不是 Pod，所以重要的是節點的 DNS、路由、Proxy 與防火牆。',
      causes: [
        'Registry 主機名稱打錯字，或內部 Registry 名稱只有叢集 DNS 能解析，節點的解析器卻不行',
        'Registry 停止服務，或監聽在其他連接埠',
        '節點與 Registry 之間有防火牆、安全群組擋住，或缺少對外路由',
        '節點對外連線需要 HTTP Proxy，但 Container Runtime 沒有設定',
      ],
      fix: [
        '在節點上測試 Runtime 實際的行為：crictl pull IMAGE（或：nslookup HOST；curl -v https://HOST/v2/，Runtime 以純 HTTP 連線的 Registry 則用 http://）',
        '修正映像檔名稱中的 Registry 主機，或修正節點的 DNS、Proxy、防火牆設定',
        '如果 Registry 停止服務，請讓它恢復：kubelet 會以 back-off 重試拉取',
      ],
    },
  },
  'image/signature-failed': {
    title: '映像檔簽章驗證失敗',
    docs: {
      description: 'Runtime 的簽章政策（CRI-O 的 /etc/containers/policy.json 或同等的驗證機制）拒絕了這個映像檔：它沒有簽章、簽章金鑰不受政策信任，或簽章不符。waiting 原因為 `SignatureValidationFailed`。',
      causes: ['推送映像檔時沒有簽章，或簽章後又重新加上 tag', '節點政策中沒有這把簽章金鑰（金鑰已輪替，或用錯這個 Registry 的金鑰）', '政策要求某個 Registry 必須簽章，但該處的映像檔沒有簽章'],
      fix: ['用政策信任的金鑰簽署映像檔（例如 cosign sign --key KEY IMAGE），並以 digest 重新部署', '檢查節點上針對這個 Registry 的政策（CRI-O 節點為 /etc/containers/policy.json）'],
    },
  },
  'image/tls': {
    title: '與 Registry 的 TLS 連線失敗',
    docs: {
      description: '節點連上了 Registry，但 TLS 交握失敗：節點不信任它的憑證（`x509: certificate signed by unknown authority`）、憑證與主機名稱不符、憑證已過期，或 Registry 只提供一般 HTTP（`http: server gave HTTP response to HTTPS client`）。',
      causes: ['私有 Registry 使用自簽或內部 CA 簽發的憑證，節點不信任', 'Registry 以一般 HTTP 提供服務，但 Container Runtime 沒有設定把它視為 insecure', '憑證已過期，或是為其他主機名稱簽發的', '節點與 Registry 之間有攔截 TLS 的 Proxy'],
      fix: [
        '在每個節點上為 Runtime 安裝 Registry 的 CA（containerd：/etc/containerd/certs.d/HOST/ca.crt 或 hosts.toml；CRI-O：/etc/containers/certs.d/HOST/ca.crt）',
        '若是一般 HTTP 的 Registry，在 Runtime 的 Registry 設定中宣告（containerd hosts.toml `server = "http://HOST"`；CRI-O registries.conf `insecure = true`）',
        '為正確的主機名稱更新或重新簽發 Registry 憑證',
      ],
    },
  },
  'image/unauthorized': {
    title: 'Registry 拒絕拉取映像檔（未授權）',
    docs: {
      description: 'Registry 有回應，但拒絕提供映像檔：沒有憑證、憑證錯誤，或憑證沒有這個儲存庫的存取權（401/403、`pull access denied`、`insufficient_scope`）。儲存庫不存在時，Registry 也常這樣回應。',
      causes: [
        'Pod 沒有設定私有 Registry 的 imagePullSecrets（它的 ServiceAccount 也沒有加上）',
        'Pod 指定的 imagePullSecret 不在 Pod 的命名空間中（Secret 以命名空間區分）',
        'Secret 中的帳密已過期或錯誤，或是其他 Registry 主機的帳密',
        '儲存庫路徑打錯字：許多 Registry 對不存在的儲存庫回應「denied」而不是「not found」',
      ],
      fix: [
        '在 Pod 的命名空間建立拉取用的 Secret：kubectl create secret docker-registry regcred -n NS --docker-server=REGISTRY --docker-username=USER --docker-password=TOKEN',
        '在 Pod 範本（spec.imagePullSecrets）或 ServiceAccount 中引用它：kubectl patch serviceaccount default -n NS -p \'{"imagePullSecrets":[{"name":"regcred"}]}\'',
        '手動驗證帳密：docker login REGISTRY，然後 docker pull IMAGE',
      ],
    },
  },
  'image/wrong-platform': {
    title: '映像檔不是為節點的平台建置的',
    docs: {
      description: '映像檔存在，但它的 manifest（或 manifest list）沒有符合節點作業系統與 CPU 架構的版本：containerd 顯示 `no match for platform in manifest`，CRI-O 顯示 `no image found in manifest list for architecture`。',
      causes: ['單一架構的映像檔（例如在 arm64 筆電上建置）部署到 amd64 節點，或反過來', '多架構建置中沒有包含這個節點的架構', '只支援 Windows 的映像檔被排到 Linux 節點（或反過來）'],
      fix: [
        '建置並推送多平台映像檔：docker buildx build --platform linux/amd64,linux/arm64 -t IMAGE --push .',
        '或讓 Pod 只排到與映像檔架構相同的節點：nodeSelector kubernetes.io/arch: arm64',
        '查看映像檔提供哪些平台：docker manifest inspect IMAGE（或：crane manifest IMAGE）',
      ],
    },
  },
};
