import { columns, fit, pad } from './width.js';

/** One table cell: its text, and how to colour it once it is padded (colour never changes its width). */
export interface Cell {
  text: string;
  paint?: (s: string) => string;
}

export interface ColumnsOptions {
  /** The widest a line may be; undefined: as wide as the content. */
  width?: number;
  /** Columns that give up room, in order, when a line would be wider than `width`; each keeps at least `min`. */
  shrink?: ReadonlyArray<{ column: number; min: number }>;
}

// kubectl's printers use a tabwriter with 3 spaces of padding; headers are plain, the last column unpadded.
const GAP = 3;

/** Rows laid out like `kubectl get`: each column as wide as its widest cell, cut with "…" to fit the width. */
export function renderColumns(head: readonly string[], rows: readonly (readonly Cell[])[], options: ColumnsOptions = {}): string[] {
  // One pass over the cells (no spread of 200k rows into Math.max, no per-row rescans).
  const all: ReadonlyArray<readonly Cell[]> = [head.map((text) => ({ text })), ...rows];
  const widths = head.map(() => 0);
  for (const row of all) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, columns(cell.text))));
  if (options.width !== undefined) {
    let over = widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1) - options.width;
    for (const { column, min } of options.shrink ?? []) {
      if (over <= 0) break;
      // Headers are never cut (kubectl's never are).
      const give = Math.min(over, Math.max(0, (widths[column] ?? 0) - Math.max(min, columns(head[column] ?? ''))));
      widths[column] = (widths[column] ?? 0) - give;
      over -= give;
    }
  }
  return all.map((row) =>
    row
      .map((cell, i) => {
        const w = widths[i] ?? 0;
        const text = fit(cell.text, w);
        const padded = i === row.length - 1 ? text : pad(text, w);
        return cell.paint ? cell.paint(padded) : padded;
      })
      .join(' '.repeat(GAP))
      .trimEnd(),
  ).map((line) => (options.width !== undefined ? fit(line, options.width) : line));
}
