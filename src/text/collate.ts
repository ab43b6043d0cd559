// The report's orderings (events of a Pod, the rows of a table) compare text with localeCompare, which builds
// ICU's collator on its first call: 8-13 ms of a one-file run, more than its diagnosis. Names, event reasons
// and messages are nearly always printable ASCII, which the collator of the root and English locales orders by
// one weight per character (space, punctuation and symbols in a fixed order, digits, letters with case folded)
// before it looks at case. Such text is compared here by those weights; a tie on them (text that differs only
// in case), any other character, or another locale's collation (Danish puts "aa" after "z") goes to
// localeCompare, so the order is always the one localeCompare gives.

/** Printable ASCII in the root collation's order of primary weights (a letter's case shares its weight). */
const ROOT_ORDER = ` _-,;:!?.'"()[]{}@*/\\&#%\`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz`;
const NOT_PLAIN = 255;
const WEIGHT = new Uint8Array(128).fill(NOT_PLAIN);
for (let i = 0; i < ROOT_ORDER.length; i++) WEIGHT[ROOT_ORDER.charCodeAt(i)] = i;
for (let c = 65; c <= 90; c++) WEIGHT[c] = WEIGHT[c + 32]!;

let rootOrder: boolean | undefined;

/** Whether the default locale, as ICU finds it (LC_ALL, LC_MESSAGES, LANG), collates ASCII as the root locale. */
function rootCollation(): boolean {
  const env = process.env;
  const id = env['LC_ALL'] || env['LC_MESSAGES'] || env['LANG'] || '';
  return /^(?:C|POSIX|en)?(?:[-_.@]|$)/.test(id);
}

function plain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || WEIGHT[c] === NOT_PLAIN) return false;
  }
  return true;
}

/** `a.localeCompare(b)`'s order, without ICU for printable ASCII text. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  if ((rootOrder ??= rootCollation()) && plain(a) && plain(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const d = WEIGHT[a.charCodeAt(i)]! - WEIGHT[b.charCodeAt(i)]!;
      if (d !== 0) return d;
    }
    if (a.length !== b.length) return a.length - b.length;
  }
  return a.localeCompare(b);
}
