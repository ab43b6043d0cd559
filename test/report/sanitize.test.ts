import { describe, expect, it } from 'vitest';
import { clip, neutralize } from '../../src/report/sanitize.js';

describe('neutralize', () => {
  const table: Array<[string, string, string]> = [
    ['CSI colour', 'a\u001b[31mred\u001b[0m b', 'ared b'],
    ['OSC 8 hyperlink', '\u001b]8;;http://evil\u0007click\u001b]8;;\u0007', 'click'],
    ['OSC title with ST', 'x\u001b]0;pwned\u001b\\y', 'xy'],
    ['clear screen', '\u001b[2J\u001b[Hhi', 'hi'],
    ['C1 CSI', 'a\u009b31mb', 'ab'],
    ['bell and backspace', 'a\u0007b\u0008c', 'a\uFFFDb\uFFFDc'],
    ['bidi override', 'abc\u202Edef', 'abc\uFFFDdef'],
    ['carriage return overwrite', 'safe\rEVIL', 'safeEVIL'],
    ['keeps newlines and tabs', 'a\n\tb', 'a\n\tb'],
    ['keeps Unicode text', 'héllo 世界 ✔', 'héllo 世界 ✔'],
  ];
  for (const [name, input, output] of table) it(name, () => expect(neutralize(input)).toBe(output));

  it('clip marks truncation', () => {
    expect(clip('x'.repeat(20), 5)).toBe('xxxxx… [15 more characters]');
  });
});
