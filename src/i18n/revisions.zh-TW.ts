import type { RevisionMessages } from './revision-messages.js';

const REASON = {
  'image-fails': '無法拉取的正是新的映像檔',
  'named-in-failure': '失敗訊息提到了這裡變更的名稱',
  'memory-lowered': '記憶體上限被調低，而容器因 OOM 被終止',
  'probe-changed': '失敗的探針被修改過',
  'command-changed': '容器啟動的內容變了，而執行環境無法啟動它',
  'may-explain': '容器持續崩潰，而這項變更改動了它的執行條件',
  'placement-changed': '排程器比對的條件變了',
} as const;

const SOURCE = { ReplicaSet: 'ReplicaSet', ControllerRevision: 'ControllerRevision', Job: 'Job' } as const;

export const revisionsZhTW: RevisionMessages = {
  heading: '變更內容',
  revision: ({ source, revision, name }) => (revision === undefined ? `${SOURCE[source]} ${name}` : `修訂版本 ${revision}（${SOURCE[source]} ${name}）`),
  short: ({ revision, name }) => (revision === undefined ? name : `修訂版本 ${revision}`),
  compared: ({ to, from, evidence, count, ranFor, next }) => {
    const why =
      evidence === 'ready-pods'
        ? `最後一個正常運作的版本：輸入中有 ${count ?? 0} 個它的 Pod 為 Ready`
        : evidence === 'available-replicas'
          ? `最後一個正常運作的版本：它的 ReplicaSet 仍有 ${count ?? 0} 個可用副本`
          : evidence === 'completed'
            ? '最後一次成功完成的執行'
            : '前一個版本（輸入中沒有資料顯示它是否正常運作）';
    return `${to} 對照 ${from}，${why}${ranFor ? `；在 ${next} 取代它之前執行了 ${ranFor}` : ''}`;
  },
  missing: ({ to, missing, source }) =>
    missing === 'first-revision'
      ? `${to} 是第一個版本：沒有可對照的版本`
      : missing === 'no-history'
        ? `${to}：缺少修訂歷史（輸入中沒有 ${source}），無從得知變更了什麼；請在傾印中包含 ${source.toLowerCase()}s`
        : `${to}：輸入中沒有更早的修訂版本`,
  nothingChanged: 'Pod 範本除了列為雜訊的項目外沒有任何變更',
  added: '新增',
  removed: '移除',
  valueChanged: '值已變更（不顯示值）',
  noise: ({ items }) => `列為雜訊而略過：${items}`,
  link: ({ reason, confidence, rule }) => `↳ 與原因相關（信心：${confidence}，${rule}）：${REASON[reason]}`,
  wayBack: ({ revision }) => `復原至 ${revision}：`,
  summary: ({ since, fields }) => `自 ${since} 以來的變更：${fields}`,
  tiedShort: ({ field, confidence }) => `${field}（與原因相關，信心：${confidence}）`,
  more: ({ n }) => `… 另有 ${n} 個變更欄位（-o json 會全部列出）`,
};
