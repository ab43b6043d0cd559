import { describe, expect, it } from 'vitest';
import { KnownValues } from '../../src/text/known-values.js';

const R = '<redacted by kdiag>';

describe('KnownValues', () => {
  it('masks every known value, longest first, and leaves short values, names and other text alone', () => {
    const k = new KnownValues(['api-gateway']);
    for (const v of ['hunter2hunter2', 'hunter2hunter2-long', 'api-gateway', 'short', 42]) k.add(v);
    expect(k.mask('pw hunter2hunter2-long then hunter2hunter2; svc api-gateway; short')).toBe(`pw ${R} then ${R}; svc api-gateway; short`);
  });

  it('with thousands of values (the one-pass scan) gives what masking each value in turn gives', () => {
    const values = Array.from({ length: 3000 }, (_, i) => `value-${(i * 7919).toString(36)}-${i}`);
    const many = new KnownValues();
    for (const v of values) many.add(v);
    const text = Array.from({ length: 200 }, (_, i) => `line ${i}: ${values[(i * 37) % 3000]} and value-x-${i} ${i % 5 === 0 ? values[i] : ''}`).join('\n');
    let naive = text;
    for (const v of [...values].sort((a, b) => b.length - a.length)) naive = naive.split(v).join(R);
    expect(many.mask(text)).toBe(naive);
    expect(many.mask('nothing here at all')).toBe('nothing here at all');
  });
});
