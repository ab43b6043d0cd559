// Errors, hints and reader notes in zh-TW: one line (and a hint), the same exit code as in English; names,
// paths, flags and commands kept; what no phrase covers stays English rather than half-translated.
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en.js';
import { zhTW } from '../../src/i18n/zh-TW.js';
import { englishLeft } from '../harness/english-left.js';
import { kdiag } from '../e2e/exec.js';

const FIXTURE = 'fixtures/real/volume-missing-configmap.yaml';

describe('errors in zh-TW', () => {
  const cases: { args: string[]; code: number; zh: string[]; en: string }[] = [
    { args: ['pod', '-f', FIXTURE], code: 2, zh: ['錯誤：缺少必要的引數「name」', '（執行 kdiag --help 查看用法）'], en: "error: missing required argument 'name'" },
    { args: ['pod', 'x', '--bogus'], code: 2, zh: ['錯誤：不認識的選項「--bogus」'], en: "error: unknown option '--bogus'" },
    { args: ['frob'], code: 2, zh: ['錯誤：不認識的指令「frob」'], en: "error: unknown command 'frob'" },
    { args: ['pod', 'nope', '-f', FIXTURE], code: 4, zh: ['kdiag：輸入中找不到 pod「nope」'], en: 'kdiag: pod "nope" not found in the input' },
    { args: ['pod', 'x', '-o', 'nope', '-f', FIXTURE], code: 2, zh: ['kdiag：不認識的輸出格式「nope」', '提示：請使用其中之一：text'], en: 'kdiag: unknown output format "nope"' },
    { args: ['explain', 'image/nope'], code: 2, zh: ['kdiag：不認識的規則「image/nope」', '提示：您是不是要找：image/not-found'], en: 'kdiag: unknown rule "image/nope"' },
    { args: ['analyze', 'fixtures/no-such-file.yaml'], code: 2, zh: ['kdiag：fixtures/no-such-file.yaml：沒有這個檔案或目錄'], en: 'kdiag: fixtures/no-such-file.yaml: no such file or directory' },
  ];

  for (const c of cases) {
    it(`kdiag ${c.args.join(' ')}: exit ${c.code}, in Chinese with --lang zh-TW and unchanged in English`, () => {
      const zh = kdiag([...c.args, '--lang', 'zh-TW']);
      const english = kdiag(c.args);
      expect(zh.code).toBe(c.code);
      expect(english.code).toBe(c.code);
      expect(zh.stdout).toBe('');
      for (const line of c.zh) expect(zh.stderr).toContain(line);
      expect(english.stderr).toContain(c.en);
      for (const line of zh.stderr.trim().split('\n')) expect(englishLeft(line), line).toEqual([]);
    });
  }

  it('reader notes and unknown errors: translated when a phrase covers them, left whole otherwise', () => {
    expect(zhTW.errors.text({ text: 'node state not visible: forbidden (needs list on nodes)' })).toBe('看不到節點狀態：權限不足（需要 nodes 的 list 權限）');
    expect(zhTW.errors.text({ text: 'events not visible: forbidden (needs list on events in namespace shop)' })).toBe('看不到 events：權限不足（需要命名空間 shop 中 events 的 list 權限）');
    const odd = 'the widget frobnicated unexpectedly';
    expect(zhTW.errors.text({ text: odd })).toBe(odd);
    expect(en.errors.text({ text: 'node state not visible: forbidden (needs list on nodes)' })).toBe('node state not visible: forbidden (needs list on nodes)');
  });
});
