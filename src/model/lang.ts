/** The languages kdiag speaks. English is the default and the language of every machine field. */
export const LANGS = ['en', 'zh-TW'] as const;
export type Lang = (typeof LANGS)[number];
