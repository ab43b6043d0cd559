import { UsageError } from '../errors.js';

import { LANGS, type Lang } from '../model/lang.js';

export { LANGS, type Lang };

/**
 * A language tag or POSIX locale as a kdiag language: `zh-TW`, `zh_TW.UTF-8`, `zh-Hant`, `zh_HK` (Hong Kong
 * and Macau read Traditional characters, so they get zh-TW) → `zh-TW`; `en*`, `C`, `POSIX` → `en`.
 * Anything else (including zh_CN: there is no Simplified catalogue) is undefined.
 */
export function parseLang(value: string): Lang | undefined {
  const tag = value.trim().split(/[.@]/)[0]!.replace(/_/g, '-').toLowerCase();
  if (tag === '') return undefined;
  if (tag === 'en' || tag.startsWith('en-') || tag === 'c' || tag === 'posix') return 'en';
  if (/^zh-(tw|hk|mo|hant)(-|$)/.test(tag)) return 'zh-TW';
  return undefined;
}

/**
 * The language of this run: `--lang`, then `KDIAG_LANG`, then the first set of LC_ALL, LC_MESSAGES, LANG (the
 * POSIX order); English when none selects a language kdiag has. A bad `--lang` or KDIAG_LANG is a usage error,
 * a locale kdiag has no catalogue for is English.
 */
export function resolveLang(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): Lang {
  for (const [value, source] of [[flag, '--lang'], [env.KDIAG_LANG, 'KDIAG_LANG']] as const) {
    if (value === undefined || value === '') continue;
    const lang = parseLang(value);
    if (!lang) throw new UsageError(`${source}: unknown language "${value}"`, { hint: `use one of: ${LANGS.join(', ')}` });
    return lang;
  }
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  return (locale && parseLang(locale)) || 'en';
}
