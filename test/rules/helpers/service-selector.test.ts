// nearValue: whether two label values (or keys) are one spelt twice. Its answers are remembered per pair (every
// Pod is compared with every Service of its namespace); remembered or not, an answer is the rule's.
import { describe, expect, it } from 'vitest';
import { editDistance, nearMiss, nearValue } from '../../../src/rules/helpers/service-selector.js';

/** The rule as written, without memory: the reference. */
function reference(want: string, have: string): boolean {
  if (want === have) return false;
  const normalise = (s: string): string => s.toLowerCase().replace(/[-_.]/g, '');
  if (normalise(want) === normalise(have)) return true;
  if (want.replace(/\d+/g, '') === have.replace(/\d+/g, '')) return false;
  const d = editDistance(want, have);
  return d <= 2 && d <= Math.floor(Math.max(want.length, have.length) / 3);
}

describe('nearValue', () => {
  const cases: Array<[string, string, boolean]> = [
    ['front-end', 'frontend', true], // separators
    ['Frontend', 'frontend', true], // case
    ['frontend', 'fronted', true], // one edit
    ['api-v1', 'api-v2', false], // a version, not a typo
    ['web', 'api', false], // different words
    ['shop', 'shop', false], // the same value is a match, not a near miss
    ['ab', 'ac', false], // one edit in two letters is too many
    ['a\u0000b', 'c', false], // a pair that a joined key would confuse with the next
    ['a', 'b\u0000c', false],
  ];
  for (const [want, have, near] of cases) {
    it(`${JSON.stringify(want)} / ${JSON.stringify(have)}: ${near}, asked once and again`, () => {
      expect(nearValue(want, have)).toBe(near);
      expect(nearValue(want, have)).toBe(near);
      expect(reference(want, have)).toBe(near);
    });
  }

  it('past the pairs it remembers, every answer is still the reference\'s (10,000 pairs, each asked twice)', () => {
    const words = ['app', 'api', 'web', 'front-end', 'frontend', 'shop', 'cart', 'carts', 'db', 'd-b', 'v1', 'v2'];
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i < 10_000; i++) {
      const want = `${words[i % words.length]}-x${i % 97}`;
      // A third spelt with its separators dropped (near), the rest another word (mostly far).
      pairs.push([want, i % 3 === 0 ? want.replaceAll('-', '') : `${words[(i * 7) % words.length]}-x${(i * 3) % 89}`]);
    }
    const first = pairs.map(([a, b]) => nearValue(a, b));
    const again = pairs.map(([a, b]) => nearValue(a, b));
    expect(again).toEqual(first);
    expect(first).toEqual(pairs.map(([a, b]) => reference(a, b)));
    expect(first.filter(Boolean).length).toBeGreaterThan(3000);
    expect(first.filter((near) => !near).length).toBeGreaterThan(3000);
  });

  it('nearMiss names the close label of a Pod the selector misses, and nothing for a far one', () => {
    expect(nearMiss({ app: 'front-end' }, { app: 'frontend' }, 'web')).toEqual([{ key: 'app', want: 'front-end', have: { key: 'app', value: 'frontend' } }]);
    expect(nearMiss({ app: 'front-end' }, { app: 'payments' }, 'web')).toBeUndefined();
  });
});
