import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { cjkWrap, hasCJK } from './cjk-wrap.js';
import { NARROW } from './narrow.js';

// Terminal columns, counted by string-width (full-width CJK and most emoji are 2 columns, ANSI codes 0), except
// text of one-column characters (narrow.ts), which is as wide as it is long.

/** How many terminal columns `text` takes. */
export function columns(text: string): number {
  return NARROW.test(text) ? text.length : stringWidth(text);
}

/** `text` cut to at most `width` columns, ending in one "…" when anything was cut. */
export function fit(text: string, width: number): string {
  const narrow = NARROW.test(text);
  if ((narrow ? text.length : stringWidth(text)) <= width) return text;
  if (width <= 1) return width === 1 ? '…' : '';
  // One-column text (no escapes, no wide or combining characters): wrap-ansi's hard cut keeps its first
  // width - 1 characters (test/report/width-narrow.test.ts holds the two to each other); a table's CAUSE
  // column is cut on every row, and wrap-ansi splits each into graphemes and words to find that.
  const head = narrow ? text.slice(0, width - 1) : (wrapAnsi(text, width - 1, { hard: true, wordWrap: false, trim: false }).split('\n')[0] ?? '');
  return `${head}…`;
}

/** `text` padded with spaces to `width` columns. */
export function pad(text: string, width: number): string {
  const n = width - columns(text);
  return n > 0 ? text + ' '.repeat(n) : text;
}

/**
 * `text` wrapped to `width` columns: the first line starts with `first`, every other line with `rest`
 * (a hanging indent). Words longer than a line are broken. No width: no wrapping, only the indent.
 */
export function wrap(text: string, width: number | undefined, first: string, rest: string): string[] {
  const lines = text.replace(/\n+$/, '').split('\n');
  if (width === undefined) return lines.map((l, i) => (i === 0 ? first : rest) + l);
  const room = Math.max(width - Math.max(columns(first), columns(rest)), 10);
  const out: string[] = [];
  for (const line of lines) {
    // A line's own indentation (a log line, a YAML excerpt) is kept, and continued under itself.
    const lead = /^[ \t]*/.exec(line)?.[0].replace(/\t/g, '  ').slice(0, room - 10) ?? '';
    const body = line.trimStart();
    // Chinese text breaks between characters (wrap-ansi breaks only at spaces); other text as before.
    const wrapped = body === '' ? [''] : hasCJK(body) ? cjkWrap(body, room - lead.length) : wrapAnsi(body, room - lead.length, { hard: true, trim: true }).split('\n');
    for (const w of wrapped) out.push((out.length === 0 ? first : rest) + lead + w);
  }
  return out;
}
