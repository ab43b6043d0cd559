import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simplifiedIn } from '../harness/simplified.js';

// The zh-TW text lives in these files; every Chinese run in them is checked (template text included).
// Every file under src/i18n whose path names zh-TW (catalogues, rule messages, phrases, help, errors), and the glossary.
const CATALOGUES = [
  ...(readdirSync('src/i18n', { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.includes('zh-TW') && f.endsWith('.ts')).map((f) => `src/i18n/${f}`),
  'docs/glossary.zh-TW.md',
];

interface Row {
  use: string[];
  avoid: string[];
}

/** The glossary's table: `| English | 使用 | 不用 |`. Terms in parentheses are notes, not terms. */
function glossary(): Row[] {
  const text = readFileSync('docs/glossary.zh-TW.md', 'utf8');
  const terms = (cell: string): string[] =>
    cell
      .replace(/（[^）]*）/g, '')
      .split(/[、/]/)
      .map((t) => t.trim())
      .filter((t) => t !== '' && t !== '—');
  return text
    .split('\n')
    .filter((l) => /^\|[^|-]/.test(l) && !l.startsWith('| English'))
    .map((l) => l.split('|').map((c) => c.trim()))
    .map((cells) => ({ use: terms(cells[2] ?? ''), avoid: terms(cells[3] ?? '') }));
}

/** Where `term` occurs in `text` outside every allowed term of its row (程序 inside 處理程序 is fine). */
function offending(text: string, term: string, allowed: readonly string[]): number[] {
  const hits: number[] = [];
  for (let i = text.indexOf(term); i >= 0; i = text.indexOf(term, i + 1)) {
    const inside = allowed.some((a) => {
      const k = a.indexOf(term);
      return k >= 0 && text.startsWith(a, i - k);
    });
    if (!inside) hits.push(i);
  }
  return hits;
}

describe('zh-TW text is Traditional Chinese in Taiwan usage', () => {
  const rows = glossary();
  // A term to avoid may sit inside a term to use of any row (代碼 in 結束代碼, 用戶 in 用戶端).
  const allowed = rows.flatMap((r) => r.use);

  it('the glossary lists terms to use and terms to avoid', () => {
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.find((r) => r.use.includes('映像檔'))?.avoid).toContain('镜像');
    expect(rows.find((r) => r.use.includes('設定'))?.avoid).toContain('配置');
  });

  for (const file of CATALOGUES.filter((f) => !f.endsWith('.md'))) {
    const text = readFileSync(file, 'utf8');

    it(`${file} has no Simplified characters`, () => {
      expect(simplifiedIn(text)).toEqual([]);
    });

    it(`${file} uses none of the glossary's mainland terms`, () => {
      const found: string[] = [];
      for (const row of rows) for (const term of row.avoid) if (offending(text, term, allowed).length > 0) found.push(term);
      expect(found).toEqual([]);
    });
  }

  it('the checks catch what they are meant to catch', () => {
    // Near misses: a Simplified character, a mainland term in Traditional script, and an allowed compound.
    expect(simplifiedIn('镜像拉取失败')).toEqual(['镜', '败']);
    expect(simplifiedIn('映像檔拉取失敗，說明了這台節點的准入')).toEqual([]);
    expect(offending('請檢查應用程序的設定', '程序', allowed)).toHaveLength(1);
    expect(offending('交給處理程序', '程序', allowed)).toHaveLength(0);
    expect(offending('請檢查 Pod 的配置', '配置', allowed)).toHaveLength(1);
    expect(offending('結束代碼 137', '代碼', allowed)).toHaveLength(0);
  });
});
