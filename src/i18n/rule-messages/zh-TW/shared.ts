import { exitMeaning, type ExitMeaning } from '../../../rules/messages/en-shared.js';
import type { ContainerRef, SharedMessages } from '../../../rules/messages/types.js';

// Terms follow docs/glossary.zh-TW.md; names, images, reasons and commands are passed in untouched.
export const noun = ({ kind, name }: ContainerRef): string =>
  `${kind === 'init' ? 'init 容器' : kind === 'sidecar' ? 'sidecar 容器' : kind === 'ephemeral' ? 'ephemeral 容器' : '容器'}「${name}」`;

/** What an exit code means where it is known (rules/messages/en-shared.ts exitMeaning), in zh-TW. */
function gloss(m: ExitMeaning): string {
  switch (m.kind) {
    case 'success':
      return '正常結束';
    case 'start-error':
      return '行程從未啟動（containerd StartError）';
    case 'lost':
      return '結束狀態遺失（containerd Unknown）';
    case 'go-panic':
      return '未被 recover 的 Go panic';
    case 'shell-usage':
      return 'shell 以此結束代碼表示內建指令用法錯誤或參數錯誤';
    case 'not-executable':
      return '找到指令但無法執行（權限不足，或不是執行檔）';
    case 'not-found':
      return '找不到指令（shell 找不到執行檔）';
    case 'signal':
      return m.signal === 9
        ? '被 SIGKILL 終止（OOM，或超過終止寬限期後被強制終止）'
        : m.signal === 11
          ? '被 SIGSEGV 終止（segmentation fault）'
          : m.signal === 15
            ? '被 SIGTERM 終止（被要求停止：刪除、liveness 重新啟動、驅逐）'
            : `被訊號 ${m.signal}${m.name ? `（${m.name}）` : ''} 終止`;
  }
}

export const zhTWShared: SharedMessages = {
  container: noun,
  Container: noun,
  exit: (e) => {
    const { recorded, reason, code } = e;
    if (!recorded) return '已結束（沒有記錄它的上一個狀態）';
    if (reason === 'OOMKilled') return `因 OOMKilled 被終止${code !== undefined ? `（結束代碼 ${code}）` : ''}`;
    if (code === undefined) return `以原因 ${reason ?? 'unknown'} 終止`;
    const meaning = exitMeaning(e);
    return meaning ? `以結束代碼 ${code} 結束（${gloss(meaning)}）` : `以結束代碼 ${code} 結束`;
  },
  restarts: ({ restarts, backOff }) => [restarts > 0 ? `已重新啟動 ${restarts} 次` : '', backOff ? `kubelet 會等 ${backOff} 再試` : ''].filter(Boolean).join('；'),
  failingFor: ({ age }) => (age === undefined ? '' : `；已失敗 ${age}`),
  trace: ({ warning, events }) =>
    warning ? `最後一個警告事件（${warning.age} 前）是 ${warning.reason}：「${warning.message}」。` : events ? '沒有警告事件說明原因。' : '沒有事件說明原因（沒有擷取到事件，或事件已過期：事件大約保留一小時）。',
};
