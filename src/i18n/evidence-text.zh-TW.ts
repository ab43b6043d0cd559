import type { Evidence } from '../rules/types.js';
import type { EvidenceWords } from './evidence-text.js';

// kdiag's own framing around quoted cluster text (rules/helpers/events.ts eventEvidence, engine/log-evidence.ts):
// `Warning FailedMount ×4 over 4s from kubelet (last seen 0s ago): <message>`, `previous log of app: <line>`.
// Only the frame is translated, for the text report; the quoted message and the JSON evidence stay as read.
const EVENT = /^(Normal|Warning|\S+) (\S+)(?: ×(\d+)(?: over (\S+))?)?(?: from (.+?))? \(last seen (.+?)\): /;
const LOG = /^(previous log|log) of ([^:\s]+):/;
// rules/helpers/node-health.ts conditionEvidence: `node/n Ready=False (KubeletNotReady): "<message>", since 5m ago, last heartbeat 6m ago`.
const CONDITION = /^(node\/\S+ [^=\s]+=\S*)(?: \((\S+)\))?(?:: ("(?:[^"\\]|\\.)*"))?(?:, since (.+?))?(?:, last heartbeat (.+?))?$/;
// rules/kubelet/node-not-ready.ts: `node/n taints: key=value:NoExecute, key:NoSchedule`.
const TAINTS = /^(node\/\S+) taints: (.+)$/;
// rules/kubelet/node-missing.ts: `no Node named "n9" among the 3 node(s) in the snapshot`.
const MISSING = /^no Node named "(.*)" among the (\d+) node\(s\) in the snapshot$/;

const when = (ago: string): string => (ago === 'at an unknown time' ? '時間不明' : ago.replace(/ ago$/, ' 前'));

/** The evidence line as the zh-TW text report prints it. */
export function evidenceTextZhTW(e: Evidence): string {
  // A claim's events are quoted with source 'pvc' (scheduling/unbound-pvc, volume/provisioning-failed): same frame.
  if (e.source === 'event' || e.source === 'pvc') {
    const m = EVENT.exec(e.text);
    if (!m) return e.text;
    const [head, type, reason, count, span, from, ago] = m as unknown as [string, string, string, string | undefined, string | undefined, string | undefined, string];
    const bits = [count ? `${count} 次${span ? `，歷時 ${span}` : ''}` : '', from ? `來自 ${from}` : '', `最後一次 ${when(ago)}`].filter(Boolean);
    return `${type} ${reason}（${bits.join('；')}）：${e.text.slice(head.length)}`;
  }
  if (e.source === 'node') {
    const c = CONDITION.exec(e.text);
    if (c) {
      const [, head, reason, message, since, beat] = c as unknown as [string, string, string | undefined, string | undefined, string | undefined, string | undefined];
      const tail = [since ? `${when(since)}開始` : '', beat ? `最後一次心跳在 ${when(beat)}` : ''].filter(Boolean);
      return `${head}${reason ? `（${reason}）` : ''}${message ? `：${message}` : ''}${tail.length ? `；${tail.join('；')}` : ''}`;
    }
    const t = TAINTS.exec(e.text);
    if (t) return `${t[1]} 的 taint：${t[2]}`;
    const m = MISSING.exec(e.text);
    if (m) return `快照的 ${m[2]} 個節點中沒有名為「${m[1]}」的 Node`;
    return e.text;
  }
  if (e.source === 'log') {
    const m = LOG.exec(e.text);
    if (!m) return e.text;
    return `容器 ${m[2]} 的${m[1] === 'previous log' ? '上一個執行個體日誌' : '日誌'}：${e.text.slice(m[0].length).replace(/^ /, '')}`;
  }
  return e.text;
}

/** The words around a field's value (report/evidence.ts), zh-TW. */
export const evidenceWordsZhTW: EvidenceWords = {
  exitCode: (code) => `結束代碼 ${code}`,
  signal: (signal) => `訊號 ${signal}`,
  ran: (age) => `執行了 ${age}`,
  ended: (age) => `${age} 前結束`,
  ago: (age) => `${age} 前`,
  colon: '：',
  sep: '，',
  sameAsAbove: '（與上方相同的訊息）',
  none: '無',
  noneSet: '未設定',
  imageEntrypoint: '映像檔的 entrypoint',
  args: (args) => `參數 ${args}`,
  requests: 'requests',
  limits: 'limits',
  container: (name) => `容器 ${name}`,
  service: (s) => `Service ${s}`,
  and: ' 且 ',
  or: ' 或 ',
};
