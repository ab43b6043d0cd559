// Text from the cluster (event messages, logs, names) is untrusted: it must not drive the terminal.

// CSI/OSC/DCS/APC/PM/SOS escape sequences, lone ESC, C0 and C1 controls except newline and tab.
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b[\]PX^_][\s\S]*?(?:\u0007|\u001b\\|$)|\u009b[0-?]*[ -/]*[@-~]|[\u0090\u009d\u0098\u009e\u009f][\s\S]*?(?:\u0007|\u009c|$)|\u001b[@-Z\\-_]?/g;
// Controls, bidi overrides and marks, and characters that show nothing (zero-width, BOM, soft hyphen, Hangul
// fillers, interlinear annotations, Unicode tag characters that can spell hidden ASCII): shown as U+FFFD.
const UNSAFE_BMP = '\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u115f\\u1160\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\u3164\\ufeff\\uffa0\\ufff9-\\ufffb';
const UNSAFE_CLASS = `[${UNSAFE_BMP}\\u{e0000}-\\u{e007f}]`;
const CONTROLS = new RegExp(UNSAFE_CLASS, 'gu');
// A line a CI runner reads as a command: GitHub's `::name …::` after leading whitespace (which the runner
// trims), its legacy `##[name]` and Azure Pipelines' `##vso[` anywhere in a line.
const WORKFLOW_COMMAND = /^([^\S\n]*):(?=:)|##(?=\[|vso\[)/gm;
// What the last pass looks for before it changes anything, in two native scans that are three times faster over a
// large report than one pattern of both with the u flag: the characters (the tag characters as their surrogate
// pairs), then a workflow command, only where `::` or `##` occurs at all.
const UNSAFE_CHARACTER = new RegExp(`[${UNSAFE_BMP}]|\\udb40[\\udc00-\\udc7f]`);
/** The same characters, every one (for a writer that escapes some and must know whether any other is left). */
export const UNSAFE_CHARACTERS = new RegExp(UNSAFE_CHARACTER.source, 'g');
const COMMAND = /^[^\S\n]*::|##\[|##vso\[/m;

/** Whether neutralize would change `text` (it leaves text without these characters and commands as it is). */
export function unsafe(text: string): boolean {
  return UNSAFE_CHARACTER.test(text) || ((text.includes('::') || text.includes('##')) && COMMAND.test(text));
}

/**
 * Removes escape sequences, shows control and invisible characters as U+FFFD, and breaks up what a CI log
 * would run as a workflow command (`::error` becomes `: :error`, `##[` becomes `# #[`); keeps newlines and tabs.
 */
export function neutralize(text: string): string {
  return text
    .replace(ESCAPES, '')
    .replace(CONTROLS, (c) => (c === '\r' ? '' : '\uFFFD'))
    .replace(WORKFLOW_COMMAND, (_m, space: string | undefined) => (space === undefined ? '# #' : `${space}: `));
}

/** What clip appends: `… [1200 more characters]`. */
export const clipMarker = (n: number): string => `… [${n} more characters]`;
/** Finds clip's markers in a text (group 1: the count), for a report that words them in its language. */
export const CLIP_MARKER = /… \[(\d+) more characters\]/g;

/** Neutralises and shortens to `max` characters with a visible marker. */
export function clip(text: string, max: number): string {
  const clean = neutralize(text);
  return clean.length <= max ? clean : `${clean.slice(0, max)}${clipMarker(clean.length - max)}`;
}

// kdiag's own colours (SGR: ESC [ digits ; m) are the only escape sequences allowed to reach a terminal.
const SGR = /(\u001b\[[0-9;]*m)/;

/** The last pass before stdout/stderr: everything neutralised except kdiag's own SGR colour codes. */
export function neutralizeOutput(text: string): string {
  if (!unsafe(text)) return text;
  return text
    .split(SGR)
    .map((part, i) => (i % 2 === 1 ? part : neutralize(part)))
    .join('');
}
