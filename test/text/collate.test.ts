import { describe, expect, it } from 'vitest';
import { compareText } from '../../src/text/collate.js';

// compareText must order text exactly as localeCompare does (the reports' orderings are unchanged by it).
const sign = (n: number): number => Math.sign(n);

describe('compareText', () => {
  it('orders every pair of printable ASCII characters as localeCompare does', () => {
    const plain = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
    for (const a of plain) for (const b of plain) expect(sign(compareText(a, b)), `${a} ${b}`).toBe(sign(a.localeCompare(b)));
  });
  it('orders 20,000 generated pairs of names, reasons and messages as localeCompare does', () => {
    const alphabet = ['a', 'A', 'b', 'B', 'z', 'Z', '0', '9', '-', '.', '/', ' ', 'aa', 'Pulled', 'pull', '_', ',', ':', '"', '(', '$', '~', '\\', '`', 'é', 'É', 'ß', '\t', '\u0301', '診'];
    let seed = 20261204;
    const next = (n: number): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    const text = (): string => {
      let s = '';
      for (let k = next(6); k > 0; k--) s += alphabet[next(alphabet.length)];
      return s;
    };
    for (let i = 0; i < 20000; i++) {
      const a = text();
      const b = next(4) === 0 ? a.toUpperCase() : text();
      expect(sign(compareText(a, b)), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(sign(a.localeCompare(b)));
    }
  });
  it('keeps the collator\'s order where code units disagree with it', () => {
    expect(sign(compareText('apple', 'Banana'))).toBe(-1); // code units: B < a
    expect(sign(compareText('a', 'A'))).toBe(sign('a'.localeCompare('A'))); // a case tie: the collator decides
    expect(sign(compareText('a_b', 'a-b'))).toBe(-1); // code units: - < _
    expect(sign(compareText('a~', 'a0'))).toBe(-1); // code units: 0 < ~
    expect(compareText('Scheduled', 'Scheduled')).toBe(0);
  });
});
