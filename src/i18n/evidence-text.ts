import type { Evidence } from '../rules/types.js';
import type { Lang } from './lang.js';

// The evidence frame in other languages (evidence-text.zh-TW.ts), registered by loadLanguage() (i18n/load.ts).
const FRAMES: Partial<Record<Lang, (e: Evidence) => string>> = {};

/** Registers a language's evidence framing (i18n/load.ts does this; nothing else should). */
export function registerEvidenceText(lang: Lang, frame: (e: Evidence) => string): void {
  FRAMES[lang] = frame;
}

/** The evidence line as the text report prints it in `lang`: kdiag's frame translated, the quoted text as read. */
export function evidenceText(e: Evidence, lang: Lang | undefined): string {
  const frame = lang === undefined ? undefined : FRAMES[lang];
  return frame ? frame(e) : e.text;
}
