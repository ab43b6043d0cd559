import type { Paint } from './style.js';

// Left-aligned columns in linear time, laid out the way the previous cli-table3 table printed them with
// no borders (one space of padding each side, two between columns): cli-table3 checks every cell against
// every earlier row for row spans, O(rows²), which took 40 s for 20,000 Pods and overflowed the stack at 200k.

const SGR = /\u001b\[[0-9;]*m/g;
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200f\u2060-\u2064\ufe00-\ufe0f]/u;
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const ASCII = /^[\x20-\x7e]*$/;

/** Columns a string takes on a terminal: colour codes take none, East Asian wide characters two. */
export function displayWidth(text: string): number {
  const plain = text.includes('\u001b') ? text.replace(SGR, '') : text;
  if (ASCII.test(plain)) return plain.length;
  let width = 0;
  for (const ch of plain) width += ZERO_WIDTH.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
  return width;
}

/** The rows as aligned lines (trailing spaces trimmed); the head bold and the gaps grey when coloured. */
export function alignColumns(head: readonly string[], rows: readonly (readonly string[])[], c: Paint): string[] {
  const widths = head.map(displayWidth);
  const cellWidths = rows.map((row) =>
    row.map((cell, i) => {
      const w = displayWidth(cell);
      if (w > (widths[i] ?? 0)) widths[i] = w;
      return w;
    }),
  );
  const gap = c.gray('  ');
  const cell = (text: string, w: number, i: number): string => ` ${text}${' '.repeat((widths[i] ?? 0) - w)} `;
  const lines = [head.map((h, i) => c.bold(cell(h, displayWidth(h), i))).join(gap).trimEnd()];
  rows.forEach((row, r) => lines.push(row.map((text, i) => cell(text, cellWidths[r]![i]!, i)).join(gap).trimEnd()));
  return lines;
}
