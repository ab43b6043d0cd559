// The scan table's closing lines (`container: 3 failing (2 container/crash-loop, 1 …)`) at any width: a count
// stays on the row of the rule id it counts, and a rule id is never cut.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseAll } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { diagnosisList } from '../../src/engine/diagnosis.js';
import { renderSummaryTable } from '../../src/report/table.js';
import { readDumps } from '../../src/sources/dump.js';

const ROOT = resolve(import.meta.dirname, '../../fixtures');
const files = ['real', 'synthetic'].flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(ROOT, d, f)));
const list = diagnosisList(diagnoseAll(new Engine(readDumps(files).snapshot, { now: Date.parse('2026-12-01T12:00:00Z') })));

/** The stage lines of a table: each line that starts a stage, with its continuation rows. */
function stageLines(table: string): string[][] {
  const groups: string[][] = [];
  for (const line of table.split('\n')) {
    if (/^ {2}[a-z]+: \d/.test(line)) groups.push([line]);
    else if (groups.length > 0 && /^ {4}\S/.test(line)) groups.at(-1)!.push(line);
    else if (groups.length > 0 && line !== '') break;
  }
  return groups;
}

describe('stage lines of the summary table', () => {
  const unwrapped = stageLines(renderSummaryTable(list, { color: false }));
  it('the fixtures give stage lines long enough to wrap (else this test proves nothing)', () => {
    expect(unwrapped.some((g) => g[0]!.length > 120)).toBe(true);
    expect(unwrapped.every((g) => g.length === 1)).toBe(true);
  });
  it.each([60, 70, 80, 100])('at %i columns: rows fit, each count is on the row of its rule, and joined they are the line', (width) => {
    const wrapped = stageLines(renderSummaryTable(list, { color: false, width }));
    expect(wrapped).toHaveLength(unwrapped.length);
    wrapped.forEach((rows, i) => {
      const line = unwrapped[i]![0]!;
      for (const row of rows) expect(row.length, row).toBeLessThanOrEqual(width);
      for (const [pair] of line.matchAll(/\d+ [a-z-]+\/[a-z0-9-]+/g)) expect(rows.some((r) => r.includes(pair)), `${pair} in ${rows.join(' | ')}`).toBe(true);
      expect(rows.map((r) => r.trim()).join(' ')).toBe(line.trim());
    });
  });
});
