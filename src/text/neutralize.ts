// Text from the cluster (event messages, logs, names) is untrusted: it must not drive the terminal.

// CSI/OSC/DCS/APC/PM/SOS escape sequences, lone ESC, C0 and C1 controls except newline and tab.
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b[\]PX^_][\s\S]*?(?:\u0007|\u001b\\|$)|\u009b[0-?]*[ -/]*[@-~]|[\u0090\u009d\u0098\u009e\u009f][\s\S]*?(?:\u0007|\u009c|$)|\u001b[@-Z\\-_]?/g;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Removes escape sequences and control characters (bidi overrides included); keeps newlines and tabs. */
export function neutralize(text: string): string {
  return text.replace(ESCAPES, '').replace(CONTROLS, (c) => (c === '\r' ? '' : '\uFFFD'));
}

/** Neutralises and shortens to `max` characters with a visible marker. */
export function clip(text: string, max: number): string {
  const clean = neutralize(text);
  return clean.length <= max ? clean : `${clean.slice(0, max)}… [${clean.length - max} more characters]`;
}
