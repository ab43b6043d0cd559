import type { ImageMessages } from '../../../rules/messages/image.js';
import { noun } from './shared.js';

export const zhTWImage: ImageMessages = {
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
    remediation: ({ node, image, dns, host, endpoint, namespace, pod }) => [
      `在節點 ${node || '<node>'} 上以 Runtime 的方式試著拉取：crictl pull ${image}`,
      dns
        ? `檢查映像檔名稱中的主機名稱「${host}」，以及節點的解析器（節點上的 /etc/resolv.conf，不是叢集 DNS）：nslookup ${host}`
        : `確認 Registry 在 ${endpoint} 上監聽，而且節點連得到（防火牆、安全群組、Proxy）：curl -v https://${endpoint}/v2/`,
      `Registry 恢復連線後 kubelet 會自行重試；若要立即重試：kubectl delete pod -n ${namespace} ${pod}`,
    ],
  },
};
