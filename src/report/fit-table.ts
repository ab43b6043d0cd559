import { columns, wrap } from './width.js';
import { renderColumns, type Cell } from './columns.js';

export interface FitOptions {
  /** The widest a line may be; undefined: as wide as the content (a pipe: nothing is ever cut). */
  width?: number;
  /** The column that goes on lines of its own under its row, wrapped and indented, when the table is too wide. */
  under?: number;
  /** Columns left out, in this order, while the table (without `under`) is still too wide. */
  drop?: readonly number[];
  /** When leaving out every `drop` column is not enough: this column joins `under`, before its text (`failing: …`). */
  lastUnder?: number;
  /** Lines put before a row (a group's heading), never counted in the width. */
  before?: (row: number) => readonly string[];
  /** No header line (`--no-headers`). */
  noHeaders?: boolean;
}

const UNDER_INDENT = '    ';

const widest = (lines: readonly string[]): number => lines.reduce((w, l) => Math.max(w, columns(l)), 0);

/**
 * A table as `kubectl get` prints it, and never a cell cut: when it is wider than `width`, the `under` column
 * moves to lines of its own under each row, then `drop` columns are left out one by one until it fits (or
 * none is left to drop: names are never cut, even when one alone is wider than the terminal).
 */
export function fitTable(head: readonly string[], rows: readonly (readonly Cell[])[], options: FitOptions = {}): string[] {
  const full = renderColumns(head, rows);
  const { width, under } = options;
  const before = options.before ?? ((): readonly string[] => []);
  const headless = (lines: string[]): string[] => [...(options.noHeaders ? [] : [lines[0] ?? '']), ...lines.slice(1).flatMap((l, i) => [...before(i), l])];
  if (width === undefined || widest(full) <= width) return headless(full);
  let keep = head.map((_, i) => i).filter((i) => i !== under);
  const layout = (): string[] => renderColumns(keep.map((i) => head[i] ?? ''), rows.map((r) => keep.map((i) => r[i] ?? { text: '' })));
  let lines = layout();
  for (const column of options.drop ?? []) {
    if (widest(lines) <= width) break;
    keep = keep.filter((i) => i !== column);
    lines = layout();
  }
  if (under === undefined) return headless(lines);
  const also = options.lastUnder;
  const moved = also !== undefined && widest(lines) > width;
  if (moved) {
    keep = keep.filter((i) => i !== also);
    lines = layout();
  }
  const out = options.noHeaders ? [] : [lines[0] ?? ''];
  rows.forEach((row, i) => {
    out.push(...before(i), lines[i + 1] ?? '');
    const text = [moved ? (row[also]?.text ?? '') : '', row[under]?.text ?? ''].filter((t) => t !== '').join(': ');
    if (text !== '') out.push(...wrap(text, width, UNDER_INDENT, UNDER_INDENT));
  });
  return out;
}
