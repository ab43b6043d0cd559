/**
 * Text made only of characters that take one terminal column and never combine with a neighbour: ASCII,
 * Latin-1 and Latin Extended (not the soft hyphen), general punctuation such as • … —, arrows, box drawing,
 * ✓ ✔ ✘, ℹ and ⚠ (the text report's warning mark: followed by U+FE0F it is a two-column emoji, and that
 * selector is not here). Such text is as wide as it is long, so no grapheme segmentation (Intl.Segmenter, whose
 * first use costs tens of ms of ICU start-up) is needed to measure or wrap it. scripts/build.mjs gives string-width and
 * wrap-ansi this same fast path; test/report/width-narrow.test.ts checks it against string-width.
 */
export const NARROW = /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u257f\u2713-\u2718\u2139\u26a0]*$/;
