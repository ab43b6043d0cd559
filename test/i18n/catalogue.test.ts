import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en.js';
import type { Messages } from '../../src/i18n/messages.js';
import { zhTW } from '../../src/i18n/zh-TW.js';

// Missing keys and wrong parameters already fail `tsc` (both catalogues are typed `Messages`); this guards
// against a cast or a spread sneaking past the compiler, and against empty or untranslated entries.
type Leaf = { path: string; kind: 'string' | 'function'; value: unknown };

function leaves(value: unknown, path = ''): Leaf[] {
  if (typeof value === 'string') return [{ path, kind: 'string', value }];
  if (typeof value === 'function') return [{ path, kind: 'function', value }];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [];
}

const assertSameShape = (_a: Messages, _b: Messages): void => undefined;

describe('message catalogues', () => {
  it('have the same keys, each a string or a function in both', () => {
    assertSameShape(en, zhTW);
    const a = leaves(en).map((l) => `${l.path}:${l.kind}`).sort();
    const b = leaves(zhTW).map((l) => `${l.path}:${l.kind}`).sort();
    expect(b).toEqual(a);
  });

  it('have no empty strings, and zh-TW strings that should read as Chinese do', () => {
    const keep = new Set(['lang', 'report.labelGap']);
    for (const l of leaves(zhTW)) {
      if (l.kind !== 'string' || keep.has(l.path)) continue;
      expect(l.value, l.path).not.toBe('');
    }
    // Headings and verdict words a zh-TW reader sees first must not be left in English.
    for (const key of ['cause', 'evidence', 'fix', 'alsoFound', 'notes', 'healthy', 'noPods'] as const) {
      expect(zhTW.report[key], key).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('message functions keep the names, reasons and commands they are given', () => {
    const node = 'kdiag-node-1';
    for (const t of [en, zhTW]) {
      expect(t.notes.nodeNotVisible({ node })).toContain(node);
      expect(t.report.more({ rule: 'image/not-found' })).toContain('kdiag explain image/not-found');
      expect(t.summary.stillProgressing({ age: '5m', message: 'Back-off pulling image "x"' })).toContain('Back-off pulling image "x"');
      expect(t.gate.junitTimedOut({ progress: '1/3 replicas' })).toContain('1/3 replicas');
    }
  });

  it('plurals and numbers go through Intl', () => {
    expect(en.summary.runningReady({ warnings: 1 })).toBe('Pod is Running and Ready (1 warning).');
    expect(en.summary.runningReady({ warnings: 2 })).toBe('Pod is Running and Ready (2 warnings).');
    expect(en.summary.runningReady({ warnings: 0 })).toBe('Pod is Running and Ready.');
    expect(en.workload.podCount({ pods: 1200 })).toBe('1,200 pods');
    expect(zhTW.workload.podCount({ pods: 1200 })).toBe('1,200 個 Pod');
    expect(zhTW.summary.completed({ warnings: 2 })).toBe('Pod 已順利執行完成（2 個警告）。');
  });

  it('gate progress: the rollout counts and the reason frame in zh-TW, untouched in English', () => {
    const progress = '2/3 updated, 1/3 ready, 0/3 available';
    expect(en.gate.rollout({ progress })).toBe(progress);
    expect(zhTW.gate.rollout({ progress })).toBe('已更新 2/3，就緒 1/3，可用 0/3');
    expect(zhTW.gate.rollout({ progress: '0/1 succeeded, 1 active, 2 failed (backoffLimit 6)' })).toBe('成功 0/1，執行中 1，失敗 2（backoffLimit 6）');
    // The stage by its name in zh-TW, never its id.
    expect(zhTW.gate.rollout({ progress: 'pod api-1 progressing at image: 節點連不上 Registry' })).toBe('Pod api-1 進行中（映像檔階段）：節點連不上 Registry');
    expect(zhTW.gate.rollout({ progress: 'pod api-1 failing at kubelet: 節點 NotReady' })).toBe('Pod api-1 失敗（kubelet 階段）：節點 NotReady');
    expect(zhTW.gate.rollout({ progress: 'no Pods of the current revision yet' })).toBe('目前的版本還沒有 Pod');
    expect(zhTW.gate.progress.outcome({ outcome: 'failed', seconds: 2.04 })).toBe('gate：失敗，耗時 2.0 秒');
    expect(en.gate.progress.outcome({ outcome: 'failed', seconds: 2.04 })).toBe('gate: failed after 2.0s');
  });
  it('write counts as Intl.NumberFormat does in each language, without building one for an integer', () => {
    const counts = [0, 1, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, Number.MAX_SAFE_INTEGER, -1, -1234, 2.5, 12_345.75, 2 ** 60];
    for (const c of counts) {
      const zh = new Intl.NumberFormat('zh-TW').format(c);
      expect(zhTW.table.totals({ items: c, failing: 0, progressing: 0, healthy: 0 }), String(c)).toBe(`共 ${zh} 項：失敗 0、進行中 0、正常 0`);
      expect(en.count(c), String(c)).toBe(new Intl.NumberFormat('en').format(c));
    }
  });
});
