import { en } from './en.js';
import type { Lang } from './lang.js';
import type { Messages } from './messages.js';

export type { Lang } from './lang.js';
export type { Messages } from './messages.js';

// English is always here; other catalogues are registered by loadLanguage() (i18n/load.ts), so English runs never load them.
const CATALOGUES: Partial<Record<Lang, Messages>> = { en };

/** Registers a language's catalogue (i18n/load.ts does this; nothing else should). */
export function registerMessages(messages: Messages): void {
  CATALOGUES[messages.lang] = messages;
}

/** The catalogue for `lang` (English when undefined, or when loadLanguage(lang) was never awaited — a bug). */
export function messagesFor(lang: Lang | undefined): Messages {
  return CATALOGUES[lang ?? 'en'] ?? en;
}
