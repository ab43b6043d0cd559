import type { ContainerRef, SharedMessages } from '../../../rules/messages/types.js';

// Terms follow docs/glossary.zh-TW.md; names, images, reasons and commands are passed in untouched.
export const noun = ({ kind, name }: ContainerRef): string =>
  `${kind === 'init' ? 'init 容器' : kind === 'sidecar' ? 'sidecar 容器' : kind === 'ephemeral' ? 'ephemeral 容器' : '容器'}「${name}」`;

const SIGNALS: Record<number, string> = { 1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 4: 'SIGILL', 6: 'SIGABRT', 7: 'SIGBUS', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV', 13: 'SIGPIPE', 14: 'SIGALRM', 15: 'SIGTERM' };

/** What an exit code usually means, as rules/messages/en-shared.ts explainExitCode says it in English. */
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

export const zhTWShared: SharedMessages = {
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
  trace: ({ warning, events }) =>
    warning ? `最後一個警告事件（${warning.age} 前）是 ${warning.reason}：「${warning.message}」。` : events ? '沒有警告事件說明原因。' : '沒有事件說明原因（沒有擷取到事件，或事件已過期：事件大約保留一小時）。',
};
