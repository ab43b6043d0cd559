import { describe, expect, it } from 'vitest';
import { parseLang, resolveLang } from '../../src/i18n/lang.js';

describe('language selection', () => {
  it.each([
    ['zh-TW', 'zh-TW'],
    ['zh_TW.UTF-8', 'zh-TW'],
    ['zh_TW.utf8@euro', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh_HK.UTF-8', 'zh-TW'],
    ['zh_MO', 'zh-TW'],
    ['en', 'en'],
    ['en_US.UTF-8', 'en'],
    ['C', 'en'],
    ['POSIX', 'en'],
    ['zh_CN.UTF-8', undefined],
    ['zh', undefined],
    ['fr_FR.UTF-8', undefined],
    ['', undefined],
  ])('parseLang(%j) is %j', (value, lang) => {
    expect(parseLang(value)).toBe(lang);
  });

  it('--lang wins over KDIAG_LANG and the locale', () => {
    expect(resolveLang('en', { KDIAG_LANG: 'zh-TW', LC_ALL: 'zh_TW.UTF-8' })).toBe('en');
    expect(resolveLang('zh-TW', { KDIAG_LANG: 'en', LANG: 'en_US.UTF-8' })).toBe('zh-TW');
  });

  it('KDIAG_LANG wins over the locale', () => {
    expect(resolveLang(undefined, { KDIAG_LANG: 'zh-TW', LANG: 'en_US.UTF-8' })).toBe('zh-TW');
    expect(resolveLang(undefined, { KDIAG_LANG: 'en', LC_ALL: 'zh_TW.UTF-8' })).toBe('en');
  });

  it('LC_ALL, then LC_MESSAGES, then LANG: the first one set decides', () => {
    expect(resolveLang(undefined, { LC_ALL: 'zh_TW.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-TW');
    expect(resolveLang(undefined, { LC_ALL: 'C', LANG: 'zh_TW.UTF-8' })).toBe('en');
    expect(resolveLang(undefined, { LC_MESSAGES: 'zh_HK.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-TW');
    expect(resolveLang(undefined, { LC_ALL: '', LC_MESSAGES: '', LANG: 'zh_TW.UTF-8' })).toBe('zh-TW');
  });

  it('a locale kdiag has no catalogue for is English, not an error', () => {
    expect(resolveLang(undefined, { LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(resolveLang(undefined, { LANG: 'de_DE.UTF-8' })).toBe('en');
    expect(resolveLang(undefined, {})).toBe('en');
  });

  it('a bad --lang or KDIAG_LANG is a usage error naming the source', () => {
    expect(() => resolveLang('klingon', {})).toThrow(/--lang: unknown language "klingon"/);
    expect(() => resolveLang(undefined, { KDIAG_LANG: 'zh-CN' })).toThrow(/KDIAG_LANG: unknown language "zh-CN"/);
  });
});
