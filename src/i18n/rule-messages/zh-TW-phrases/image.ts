import { type Phrase, phrase } from '../phrase.js';

// image/not-found and image/registry-unreachable build their zh-TW text from rule-messages/zh-TW.ts.
const retryNow = phrase('Then retry the pull: {cmd:$}', ({ cmd }) => `然後重試拉取：${cmd}`);
const failing = [
  phrase('; failing for {age:d}; the kubelet keeps retrying with back-off.', ({ age }) => `；已失敗 ${age}；kubelet 會以 back-off 持續重試。`),
  phrase('; failing for {age:d}; the pull error itself was not recorded in the Pod status or events.', ({ age }) => `；已失敗 ${age}；Pod 狀態與事件中沒有記錄拉取錯誤本身。`),
  phrase('; failing for {age:d}.', ({ age }) => `；已失敗 ${age}。`),
];

export const IMAGE: Record<string, readonly Phrase[]> = {
  'image/inspect-failed': [
    phrase('The container runtime on node {node} failed to inspect image "{image:q}" of {c:*} ({detail:$}).', ({ node, image, c, detail }) => `節點 ${node} 上的 Container Runtime 無法檢查${c}的映像檔「${image}」（「${detail}」）。`),
    phrase("Check the runtime's health and disk space on that node: {cmd:$}", ({ cmd }) => `檢查該節點上 Runtime 的健康狀態與磁碟空間：${cmd}`),
    phrase('On node {node}: {cmd:*}; if it is corrupt, remove and re-pull it: {cmd2:$}', ({ node, cmd, cmd2 }) => `在節點 ${node} 上：${cmd}；若映像檔已損毀，刪除後重新拉取：${cmd2}`),
    phrase('Or let the controller recreate the Pod elsewhere: {cmd:$}', ({ cmd }) => `或讓控制器在其他地方重新建立 Pod：${cmd}`),
  ],
  'image/invalid-name': [
    phrase('Image reference "{image:q}" of {c:*} cannot be parsed: {why:$}', ({ image, c, why }) => `${c}的映像檔名稱「${image}」無法解析：${why}`),
    phrase('the repository name "{repo:q}" must be lowercase.', ({ repo }) => `repository 名稱「${repo}」必須是小寫。`),
    phrase('the tag or digest after the last ":" / "@" is empty.', '最後一個「:」／「@」之後的 tag 或 digest 是空的。'),
    phrase('an image reference has no URL scheme: drop the "http(s)://" prefix.', '映像檔名稱不含 URL scheme：請拿掉「http(s)://」前綴。'),
    phrase('Correct the image of {c} to the form {form:*} with a lower-case repository, in the workload template.', ({ c, form }) => `在工作負載範本中，把 ${c} 的映像檔改成 ${form} 的格式，repository 用小寫。`),
    phrase('For a Deployment: {cmd:$}', ({ cmd }) => `若是 Deployment：${cmd}`),
  ],
  'image/never-pull': [
    phrase('Image "{image:q}" of {c:*} is not present on node {node}, and its imagePullPolicy is Never, so the kubelet will not pull it.', ({ image, c, node }) => `${c}的映像檔「${image}」不在節點 ${node} 上，而它的 imagePullPolicy 是 Never，所以 kubelet 不會拉取。`),
    phrase('Load the image onto node {node} ({how:$}', ({ node, how }) => `把映像檔載入節點 ${node}（${how}`),
    phrase('Or push "{image:q}" to a registry and set imagePullPolicy: IfNotPresent on container {c}.', ({ image, c }) => `或把「${image}」推送到 Registry，並把容器 ${c} 的 imagePullPolicy 設為 IfNotPresent。`),
  ],
  'image/pull-failed': [
    phrase('Pulling image "{image:q}" of {c:*} keeps failing (ImagePullBackOff)', ({ image, c }) => `拉取${c}的映像檔「${image}」一直失敗（ImagePullBackOff）`),
    phrase('Pulling image "{image:q}" of {c:*} failed: {detail:*}; failing for', ({ image, c, detail }) => `拉取${c}的映像檔「${image}」失敗：「${detail}」; failing for`),
    ...failing,
    phrase('Read the whole error: {cmd:$}', ({ cmd }) => `閱讀完整的錯誤：${cmd}`),
    phrase('Reproduce the pull on node {node}: {cmd:$}', ({ node, cmd }) => `在節點 ${node} 上重現拉取：${cmd}`),
  ],
  'image/pull-stuck': [
    phrase('The kubelet began pulling image "{image:q}" for {c:*} {age:d} ago and the pull has not finished (no Pulled event, no pull error): it is stalled, or the image is very large for the link to its registry.', ({ image, c, age }) => `kubelet 在 ${age} 前開始為${c}拉取映像檔「${image}」，拉取到現在都還沒有完成（沒有 Pulled 事件，也沒有拉取錯誤）：它卡住了，或是映像檔相對於到 Registry 的連線來說太大。`),
    phrase('The Pod\'s sandbox has been ready for {age:d}, but {c:*} still has no image "{image:q}" and has not started.', ({ age, c, image }) => `Pod 的沙箱已就緒 ${age}，但${c}仍然沒有映像檔「${image}」，也還沒有啟動。`),
    phrase('See what containerd is doing on {node}: {cmd:$}', ({ node, cmd }) => `查看 ${node} 上的 containerd 在做什麼：${cmd}`),
    phrase('Check the image and its size in the registry, and that {node} can download from it at a useful speed', ({ node }) => `檢查 Registry 中的映像檔與它的大小，以及 ${node} 能否以夠快的速度從那裡下載`),
    phrase('Pre-pull large images on the nodes, or use a registry mirror closer to the cluster.', '在節點上預先拉取大型映像檔，或使用離叢集較近的 Registry mirror。'),
  ],
  'image/rate-limited': [
    phrase('Registry {reg} is rate-limiting pulls of image "{image:q}" for {c:*} ({detail:*}); failing for', ({ reg, image, c, detail }) => `Registry ${reg} 正在限制${c}的映像檔「${image}」的拉取次數（「${detail}」）; failing for`),
    ...failing,
    phrase('Authenticate the pull with an account that has a higher limit: {cmd:*}, then add it to spec.imagePullSecrets.', ({ cmd }) => `以上限較高的帳號驗證拉取：${cmd}，然後把它加入 spec.imagePullSecrets。`),
    phrase('Mirror "{image:q}" into a registry you control (or a pull-through cache) and deploy from there.', ({ image }) => `把「${image}」mirror 到您管理的 Registry（或 pull-through 快取），並從那裡部署。`),
    phrase('Prefer imagePullPolicy: IfNotPresent with immutable tags so nodes reuse the cached image.', '建議使用 imagePullPolicy: IfNotPresent 搭配不可變的 tag，讓節點重複使用快取的映像檔。'),
  ],
  'image/signature-failed': [
    phrase('The node\'s signature policy rejected image "{image:q}" of {c:*} ({detail:$}).', ({ image, c, detail }) => `節點的簽章政策拒絕了${c}的映像檔「${image}」（「${detail}」）。`),
    phrase('Check the policy for this registry on node {node} ({where:$}).', ({ node, where }) => `在節點 ${node} 上檢查這個 Registry 的政策（${where}）。`),
    phrase('Sign "{image:q}" with a key the node policy trusts and deploy it by digest.', ({ image }) => `以節點政策信任的金鑰為「${image}」簽章，並以 digest 部署。`),
  ],
  'image/tls': [
    phrase('Registry {reg} for image "{image:q}" of {c:*} speaks plain HTTP, but the runtime on node {node} requires HTTPS ({detail:*}); failing for', ({ reg, image, c, node, detail }) => `${c}的映像檔「${image}」所在的 Registry ${reg} 使用純 HTTP，但節點 ${node} 上的 Runtime 要求 HTTPS（「${detail}」）; failing for`),
    phrase('The runtime on node {node} does not trust the TLS certificate of registry {reg} for image "{image:q}" of {c:*} ({detail:*}); failing for', ({ node, reg, image, c, detail }) => `節點 ${node} 上的 Runtime 不信任${c}的映像檔「${image}」所在的 Registry ${reg} 的 TLS 憑證（「${detail}」）; failing for`),
    ...failing,
    phrase('Inspect the certificate the node sees: {cmd:$}', ({ cmd }) => `檢查節點看到的憑證：${cmd}`),
    phrase("Install the registry's CA on every node ({where:*}), or fix the certificate's host name or expiry.", ({ where }) => `在每個節點上安裝 Registry 的 CA（${where}），或修正憑證的主機名稱或到期日。`),
    phrase('Serve the registry over HTTPS, or declare {reg} as a plain-HTTP registry on every node ({where:$}).', ({ reg, where }) => `讓 Registry 改用 HTTPS，或在每個節點上把 ${reg} 宣告為純 HTTP 的 Registry（${where}）。`),
    phrase('hosts.toml with server = ', 'hosts.toml，內容為 server = '),
    retryNow,
  ],
  'image/unauthorized': [
    phrase('Registry {reg} refused to serve image "{image:q}" of {c:*} ({detail:*}): {why:$}', ({ reg, image, c, detail, why }) => `Registry ${reg} 拒絕提供${c}的映像檔「${image}」（「${detail}」）：${why}`),
    phrase('there are no imagePullSecrets on this Pod (nor from its ServiceAccount).', '這個 Pod 沒有 imagePullSecrets（它的 ServiceAccount 也沒有）。'),
    phrase('imagePullSecret "{s:q}" exists, but the registry rejected the credentials or the repository does not exist.', ({ s }) => `imagePullSecret「${s}」存在，但 Registry 拒絕了這組認證，或 repository 不存在。`),
    phrase('imagePullSecret "{s:q}" does not exist in namespace {ns}.', ({ s, ns }) => `imagePullSecret「${s}」不存在於命名空間 ${ns}。`),
    phrase('Check that the Secret holds valid credentials for {reg}: {cmd:$}', ({ reg, cmd }) => `確認這個 Secret 有 ${reg} 的有效認證：${cmd}`),
    phrase('Check the repository path in "{image:q}": many registries answer "denied" for a repository that does not exist.', ({ image }) => `檢查「${image}」中的 repository 路徑：許多 Registry 對不存在的 repository 也回答「denied」。`),
    phrase('Create a pull secret for {reg}: {cmd:$}', ({ reg, cmd }) => `為 ${reg} 建立拉取用的 Secret：${cmd}`),
    phrase('Create the missing Secret in namespace {ns} (Secrets are not shared across namespaces): {cmd:$}', ({ ns, cmd }) => `在命名空間 ${ns} 建立缺少的 Secret（Secret 不會跨命名空間共用）：${cmd}`),
    phrase('Or fix the name in spec.imagePullSecrets; existing secrets: {cmd:$}', ({ cmd }) => `或修正 spec.imagePullSecrets 中的名稱；現有的 Secret：${cmd}`),
    phrase("Reference it from the Pod template's spec.imagePullSecrets, or from the ServiceAccount: {cmd:$}", ({ cmd }) => `在 Pod 範本的 spec.imagePullSecrets 中參照它，或從 ServiceAccount 參照：${cmd}`),
    phrase('Try the pull by hand with the same credentials: {cmd:$}', ({ cmd }) => `以同一組認證手動試著拉取：${cmd}`),
  ],
  'image/wrong-platform': [
    phrase('Image "{image:q}" of {c:*} has no variant for node {node}\'s platform {platform} ({detail:$}).', ({ image, c, node, platform, detail }) => `${c}的映像檔「${image}」沒有節點 ${node} 的平台 ${platform} 的版本（「${detail}」）。`),
    phrase('Image "{image:q}" of {c:*} has no variant for the node\'s platform ({detail:$}).', ({ image, c, detail }) => `${c}的映像檔「${image}」沒有節點平台的版本（「${detail}」）。`),
    phrase("Build and push it for the node's platform too: {cmd:$}", ({ cmd }) => `也為節點的平台建置並推送：${cmd}`),
    phrase('Build and push it for {platform} too: {cmd:$}', ({ platform, cmd }) => `也為 ${platform} 建置並推送：${cmd}`),
    phrase('Or pin the workload to nodes of a matching architecture with a nodeSelector on kubernetes.io/arch.', '或以 kubernetes.io/arch 的 nodeSelector 讓工作負載只排到架構相符的節點。'),
    phrase('See which platforms the image offers: {cmd:$}', ({ cmd }) => `查看映像檔提供哪些平台：${cmd}`),
  ],
};
