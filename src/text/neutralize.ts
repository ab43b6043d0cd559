// Text from the cluster (event messages, logs, names) is untrusted: it must not drive the terminal.

// CSI/OSC/DCS/APC/PM/SOS escape sequences, lone ESC, C0 and C1 controls except newline and tab.
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b[\]PX^_][\s\S]*?(?:\u0007|\u001b\\|$)|\u009b[0-?]*[ -/]*[@-~]|[\u0090\u009d\u0098\u009e\u009f][\s\S]*?(?:\u0007|\u009c|$)|\u001b[@-Z\\-_]?/g;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Removes escape sequences and control characters (bidi overrides included); keeps newlines and tabs. */
export function neutralize(text: string): string {
  return text.replace(ESCAPES, '').replace(CONTROLS, (c) => (c === '\r' ? '' : '\uFFFD'));
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
  if (!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(text)) return text;
  return text
    .split(SGR)
    .map((part, i) => (i % 2 === 1 ? part : neutralize(part)))
    .join('');
}
