// node-versions: Intl.Segmenter line breaking from Node's ICU
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { cjkWrap } from '../../src/report/cjk-wrap.js';

describe('wrapping Chinese text', () => {
  const text = '診斷：失敗（卡在映像檔階段）：容器「api」的映像檔「127.0.0.1:5000/shop/api:1.4.3」不存在於 Registry 中（找不到 tag 或 digest）。';

  it('breaks between Chinese characters, keeps names whole, and never passes the width', () => {
    for (const width of [36, 40, 60, 76]) {
      const lines = cjkWrap(text, width);
      for (const l of lines) expect(stringWidth(l), l).toBeLessThanOrEqual(width);
      expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
      // The image reference is one unit: it is never split across two lines.
      expect(lines.some((l) => l.includes('「127.0.0.1:5000/shop/api:1.4.3」'))).toBe(true);
    }
  });

  it('does not start a line with closing punctuation nor end one with opening punctuation', () => {
    // From 34 columns on, no unit is longer than a line (below that the image reference is cut, like any long word).
    for (let width = 34; width <= 80; width++) {
      for (const l of cjkWrap(text, width)) {
        expect(l, `width ${width}`).not.toMatch(/^[，。、；：）」]/);
        expect(l, `width ${width}`).not.toMatch(/[（「]$/);
      }
    }
  });

  it('cuts a unit longer than the line, and leaves a short line alone', () => {
    expect(cjkWrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(cjkWrap('短句。', 40)).toEqual(['短句。']);
  });
});
