// The summary table's column layout (kubectl's tabwriter shape), in linear time.
import { describe, expect, it } from 'vitest';
import { renderColumns } from '../../src/report/columns.js';

describe('renderColumns', () => {
  it('pads every column to its widest cell, 3 spaces between, the last column unpadded', () => {
    const lines = renderColumns(['NAME', 'STATUS'], [[{ text: 'a/b' }, { text: 'failing' }], [{ text: '日本/x' }, { text: 'ok' }]]);
    expect(lines).toEqual(['NAME     STATUS', 'a/b      failing', '日本/x   ok']);
  });

  it('colour wraps the padded cell and never changes the layout', () => {
    const red = (s: string) => `\u001b[31m${s}\u001b[39m`;
    const lines = renderColumns(['NAME', 'STATUS'], [[{ text: 'ns/a' }, { text: 'failing', paint: red }]]);
    expect(lines).toEqual(['NAME   STATUS', 'ns/a   \u001b[31mfailing\u001b[39m']);
  });

  it('200,000 rows render without recursion (the old table overflowed the stack there)', () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => [`pod-${i}`, 'healthy', '-', '0', '1h', 'running and ready'].map((text) => ({ text })));
    const lines = renderColumns(['NAME', 'STATUS', 'STAGE', 'RESTARTS', 'AGE', 'CAUSE'], rows, { width: 80, shrink: [{ column: 5, min: 10 }] });
    expect(lines).toHaveLength(200_001);
    expect(lines[200_000]).toBe('pod-199999   healthy   -       0          1h    running and ready');
  });
});
