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
    ['LRM, RLM, zero-width space and joiner', 'a\u200eb\u200fc\u200bd\u200de', 'a\uFFFDb\uFFFDc\uFFFDd\uFFFDe'],
    ['BOM, soft hyphen, word joiner', '\ufeffa\u00adb\u2060c', '\uFFFDa\uFFFDb\uFFFDc'],
    ['Unicode tag characters (hidden ASCII)', 'ok\u{e0068}\u{e0069}', 'ok\uFFFD\uFFFD'],
    ['a workflow command after a newline', 'boom\n::error file=x::pwned', 'boom\n: :error file=x::pwned'],
    ['an indented one (the runner trims)', 'a\n   \t::add-mask::s', 'a\n   \t: :add-mask::s'],
    ['one at the start', '::stop-commands::t', ': :stop-commands::t'],
    ['legacy and Azure commands anywhere in a line', 'x ##[error]y ##vso[task]z', 'x # #[error]y # #vso[task]z'],
    ['near miss: :: inside a line is kept', 'listen on [::1]:80 a::b', 'listen on [::1]:80 a::b'],
    ['near miss: ## without [ is kept', '## heading', '## heading'],
  ];
  for (const [name, input, output] of table) it(name, () => expect(neutralize(input)).toBe(output));

  it('clip marks truncation', () => {
    expect(clip('x'.repeat(20), 5)).toBe('xxxxx… [15 more characters]');
  });
});
