import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { columns } from '../../src/report/width.js';

// columns() counts text of one-column, never-combining characters by its length, without string-width (whose
// Intl.Segmenter costs tens of ms at first use). It must agree with string-width on every such character and
// string, and still defer to it for everything else.
describe('columns() without the segmenter', () => {
  it('agrees with string-width on every BMP character, alone', () => {
    const wrong: string[] = [];
    for (let c = 0x20; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const s = String.fromCodePoint(c);
      if (columns(s) !== stringWidth(s)) wrong.push(c.toString(16));
    }
    expect(wrong).toEqual([]);
  });
  it('agrees on strings kdiag prints, mixed with what string-width must count', () => {
    for (const s of ['✔ scheduling → ✘ image → · container', 'Warning Failed ×4 over 3s (last seen 1s ago): x', '  • ℹ …—', 'a\u00adb', 'e\u0301', '診斷：映像檔', '👩‍👩‍👧', '🇹🇼', 'x\u001b[1mbold\u001b[22m'])
      expect(columns(s), JSON.stringify(s)).toBe(stringWidth(s));
  });
});
