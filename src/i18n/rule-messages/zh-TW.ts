import type { ContainerRef, RuleMessages } from './types.js';

// Terms follow docs/glossary.zh-TW.md; names, images, reasons and commands are passed in untouched.
const noun = ({ kind, name }: ContainerRef): string =>
  `${kind === 'init' ? 'init 容器' : kind === 'sidecar' ? 'sidecar 容器' : kind === 'ephemeral' ? 'ephemeral 容器' : '容器'}「${name}」`;

const SIGNALS: Record<number, string> = { 1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 4: 'SIGILL', 6: 'SIGABRT', 7: 'SIGBUS', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV', 13: 'SIGPIPE', 14: 'SIGALRM', 15: 'SIGTERM' };

/** What an exit code usually means, as helpers/containers.ts explainExitCode says it in English. */
function gloss(code: number): string {
  switch (code) {
    case 0:
      return '正常結束';
    case 1:
      return '一般的應用程式錯誤';
    case 2:
      return 'shell 內建指令用法錯誤，或命令列參數錯誤';
    case 126:
      return '找到指令但無法執行（權限不足，或不是執行檔）';
    case 127:
      return '找不到指令（shell 找不到執行檔）';
    case 128:
      return '行程從未啟動（containerd StartError）';
    case 137:
      return '被 SIGKILL 終止（OOM，或超過終止寬限期後被強制終止）';
    case 139:
      return '被 SIGSEGV 終止（segmentation fault）';
    case 143:
      return '被 SIGTERM 終止（被要求停止：刪除、liveness 重新啟動、驅逐）';
    case 255:
      return '結束狀態遺失（containerd Unknown），或應用程式以 -1 結束';
    default:
      if (code > 128 && code < 160) return `被訊號 ${code - 128}${SIGNALS[code - 128] ? `（${SIGNALS[code - 128]}）` : ''} 終止`;
      return '應用程式自訂的結束代碼';
  }
}

export const zhTWRules: RuleMessages = {
  container: noun,
  Container: noun,
  exit: ({ recorded, reason, code, hasMessage }) => {
    if (!recorded) return '已結束（沒有記錄它的上一個狀態）';
    if (reason === 'OOMKilled') return `因 OOMKilled 被終止${code !== undefined ? `（結束代碼 ${code}）` : ''}`;
    if (code === undefined) return `以原因 ${reason ?? 'unknown'} 終止`;
    if (code === 2 && hasMessage) return '以結束代碼 2 結束';
    return `以結束代碼 ${code} 結束（${gloss(code)}）`;
  },
  restarts: ({ restarts, backOff }) => [restarts > 0 ? `已重新啟動 ${restarts} 次` : '', backOff ? `kubelet 會等 ${backOff} 再試` : ''].filter(Boolean).join('；'),
  failingFor: ({ age }) => (age === undefined ? '' : `；已失敗 ${age}`),

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
  crashLoop: {
    message: ({ container, mode, exit, terminationMessage, restarts }) =>
      `${noun(container)}${mode === 'loop' ? '不斷當機重啟（CrashLoopBackOff）' : mode === 'first' ? '當機了' : '一直當機'}：它${exit}${terminationMessage ? `，訊息為「${terminationMessage}」` : ''}${restarts ? `；${restarts}` : ''}。`,
    remediation: ({ logs, namespace, pod }) => [
      `查看上一個執行個體結束的原因：${logs}`,
      `查看結束代碼、訊息與事件：kubectl describe pod -n ${namespace} ${pod}`,
      '修正日誌所顯示的原因（設定、環境變數、參數、連不上的相依服務）；kubelet 會自行以 back-off 重新啟動它。',
    ],
  },
};
