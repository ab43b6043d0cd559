import type { BadReference, ImageMessages } from '../../../rules/messages/image.js';
import { noun } from './shared.js';

const WRONG: Record<Exclude<BadReference['kind'], 'uppercase'>, string> = {
  scheme: '映像檔名稱不含 URL scheme：請拿掉「http(s)://」前綴',
  whitespace: '名稱中含有空白字元',
  'empty-tag': '最後一個「:」／「@」之後的 tag 或 digest 是空的',
  empty: '映像檔名稱是空的',
  other: '它不是有效的 [registry/]repository[:tag][@digest] 格式',
};
const quoteList = (names: string[]): string => names.map((s) => `「${s}」`).join('、');
const retry = (namespace: string, pod: string): string => `然後重試拉取：kubectl delete pod -n ${namespace} ${pod}`;
/** ` (「detail」)` after a Chinese clause. */
const detailed = (detail: string): string => `（「${detail}」）`;

export const zhTWImage: ImageMessages = {
  inspectFailed: {
    message: ({ node, image, container, detail }) => `節點 ${node || '（未知）'} 上的 Container Runtime 無法檢查${noun(container)}的映像檔「${image}」${detail ? detailed(detail) : ''}。`,
    fix: ({ node, image, namespace, pod }) => [
      `在節點 ${node || '<node>'} 上：crictl inspecti ${image}；若映像檔已損毀，刪除後重新拉取：crictl rmi ${image} && crictl pull ${image}`,
      '檢查該節點上 Runtime 的健康狀態與磁碟空間：systemctl status containerd (or crio), df -h /var/lib/containerd',
      `或讓控制器在其他地方重新建立 Pod：kubectl delete pod -n ${namespace} ${pod}`,
    ],
  },
  invalidName: {
    message: ({ image, container, wrong }) => `${noun(container)}的映像檔名稱「${image}」無法解析：${wrong.kind === 'uppercase' ? `repository 名稱「${wrong.repository}」必須是小寫` : WRONG[wrong.kind]}。`,
    fix: ({ container, namespace }) => [
      `在工作負載範本中，把容器「${container}」的映像檔改成 [registry[:port]/]repository[:tag][@sha256:digest] 的格式，repository 用小寫。`,
      `若是 Deployment：kubectl set image -n ${namespace} deploy/<name> ${container}=<registry/repository:tag>`,
    ],
  },
  neverPull: {
    message: ({ image, container, node }) => `${noun(container)}的映像檔「${image}」不在節點 ${node || '（未知）'} 上，而它的 imagePullPolicy 是 Never，所以 kubelet 不會拉取。`,
    fix: ({ image, container, node }) => [
      `把映像檔載入節點 ${node || '<node>'}（kind：kind load docker-image ${image}；minikube：minikube image load ${image}；containerd：ctr -n k8s.io images import <file>）。`,
      `或把「${image}」推送到 Registry，並把容器「${container}」的 imagePullPolicy 設為 IfNotPresent。`,
    ],
  },
  pullFailed: {
    message: ({ image, container, blind, reason, detail, failingFor }) =>
      blind
        ? `拉取${noun(container)}的映像檔「${image}」一直失敗（${reason}）${failingFor}；Pod 狀態與事件中沒有記錄拉取錯誤本身。`
        : `拉取${noun(container)}的映像檔「${image}」失敗：「${detail}」${failingFor}。`,
    fix: ({ namespace, pod, node, image }) => [`閱讀完整的錯誤：kubectl describe pod -n ${namespace} ${pod}`, `在節點 ${node || '<node>'} 上重現拉取：crictl pull ${image}`],
  },
  pullStuck: {
    pulling: ({ image, container, age }) =>
      `kubelet 在 ${age} 前開始為${noun(container)}拉取映像檔「${image}」，拉取到現在都還沒有完成（沒有 Pulled 事件，也沒有拉取錯誤）：它卡住了，或是映像檔相對於到 Registry 的連線來說太大。`,
    noImage: ({ image, container, age, trace }) => `Pod 的沙箱已就緒 ${age}，但${noun(container)}仍然沒有映像檔「${image}」，也還沒有啟動。${trace}`,
    fix: ({ node, image }) => [
      `查看 ${node} 上的 containerd 在做什麼：journalctl -u containerd --since "30 min ago" | grep -i -e pull -e "${image.split('@')[0]}"`,
      `檢查 Registry 中的映像檔與它的大小，以及 ${node} 能否以夠快的速度從那裡下載`,
      '在節點上預先拉取大型映像檔，或使用離叢集較近的 Registry mirror。',
    ],
  },
  rateLimited: {
    message: ({ registry, image, container, detail, failingFor }) =>
      `Registry ${registry} 正在限制${noun(container)}的映像檔「${image}」的拉取次數${detailed(detail)}${failingFor}；kubelet 會以 back-off 持續重試。`,
    fix: ({ registry, image, namespace }) => [
      `以上限較高的帳號驗證拉取：kubectl create secret docker-registry regcred -n ${namespace} --docker-server=${registry} --docker-username=<user> --docker-password=<token>，然後把它加入 spec.imagePullSecrets。`,
      `把「${image}」mirror 到您管理的 Registry（或 pull-through 快取），並從那裡部署。`,
      '建議使用 imagePullPolicy: IfNotPresent 搭配不可變的 tag，讓節點重複使用快取的映像檔。',
    ],
  },
  signatureFailed: {
    message: ({ image, container, detail }) => `節點的簽章政策拒絕了${noun(container)}的映像檔「${image}」${detailed(detail)}。`,
    fix: ({ image, node }) => [
      `以節點政策信任的金鑰為「${image}」簽章，並以 digest 部署。`,
      `在節點 ${node || '<node>'} 上檢查這個 Registry 的政策（CRI-O：/etc/containers/policy.json 與 /etc/containers/registries.d/）。`,
    ],
  },
  tls: {
    plainHttp: ({ endpoint, image, container, node, detail, failingFor }) =>
      `${noun(container)}的映像檔「${image}」所在的 Registry ${endpoint} 使用純 HTTP，但節點 ${node || '（未知）'} 上的 Runtime 要求 HTTPS${detailed(detail)}${failingFor}。`,
    untrusted: ({ endpoint, image, container, node, detail, failingFor }) =>
      `節點 ${node || '（未知）'} 上的 Runtime 不信任${noun(container)}的映像檔「${image}」所在的 Registry ${endpoint} 的 TLS 憑證${detailed(detail)}${failingFor}。`,
    plainHttpFix: ({ host, namespace, pod }) => [
      `讓 Registry 改用 HTTPS，或在每個節點上把 ${host} 宣告為純 HTTP 的 Registry（containerd：/etc/containerd/certs.d/${host}/hosts.toml，內容為 server = "http://${host}"；CRI-O：registries.conf insecure = true）。`,
      retry(namespace, pod),
    ],
    untrustedFix: ({ endpoint, host, namespace, pod }) => [
      `檢查節點看到的憑證：openssl s_client -connect ${endpoint} -servername ${endpoint.replace(/:\d+$/, '')} </dev/null`,
      `在每個節點上安裝 Registry 的 CA（containerd：/etc/containerd/certs.d/${host}/ca.crt；CRI-O：/etc/containers/certs.d/${host}/ca.crt），或修正憑證的主機名稱或到期日。`,
      retry(namespace, pod),
    ],
  },
  unauthorized: {
    message: ({ registry, image, container, namespace, detail, why }) =>
      `Registry ${registry} 拒絕提供${noun(container)}的映像檔「${image}」${detailed(detail)}：${
        why.kind === 'none'
          ? '這個 Pod 沒有 imagePullSecrets（它的 ServiceAccount 也沒有）'
          : why.kind === 'missing'
            ? `imagePullSecret${quoteList(why.secrets)}不存在於命名空間 ${namespace}`
            : `imagePullSecret${quoteList(why.secrets)}${why.checked ? '存在' : '有被參照（無法確認它是否存在：看不到 Secret）'}，但 Registry 拒絕了這組認證，或 repository 不存在`
      }。`,
    fix: ({ registry, image, namespace, why, create, serviceAccount, secret }) => [
      ...(why.kind === 'none'
        ? [
            `為 ${registry} 建立拉取用的 Secret：${create}`,
            `在 Pod 範本的 spec.imagePullSecrets 中參照它，或從 ServiceAccount 參照：kubectl patch serviceaccount ${serviceAccount} -n ${namespace} -p '{"imagePullSecrets":[{"name":"regcred"}]}'`,
          ]
        : why.kind === 'missing'
          ? [
              `在命名空間 ${namespace} 建立缺少的 Secret（Secret 不會跨命名空間共用）：${create}`,
              `或修正 spec.imagePullSecrets 中的名稱；現有的 Secret：kubectl get secrets -n ${namespace} --field-selector type=kubernetes.io/dockerconfigjson`,
            ]
          : [
              `確認這個 Secret 有 ${registry} 的有效認證：kubectl get secret ${secret} -n ${namespace} -o jsonpath='{.data.\\.dockerconfigjson}' | base64 -d`,
              `以同一組認證手動試著拉取：docker login ${registry} && docker pull ${image}`,
            ]),
      `檢查「${image}」中的 repository 路徑：許多 Registry 對不存在的 repository 也回答「denied」。`,
    ],
  },
  wrongPlatform: {
    message: ({ image, container, node, platform, detail }) =>
      `${noun(container)}的映像檔「${image}」沒有${platform ? `節點 ${node} 的平台 ${platform} ` : '節點平台'}的版本${detailed(detail)}。`,
    fix: ({ image, platform }) => [
      `查看映像檔提供哪些平台：docker manifest inspect ${image}`,
      `也為${platform ? ` ${platform} ` : '節點的平台'}建置並推送：docker buildx build --platform ${platform ?? 'linux/amd64'},<other platforms> -t ${image} --push .`,
      '或以 kubernetes.io/arch 的 nodeSelector 讓工作負載只排到架構相符的節點。',
    ],
  },
  imageNotFound: {
    message: ({ image, container }) => `${noun(container)}的映像檔「${image}」不存在於 Registry 中（找不到 tag 或 digest）。`,
    remediation: ({ image, namespace, container }) => [
      `檢查映像檔名稱「${image}」有沒有打錯字，並確認 Registry 中有這個 tag。`,
      `推送這個 tag，或改部署存在的 tag：kubectl set image -n ${namespace} <workload> ${container}=<image:tag>`,
    ],
  },
  registryUnreachable: {
    message: ({ node, image, container, unresolved, endpoint, detail, failingFor }) =>
      `節點 ${node || '（未知）'} 連不上${noun(container)}的映像檔「${image}」所在的 Registry：${unresolved !== undefined ? `主機名稱 ${unresolved} 無法解析` : `無法連線到 ${endpoint}`}（「${detail}」）${failingFor}。`,
    remediation: ({ node, image, dns, host, endpoint, url, namespace, pod }) => [
      `在節點 ${node || '<node>'} 上以 Runtime 的方式試著拉取：crictl pull ${image}`,
      dns
        ? `檢查映像檔名稱中的主機名稱「${host}」，以及節點的解析器（節點上的 /etc/resolv.conf，不是叢集 DNS）：nslookup ${host}`
        : `確認 Registry 在 ${endpoint} 上監聽，而且節點連得到（防火牆、安全群組、Proxy）：curl -v ${url}/v2/`,
      `Registry 恢復連線後 kubelet 會自行重試；若要立即重試：kubectl delete pod -n ${namespace} ${pod}`,
    ],
  },
};
