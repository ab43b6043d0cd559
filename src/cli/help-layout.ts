import { splitCommands, wrapProse } from '../report/prose.js';
import { columns } from '../report/width.js';
import { outputWidth } from './terminal.js';

// The text kdiag adds after commander's help (examples, exit codes, gate's notes) laid out to the width the
// help is: an example whose description does not fit goes under its command, which stays whole on its line;
// prose wraps between words (report/prose.ts), commands never split.

/** The width `--help` is laid out to: the terminal's, $COLUMNS, else 80 (commander's own default for a pipe). */
export function helpWidth(): number {
  return outputWidth() ?? 80;
}

/** commander's description column wrapped by the one prose wrapper: between words, commands whole. */
// A command in a description stays in its sentence (the column is narrow), as one unbreakable word.
export function proseBoxWrap(text: string, width: number): string {
  const glued = splitCommands(text)
    .map((p) => (p.command && columns(p.text) <= width ? p.text.replace(/ /g, '\u00a0') : p.text))
    .join('');
  return wrapProse(glued, width, '', '').join('\n');
}

/** An example row: two spaces, the command, two or more spaces, what it does. */
const EXAMPLE = /^( {2})(\S(?:.*?\S)?) {2,}(\S.*)$/;

/** `text` (lines as written for a wide terminal) fitted to `width` columns. */
export function fitHelpText(text: string, width: number): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (columns(line) <= width) {
      out.push(line);
      continue;
    }
    const example = EXAMPLE.exec(line);
    if (example) {
      const [, indent = '', command = '', what = ''] = example;
      out.push(`${indent}${command}`, ...wrapProse(what, width, `${indent}    `, `${indent}    `));
      continue;
    }
    const indent = /^ */.exec(line)?.[0] ?? '';
    out.push(...wrapProse(line.slice(indent.length), width, indent, indent));
  }
  return out.join('\n');
}
