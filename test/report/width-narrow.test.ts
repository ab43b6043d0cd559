// node-versions: Intl.Segmenter and East Asian widths from Node's ICU
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import wrapAnsi from 'wrap-ansi';
import { simpleColumns } from '../../src/report/narrow.js';
import { columns, fit, wrapNarrow } from '../../src/report/width.js';
import { FUZZING, fuzzRuns } from '../support/budgets.js';

// Generated strings: a fixed-seed sample in npm test, the full count × KDIAG_FUZZ_SCALE in npm run fuzz.
const STRINGS = fuzzRuns(20_000, 1);

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
    for (const s of ['✔ scheduling → ✘ image → · container', 'Warning Failed ×4 over 3s (last seen 1s ago): x', '  • ℹ …—', '  ⚠ warning  Pod is Running', '⚠\uFE0F', '⚠\uFE0E x', 'a\u00adb', 'e\u0301', '診斷：映像檔', '👩‍👩‍👧', '🇹🇼', 'x\u001b[1mbold\u001b[22m'])
      expect(columns(s), JSON.stringify(s)).toBe(stringWidth(s));
  });
  it(`fit() cuts one-column text as wrap-ansi's hard cut does, on ${STRINGS} generated strings (spaces, runs of spaces, punctuation, …, ⚠)`, () => {
    const alphabet = ['a', 'B', ' ', ' ', '-', '…', '•', 'é', '→', '✔', '⚠', 'ℹ', '.', ',', '/', '\u00a0', '0'];
    let seed = 20261202;
    const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    let cut = 0;
    for (let i = 0; i < STRINGS; i++) {
      let s = '';
      for (let k = next(70); k > 0; k--) s += alphabet[next(alphabet.length)];
      const width = next(45);
      const before = columns(s) <= width ? s : width <= 1 ? (width === 1 ? '…' : '') : `${wrapAnsi(s, width - 1, { hard: true, wordWrap: false, trim: false }).split('\n')[0] ?? ''}…`;
      expect(fit(s, width), `${JSON.stringify(s)} at ${width}`).toBe(before);
      if (before !== s) cut++;
    }
    expect(cut).toBeGreaterThan(STRINGS / 4);
    // Not one-column: still wrap-ansi's cut (colour codes kept whole, wide characters counted as two).
    expect(fit('\u001b[31mred text here\u001b[39m', 6)).toBe(`${wrapAnsi('\u001b[31mred text here\u001b[39m', 5, { hard: true, wordWrap: false, trim: false }).split('\n')[0]}…`);
    expect(fit('診斷映像檔', 5)).toBe('診斷…');
  }, FUZZING ? 0 : undefined);
  it(`CJK text: every ideograph, kana and full-width form is counted without string-width, and columns() and fit() agree with string-width and wrap-ansi on ${STRINGS} generated strings`, () => {
    // Every character of the fast path is in it (the per-character test above holds its width).
    for (const [from, to] of [[0x3000, 0x3029], [0x3031, 0x303c], [0x3041, 0x3096], [0x309b, 0x30ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xff01, 0xff60], [0xffe0, 0xffe6]] as const)
      for (let c = from; c <= to; c++) expect(simpleColumns(String.fromCodePoint(c)), c.toString(16)).toBe(2);
    // Near misses: characters that combine, or are emoji, or need a selector, go to string-width.
    for (const s of ['〰', '〽', '\u302a', 'か\u3099', 'ｶ\uff9e', '⚠\uFE0F', '診\u200d斷', '한국어', '😀'])
      expect(simpleColumns(s), JSON.stringify(s)).toBeUndefined();
    const alphabet = ['診', '斷', '映', '像', '檔', '，', '。', '（', '）', '「', '」', '：', '\u3000', 'カ', 'ー', '！', 'a', 'B', ' ', '  ', '-', '…', '•', 'é', '→', '⚠', '.', '/', '\u00a0', '0'];
    let seed = 20261206;
    let overflows = 0;
    const next = (n: number): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    let cut = 0;
    for (let i = 0; i < STRINGS; i++) {
      let s = '';
      for (let k = next(60); k > 0; k--) s += alphabet[next(alphabet.length)];
      const width = next(45);
      expect(columns(s), JSON.stringify(s)).toBe(stringWidth(s));
      const before = stringWidth(s) <= width ? s : width <= 1 ? (width === 1 ? '…' : '') : `${wrapAnsi(s, width - 1, { hard: true, wordWrap: false, trim: false }).split('\n')[0] ?? ''}…`;
      const got = fit(s, width);
      if (stringWidth(before) <= width) expect(got, `${JSON.stringify(s)} at ${width}`).toBe(before);
      else {
        // wrap-ansi puts a two-column character on a one-column row anyway: the cut is then one column too wide.
        // fit() keeps to its width, and keeps everything that fits.
        overflows++;
        expect(got, `${JSON.stringify(s)} at ${width}`).toBe(`${before.slice(0, -2)}…`);
        expect(stringWidth(got)).toBeLessThanOrEqual(width);
      }
      if (before !== s) cut++;
    }
    expect(cut).toBeGreaterThan(STRINGS / 4);
    expect(overflows).toBeGreaterThan(0);
  }, FUZZING ? 0 : undefined);
  it('wrapNarrow() wraps one-column text into the rows wrap-ansi gives, on 4,000 generated lines (long words, runs of spaces, no-break spaces)', () => {
    const alphabet = ['a', 'B', ' ', ' ', ' ', '-', '…', '•', 'é', '→', '✔', '⚠', 'ℹ', '.', '/', '\u00a0', '0', 'xyzxyzxyzxyzxyz'];
    let seed = 20261204;
    const next = (n: number): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    let wrapped = 0;
    for (let i = 0; i < 4000; i++) {
      let s = '';
      for (let k = next(90); k > 0; k--) s += alphabet[next(alphabet.length)];
      const width = 10 + next(40);
      const rows = wrapAnsi(s, width, { hard: true, trim: true }).split('\n');
      expect(wrapNarrow(s, width), `${JSON.stringify(s)} at ${width}`).toEqual(rows);
      if (rows.length > 1) wrapped++;
    }
    expect(wrapped).toBeGreaterThan(1000);
  });
});
