import { describe, expect, it } from 'vitest';
import { neutralize, neutralizeOutput, unsafe } from '../../src/text/neutralize.js';

// unsafe() decides whether the last pass before stdout touches a report at all: it must find exactly what
// neutralize changes, with or without the u flag's view of surrogate pairs.
const ONE_PATTERN = new RegExp('[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u115f\\u1160\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\u3164\\ufeff\\uffa0\\ufff9-\\ufffb\\u{e0000}-\\u{e007f}]|^[^\\S\\n]*::|##\\[|##vso\\[', 'mu');

describe('unsafe', () => {
  it('finds what neutralize changes, on 20,000 generated texts (controls, tag characters, lone surrogates, commands)', () => {
    const alphabet = ['a', ' ', '\n', '\t', ':', '::', '#', '##', '[', 'vso[', '\u001b[1m', '\u0007', '\u007f', '\u00ad', '\u200b', '\u2028', '\ufeff', '\udb40\udc41', '\udb40', '\udc41', '\udb40\udc80', '\u{1F600}', 'é', '診', '\r'];
    let seed = 20261204;
    const next = (n: number): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    let found = 0;
    for (let i = 0; i < 20000; i++) {
      let s = '';
      for (let k = next(8); k > 0; k--) s += alphabet[next(alphabet.length)];
      const expected = ONE_PATTERN.test(s);
      expect(unsafe(s), JSON.stringify(s)).toBe(expected);
      if (!expected) expect(neutralize(s)).toBe(s);
      if (expected) found++;
    }
    expect(found).toBeGreaterThan(5000);
  });
  it('leaves a report without them as it is, and breaks up a command in one', () => {
    expect(neutralizeOutput('Pod default/web: Back-off pulling image "a:b"\n')).toBe('Pod default/web: Back-off pulling image "a:b"\n');
    expect(neutralizeOutput('  ::error::x\nok ##vso[task]\n')).toBe('  : :error::x\nok # #vso[task]\n');
    expect(neutralizeOutput('tag \u{E0041} here')).toBe('tag \uFFFD here');
  });
});
