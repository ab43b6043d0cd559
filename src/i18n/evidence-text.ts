import type { Evidence } from '../rules/types.js';
import type { Lang } from './lang.js';

// The evidence frame in other languages (evidence-text.zh-TW.ts), registered by loadLanguage() (i18n/load.ts).
const FRAMES: Partial<Record<Lang, (e: Evidence) => string>> = {};
const WORDS: Partial<Record<Lang, EvidenceWords>> = {};

/** The words report/evidence.ts puts around a field's value when it tells it for people. */
export interface EvidenceWords {
  exitCode: (code: number) => string;
  signal: (signal: number) => string;
  ran: (age: string) => string;
  ended: (age: string) => string;
  ago: (age: string) => string;
  /** Between a container's end and its message. */
  colon: string;
  /** Between the parts of a container's end. */
  sep: string;
  sameAsAbove: string;
  none: string;
  noneSet: string;
  imageEntrypoint: string;
  args: (args: string) => string;
  requests: string;
  limits: string;
  container: (name: string) => string;
  service: (nameAndPort: string) => string;
  and: string;
  or: string;
}

export const EVIDENCE_WORDS_EN: EvidenceWords = {
  exitCode: (code) => `exit code ${code}`,
  signal: (signal) => `signal ${signal}`,
  ran: (age) => `ran ${age}`,
  ended: (age) => `ended ${age} ago`,
  ago: (age) => `${age} ago`,
  colon: ': ',
  sep: ', ',
  sameAsAbove: '(the same message as above)',
  none: 'none',
  noneSet: 'none set',
  imageEntrypoint: "the image's entrypoint",
  args: (args) => `args ${args}`,
  requests: 'requests',
  limits: 'limits',
  container: (name) => `container ${name}`,
  service: (s) => `Service ${s}`,
  and: ' and ',
  or: ' or ',
};

/** Registers a language's evidence framing and words (i18n/load.ts does this; nothing else should). */
export function registerEvidenceText(lang: Lang, frame: (e: Evidence) => string, words?: EvidenceWords): void {
  FRAMES[lang] = frame;
  if (words) WORDS[lang] = words;
}

/** The words around a field's value in `lang`. */
export function evidenceWords(lang: Lang | undefined): EvidenceWords {
  return (lang === undefined ? undefined : WORDS[lang]) ?? EVIDENCE_WORDS_EN;
}

/** The evidence line as the text report prints it in `lang`: kdiag's frame translated, the quoted text as read. */
export function evidenceText(e: Evidence, lang: Lang | undefined): string {
  const frame = lang === undefined ? undefined : FRAMES[lang];
  return frame ? frame(e) : e.text;
}
