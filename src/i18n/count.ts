// Counts as Intl.NumberFormat writes them in kdiag's languages (12,345 in both English and zh-TW), without
// building one: creating one costs 10-55 ms of ICU start-up, and every report counts something. An integer is
// grouped here; anything else (a fraction, beyond 2^53) falls back to Intl, built on first use.
// test/i18n/catalogue.test.ts holds both to Intl.

/** A function writing counts as `new Intl.NumberFormat(locale).format` does. */
export function countFormat(locale: 'en' | 'zh-TW'): (c: number) => string {
  let intl: Intl.NumberFormat | undefined;
  return (c) => (Number.isSafeInteger(c) ? String(c).replace(/\B(?=(\d{3})+$)/g, ',') : (intl ??= new Intl.NumberFormat(locale)).format(c));
}
