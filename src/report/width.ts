import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { cjkWrap, hasCJK } from './cjk-wrap.js';
import { NARROW, simpleCharColumns, simpleColumns } from './narrow.js';

// Terminal columns, counted by string-width (full-width CJK and most emoji are 2 columns, ANSI codes 0), except
// text of one-column characters and plain CJK ones (narrow.ts), which is counted character by character.

/** How many terminal columns `text` takes. */
export function columns(text: string): number {
  return simpleColumns(text) ?? stringWidth(text);
}

/** `text` cut to at most `width` columns, ending in one "…" when anything was cut. */
export function fit(text: string, width: number): string {
  const simple = simpleColumns(text);
  if ((simple ?? stringWidth(text)) <= width) return text;
  if (width <= 1) return width === 1 ? '…' : '';
  // Text without escapes or combining characters: wrap-ansi's hard cut keeps the longest start that fits in
  // width - 1 columns (test/report/width-narrow.test.ts holds the two to each other); a table's CAUSE column
  // is cut on every row, and wrap-ansi splits each into graphemes and words to find that. One-column text
  // (as many columns as characters) is cut by its length.
  if (simple === undefined) return `${wrapAnsi(text, width - 1, { hard: true, wordWrap: false, trim: false }).split('\n')[0] ?? ''}…`;
  return `${simple === text.length ? text.slice(0, width - 1) : simpleHead(text, width - 1)}…`;
}

/** The longest start of NARROW-or-WIDE `text` that fits in `room` columns. */
function simpleHead(text: string, room: number): string {
  let used = 0;
  let i = 0;
  for (; i < text.length; i++) {
    used += simpleCharColumns(text[i]!);
    if (used > room) break;
  }
  return text.slice(0, i);
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
    const wrapped = body === '' ? [''] : hasCJK(body) ? cjkWrap(body, room - lead.length) : NARROW.test(body) ? wrapNarrow(body, room - lead.length) : wrapAnsi(body, room - lead.length, { hard: true, trim: true }).split('\n');
    for (const w of wrapped) out.push((out.length === 0 ? first : rest) + lead + w);
  }
  return out;
}

/**
 * wrap-ansi's `{ hard: true, trim: true }` wrap of one line of one-column text (NARROW: no escapes, tabs or
 * newlines, nothing that normalisation changes), with every character one column: the same rows, without
 * splitting the line into grapheme clusters and measuring each word (most of a text report's time).
 * test/report/width-narrow.test.ts holds the two to each other.
 */
export function wrapNarrow(line: string, width: number): string[] {
  if (line.trim() === '') return [''];
  const rows = [''];
  let rowLength = 0;
  let trimmedRow = -1;
  let first = true;
  for (const word of line.split(' ')) {
    const last = rows.length - 1;
    if (trimmedRow !== last) {
      const trimmed = rows[last]!.trimStart();
      if (trimmed.length !== rows[last]!.length) {
        rows[last] = trimmed;
        rowLength = trimmed.length;
      }
      if (trimmed.length > 0) trimmedRow = last;
    }
    if (first) first = false;
    else if (rowLength > 0) {
      rows[rows.length - 1] += ' ';
      rowLength++;
    }
    if (word.length > width) {
      // A word longer than a line: started on a new row when that breaks it no more often, then cut.
      const breaksHere = 1 + Math.floor((word.length - (width - rowLength) - 1) / width);
      if (Math.floor((word.length - 1) / width) < breaksHere) {
        rows.push('');
        rowLength = 0;
      }
      for (let i = 0; i < word.length; ) {
        if (rowLength >= width) {
          rows.push('');
          rowLength = 0;
        }
        const take = Math.min(width - rowLength, word.length - i);
        rows[rows.length - 1] += word.slice(i, i + take);
        rowLength += take;
        i += take;
      }
      continue;
    }
    if (rowLength + word.length > width && rowLength > 0 && word.length > 0) {
      rows.push('');
      rowLength = 0;
    }
    rows[rows.length - 1] += word;
    rowLength += word.length;
  }
  return rows.map(trimSpacesRight);
}

function trimSpacesRight(row: string): string {
  let end = row.length;
  while (end > 0 && row.charCodeAt(end - 1) === 32) end--;
  return end === row.length ? row : row.slice(0, end);
}
