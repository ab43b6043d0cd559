import { describe, expect, it } from 'vitest';
import { count } from '../../../src/rules/messages/en-shared.js';

describe('count', () => {
  it('says one and other as Intl.PluralRules("en") does', () => {
    const rules = new Intl.PluralRules('en');
    for (const n of [0, 1, -1, 2, 1.5, 0.5, 11, 21, 101, 1e21, -0, Number.NaN, Infinity]) expect(count(n, 'node', 'nodes'), String(n)).toBe(`${n} ${rules.select(n) === 'one' ? 'node' : 'nodes'}`);
  });
});
