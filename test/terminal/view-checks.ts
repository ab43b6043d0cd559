// What a person must be able to rely on in any text kdiag prints for a terminal: shared by the COLUMNS views
// (every fixture, every command) and the tmux views (a representative set in a real terminal).
import stringWidth from 'string-width';
import { expect } from 'vitest';

/**
 * A line that holds only a command (kdiag never wraps one: the terminal may, and a copy joins it again): the
 * tools src/report/prose.ts keeps whole.
 */
export const COMMAND_ROW = /^ {2,}(?:\$ )?(?:kubectl|kdiag|crictl|journalctl|systemctl|skopeo|nerdctl|helm|curl|nslookup|openssl|docker) \S/;

/** A line that is one link: it cannot break without breaking the address. */
const URL_ROW = /^\s*(?:- )?https?:\/\/\S+$/;

/** Words as a person reads them: split at spaces and around Chinese (which breaks anywhere), outer punctuation off. */
export const words = (text: string): string[] =>
  text
    .split(/[\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+/)
    .map((w) => w.replace(/^[("'`[]+|[)"'`\],.;:!?]+$/g, ''))
    .filter((w) => /^[A-Za-z][A-Za-z-]{3,}$/.test(w));

/** The kubectl and crictl commands of a text laid out without a width (prose.ts keeps each whole). */
export const commandsOf = (whole: string): string[] =>
  [...whole.matchAll(/(?:kubectl|crictl) [^;；\n`]+/g)]
    // A command ends where a ")" it did not open closes a remark around it, or at a full-width bracket.
    .map((m) => m[0].replace(/[)）（].*$/, '').replace(/[.,。，]$/, '').trim())
    .filter((c) => !c.includes(' ('));

/**
 * `rows` (the text at `width` columns) against `whole` (the same text with no width): no row wider than the
 * terminal but a command's own, no name cut ("…"), no word broken in two, every command whole on one row.
 */
export function expectFits(rows: readonly string[], whole: string, width: number, what: string): void {
  for (const row of rows) if (!COMMAND_ROW.test(row) && !URL_ROW.test(row)) expect(stringWidth(row), `${what}: a row wider than ${width}: ${row}`).toBeLessThanOrEqual(width);
  const text = rows.join('\n');
  expect(text.includes('…') && !whole.includes('…'), `${what}: something was cut ("…")`).toBe(false);
  const known = new Set(words(whole));
  // A token wider than the terminal (a runtime's 200-character path) cannot fit on any row: the wrapper breaks it
  // where the row ends, so the letters of its pieces count as known words; no shorter token may break.
  for (const long of whole.split(/\s+/).filter((tok) => stringWidth(tok) > width - 4)) for (const m of long.matchAll(/[A-Za-z][A-Za-z-]{3,}/g)) for (let i = 0; i < m[0].length; i++) for (let j = i + 4; j <= m[0].length; j++) known.add(m[0].slice(i, j));
  for (const w of words(text)) expect(known.has(w), `${what}: "${w}" is a broken word`).toBe(true);
  for (const c of commandsOf(whole)) expect(rows.some((r) => r.includes(c)), `${what}: command split: ${c}`).toBe(true);
}
