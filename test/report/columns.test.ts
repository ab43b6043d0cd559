// The summary table's column layout: the exact bytes the cli-table3 table used to print, in linear time.
import { describe, expect, it } from 'vitest';
import { alignColumns, displayWidth } from '../../src/report/columns.js';
import { paint } from '../../src/report/style.js';

describe('alignColumns', () => {
  it('pads every column to its widest cell, one space each side, two between, trailing spaces trimmed', () => {
    const lines = alignColumns(['NAME', 'STATUS'], [['a/b', 'failing'], ['日本/x', 'ok']], paint(false));
    // What cli-table3 printed for the same rows (captured before it was replaced), right-trimmed.
    expect(lines).toEqual([' NAME      STATUS', ' a/b       failing', ' 日本/x    ok']);
  });

  it('in colour: bold head cells and grey gaps, widths measured without colour codes', () => {
    const c = paint(true);
    const lines = alignColumns(['NAME', 'STATUS'], [['ns/a', c.red('failing')]], c);
    expect(lines).toEqual(['\u001b[1m NAME \u001b[22m\u001b[90m  \u001b[39m\u001b[1m STATUS  \u001b[22m', ' ns/a \u001b[90m  \u001b[39m \u001b[31mfailing\u001b[39m']);
  });

  it('display width: colour codes 0, East Asian wide 2, combining marks 0', () => {
    expect(displayWidth('\u001b[31mabc\u001b[39m')).toBe(3);
    expect(displayWidth('日本')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
  });

  it('200,000 rows render without recursion (the old table overflowed the stack there)', () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => [`ns/pod-${i}`, 'healthy', '-', 'Running', '0', '1h']);
    const lines = alignColumns(['NAME', 'STATUS', 'STAGE', 'CAUSE', 'RESTARTS', 'AGE'], rows, paint(false));
    expect(lines).toHaveLength(200_001);
    expect(lines[200_000]).toBe(' ns/pod-199999    healthy    -        Running    0           1h');
  });
});
