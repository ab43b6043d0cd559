/**
 * Text made only of characters that take one terminal column and never combine with a neighbour: ASCII,
 * Latin-1 and Latin Extended (not the soft hyphen), general punctuation such as • … —, arrows, box drawing,
 * ✓ ✔ ✘, ℹ and ⚠ (the text report's warning mark: followed by U+FE0F it is a two-column emoji, and that
 * selector is not here). Such text is as wide as it is long, so no grapheme segmentation (Intl.Segmenter, whose
 * first use costs tens of ms of ICU start-up) is needed to measure or wrap it. scripts/build.mjs gives string-width and
 * wrap-ansi this same fast path; test/report/width-narrow.test.ts checks it against string-width.
 */
export const NARROW = /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u257f\u2713-\u2718\u2139\u26a0]*$/;

/**
 * Characters that take two columns and never combine with a neighbour: CJK ideographs, the ideographic space
 * and punctuation (not the combining tone marks U+302A–U+302F, nor 〰 and 〽, which are emoji), kana (not the
 * combining voiced marks U+3099–U+309A) and the full-width forms (，：（）！？). A Chinese report is these and
 * NARROW's characters; it is measured without string-width, whose emoji pattern alone costs tens of ms to compile
 * and run. test/report/width-narrow.test.ts checks every one of them against string-width.
 */
const WIDE = '\u3000-\u3029\u3031-\u303c\u3041-\u3096\u309b-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60\uffe0-\uffe6';
const NARROW_CLASS = NARROW.source.slice(2, -3);
const NARROW_OR_WIDE = new RegExp(`^[${NARROW_CLASS}${WIDE}]*$`);
const WIDE_CHARACTER = new RegExp(`[${WIDE}]`, 'g');

/** The columns of text made of NARROW and WIDE characters (two for each WIDE one); undefined for any other text. */
export function simpleColumns(text: string): number | undefined {
  if (NARROW.test(text)) return text.length;
  if (!NARROW_OR_WIDE.test(text)) return undefined;
  WIDE_CHARACTER.lastIndex = 0;
  let wide = 0;
  while (WIDE_CHARACTER.exec(text) !== null) wide++;
  return text.length + wide;
}

/** The columns of one character of NARROW or WIDE text (simpleColumns said it is such text). */
export const simpleCharColumns = (ch: string): number => (NARROW.test(ch) ? 1 : 2);
