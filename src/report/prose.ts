import wrapAnsi from 'wrap-ansi';
import { cjkWrap, hasCJK } from './cjk-wrap.js';
import { KDIAG_COMMANDS, KUBECTL_VERBS } from '../engine/command-target.js';
import { columns } from './width.js';

// The one wrapper for prose (help, explain, lifecycle, notes, errors, hints, fix steps): lines break between
// words only, never inside one; a command (kubectl …, kdiag …) is never broken either. When a line that holds
// a command does not fit, the command goes on a line of its own, indented, ready to paste; commands joined by
// "; " always go on lines of their own.

/** A tool and what follows it when it is a command: a subcommand of its, or a flag (never a sentence that starts "kdiag names…"). */
const TOOLS = [
  `kubectl (?:${KUBECTL_VERBS}|-)`,
  `kdiag (?:${KDIAG_COMMANDS}|-)`,
  'crictl (?:pull|ps|logs|inspect|inspecti|inspectp|images|pods|info|-)',
  '(?:journalctl|systemctl|skopeo|nerdctl|helm) ',
  // What the fix steps also run on a node or a workstation: a URL or a host checked by hand, an image looked at.
  'curl -',
  'nslookup ',
  'openssl s_client ',
  'docker (?:login|pull|run|manifest|buildx) ',
].join('|');
/** A command: from a tool's name (after a space, "(", ":" or the start) to the end of its clause. */
// It ends at "; ", at a ")" it did not open, or where " (" starts a remark about it.
const COMMAND = new RegExp(`(?<=^|[\\s(（:：])((?:${TOOLS})(?:[^;；()（）\`]|(?<!\\s)\\([^)]*\\))*)`, 'g');
/** A command in backticks stays in the sentence, as one unbreakable word. */
const QUOTED = /`[^`]+`/g;
const NBSP = '\u00a0';

interface Part {
  text: string;
  command: boolean;
}

/** A line's prose and commands, in order; a command's trailing "." or "," stays with the prose. */
export function splitCommands(line: string): Part[] {
  const parts: Part[] = [];
  let at = 0;
  for (const m of line.matchAll(COMMAND)) {
    let command = (m[1] ?? '').trimEnd();
    const start = m.index;
    let end = m.index + command.length;
    const tail = /[.,。，]$/.exec(command)?.[0];
    if (tail) {
      command = command.slice(0, -tail.length);
      end -= tail.length;
    }
    if (start > at) parts.push({ text: line.slice(at, start), command: false });
    parts.push({ text: command, command: true });
    at = end;
  }
  if (at < line.length) parts.push({ text: line.slice(at), command: false });
  return parts;
}

function words(text: string, room: number): string[] {
  if (text === '') return [];
  // Chinese text breaks between characters (it has no spaces); other text only at spaces: a word longer than
  // a whole line is the only word ever broken.
  return hasCJK(text) ? cjkWrap(text, room) : wrapAnsi(text, room, { hard: true, trim: true }).split('\n');
}

/**
 * A command's indentation on its own line: `indent`, or less when that is what keeps the command within
 * `width` (the terminal would otherwise fold its last characters onto the next row), down to two columns; a
 * command longer than that keeps `indent`.
 */
function commandIndent(indent: string, command: string, width: number | undefined): string {
  if (width === undefined) return indent;
  // Two columns at least: a command at the margin would read as prose.
  const room = width - columns(command);
  return room >= 2 && room < indent.length ? indent.slice(0, room) : indent;
}

/**
 * `text` wrapped to `width` columns for people: the first line starts with `first`, the others with `rest`;
 * commands whole, on lines of their own (indented two more than `rest`) when the line would not fit or holds
 * several. No width (a pipe): lines as they are, but commands joined by "; " still one a line.
 */
export function wrapProse(text: string, width: number | undefined, first: string, rest: string): string[] {
  const out: string[] = [];
  const push = (line: string): void => {
    out.push((out.length === 0 ? first : rest) + line);
  };
  const room = width === undefined ? Infinity : Math.max(width - Math.max(columns(first), columns(rest)), 10);
  for (const given of text.replace(/\n+$/, '').split('\n')) {
    // A quoted command longer than a whole line breaks at its spaces, as any text.
    const line = given.replace(QUOTED, (q) => (columns(q) <= room ? q.replace(/ /g, NBSP) : q));
    const parts = splitCommands(line);
    const commands = parts.filter((p) => p.command).length;
    const joined = parts.some((p, i) => p.command && /^\s*[;；]\s*$/.test(parts[i + 1]?.text ?? '') && parts[i + 2]?.command);
    if (commands === 0 || (!joined && columns(line) <= room)) {
      if (line === '' || width === undefined) push(line);
      else {
        // A line's own indentation stays (the body of a pasteable heredoc: YAML reads it), on each piece.
        const lead = /^ */.exec(line)![0];
        const body = line.slice(lead.length);
        if (body === '') push('');
        else for (const w of words(body, Math.max(room - lead.length, 10))) push(lead + w);
      }
      continue;
    }
    for (const part of parts) {
      if (part.command) {
        // A command's own line: first a line for the text before it, if it is the first part.
        if (out.length === 0) push('');
        out.push(`${commandIndent(`${rest}  `, part.text, width)}${part.text}`);
        continue;
      }
      const prose = part.text.replace(/^\s*[;；]\s*$/, '').trim();
      if (prose === '') continue;
      for (const w of width === undefined ? [prose] : words(prose, room)) push(w);
    }
  }
  return out.map((l) => l.replace(/\u00a0/g, ' '));
}
