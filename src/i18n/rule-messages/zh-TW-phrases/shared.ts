import { type Phrase, phrase } from '../phrase.js';

// Fragments the rule helpers put into many rules' text, applied after each rule's own phrases. Terms follow
// docs/glossary.zh-TW.md; names, reasons, field paths and commands pass through untouched.
export const SHARED: readonly Phrase[] = [
  // container nouns (helpers/containers.ts)
  phrase('init container "{name:q}"', ({ name }) => `init 容器「${name}」`),
  phrase('sidecar container "{name:q}"', ({ name }) => `sidecar 容器「${name}」`),
  phrase('ephemeral container "{name:q}"', ({ name }) => `ephemeral 容器「${name}」`),
  phrase('Init container "{name:q}"', ({ name }) => `init 容器「${name}」`),
  phrase('Sidecar container "{name:q}"', ({ name }) => `sidecar 容器「${name}」`),
  phrase('Container "{name:q}"', ({ name }) => `容器「${name}」`),
  phrase('container "{name:q}"', ({ name }) => `容器「${name}」`),
  phrase('containers "{a:q}", "{b:q}"', ({ a, b }) => `容器「${a}」、「${b}」`),

  // exit codes (helpers/containers.ts explainExitCode), as the zh-TW rule catalogue words them
  phrase('exited successfully', '正常結束'),
  phrase('a generic application error', '一般的應用程式錯誤'),
  phrase('misuse of a shell builtin or bad command-line arguments', 'shell 內建指令用法錯誤，或命令列參數錯誤'),
  phrase('command found but not executable (permission denied or not a binary)', '找到指令但無法執行（權限不足，或不是執行檔）'),
  phrase('command not found (the shell could not find the executable)', '找不到指令（shell 找不到執行檔）'),
  phrase('the process never started (containerd StartError)', '行程從未啟動（containerd StartError）'),
  phrase('killed by SIGKILL (OOM kill, or killed after the termination grace period)', '被 SIGKILL 終止（OOM，或超過終止寬限期後被強制終止）'),
  phrase('killed by SIGSEGV (segmentation fault)', '被 SIGSEGV 終止（segmentation fault）'),
  phrase('killed by SIGTERM (asked to stop: deletion, liveness restart, eviction)', '被 SIGTERM 終止（被要求停止：刪除、liveness 重新啟動、驅逐）'),
  phrase('exit status lost (containerd Unknown) or the application exited with -1', '結束狀態遺失（containerd Unknown），或應用程式以 -1 結束'),
  phrase('killed by signal {n:n} ({sig})', ({ n, sig }) => `被訊號 ${n}（${sig}）終止`),
  phrase('killed by signal {n:n}', ({ n }) => `被訊號 ${n} 終止`),
  phrase('an application-specific error code', '應用程式自訂的結束代碼'),
  phrase('it exited with code {code:n}', ({ code }) => `它以結束代碼 ${code} 結束`),
  phrase('exited with code {code:n}', ({ code }) => `以結束代碼 ${code} 結束`),
  phrase('exits with code {code:n}', ({ code }) => `以結束代碼 ${code} 結束`),
  phrase(', message "{m:q}"', ({ m }) => `，訊息為「${m}」`),
  phrase('exit code {code:n}', ({ code }) => `結束代碼 ${code}`),
  phrase('; the kubelet waits {d:d} before the next try', ({ d }) => `；kubelet 會等 ${d} 再試`),
  phrase('the kubelet waits {d:d} before the next try', ({ d }) => `kubelet 會等 ${d} 再試`),
  phrase('it has been restarted {n:n} times', ({ n }) => `它已重新啟動 ${n} 次`),

  // times and counts
  phrase('restarted {n:n} times', ({ n }) => `已重新啟動 ${n} 次`),
  phrase('restarted {n:n} time', ({ n }) => `已重新啟動 ${n} 次`),
  phrase('{n:n} restarts', ({ n }) => `${n} 次重新啟動`),
  // The "stuck, no progress" rules' trace (rules/helpers/stuck.ts).
  phrase('The last warning event, {age:d} ago, says {reason}: "{msg:q}".', ({ age, reason, msg }) => `最後一個警告事件（${age} 前）是 ${reason}：「${msg}」。`),
  phrase('No event says why (none were captured, or they have expired: events are kept about an hour).', '沒有事件說明原因（沒有擷取到事件，或事件已過期：事件大約保留一小時）。'),
  phrase('No warning event says why.', '沒有警告事件說明原因。'),
  phrase('Look at live events: {cmd:$}', ({ cmd }) => `查看即時事件：${cmd}`),
  phrase('{age:d} ago', ({ age }) => `${age} 前`),
];
