// The report's orderings (events of a Pod, the rows of a table) compare text with localeCompare, which builds
// ICU's collator on its first call: 8-13 ms of a one-file run, more than its diagnosis. Names and event reasons
// are nearly always plain ASCII (letters, digits, space, - . /), and the collator of the root and English
// locales orders such text as code units order it once case is folded (space < - . / < digits < letters, and
// a before B). That text is compared here; a tie on case, any other character, or another locale's collation
// (Danish puts "aa" after "z") goes to localeCompare, so the order is the one localeCompare gives.

const PLAIN = /^[A-Za-z0-9 ./-]*$/;

let rootOrder: boolean | undefined;

/** Whether the default locale, as ICU finds it (LC_ALL, LC_MESSAGES, LANG), collates ASCII as the root locale. */
function rootCollation(): boolean {
  const env = process.env;
  const id = env['LC_ALL'] || env['LC_MESSAGES'] || env['LANG'] || '';
  return /^(?:C|POSIX|en)?(?:[-_.@]|$)/.test(id);
}

/** `a.localeCompare(b)`'s order, without ICU for plain ASCII text. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  if ((rootOrder ??= rootCollation()) && PLAIN.test(a) && PLAIN.test(b)) {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.localeCompare(b);
}
