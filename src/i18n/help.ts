import type { Lang } from './lang.js';

/** `--help` in another language: commander's titles, each description by its English text, the examples. */
export interface HelpCatalogue {
  titles: Readonly<Record<string, string>>;
  /** One description in this language; a description the catalogue does not cover stays as it is. */
  text(text: string): string;
  examples(me: string): string;
  /** What ends `kdiag gate` before its timeout (cli/gate-help.ts in English). */
  gateHelp: string;
}

// Registered by loadLanguage() (i18n/load.ts); English help is cli/main.ts's own text.
const HELP: Partial<Record<Lang, HelpCatalogue>> = {};

/** Registers a language's help (i18n/load.ts does this; nothing else should). */
export function registerHelp(lang: Lang, catalogue: HelpCatalogue): void {
  HELP[lang] = catalogue;
}

/** The help catalogue for `lang`, or undefined for English (or a language never loaded). */
export function helpFor(lang: Lang | undefined): HelpCatalogue | undefined {
  return lang === undefined ? undefined : HELP[lang];
}
