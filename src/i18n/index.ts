import { en } from './en.js';
import type { Lang } from './lang.js';
import type { Messages } from './messages.js';
import { zhTW } from './zh-TW.js';

export type { Lang } from './lang.js';
export type { Messages } from './messages.js';

const CATALOGUES: Record<Lang, Messages> = { en, 'zh-TW': zhTW };

/** The catalogue for `lang` (English when undefined). */
export function messagesFor(lang: Lang | undefined): Messages {
  return CATALOGUES[lang ?? 'en'];
}
