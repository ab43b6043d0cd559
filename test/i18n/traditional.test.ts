import { readFileSync } from 'node:fs';
import OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';

// The zh-TW text lives in these files; every Chinese run in them is checked (template text included).
const CATALOGUES = ['src/i18n/zh-TW.ts', 'src/i18n/rules.zh-TW.ts', 'docs/glossary.zh-TW.md'];
const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
// OpenCC's character table (Simplified → Traditional, Taiwan variants): a run it changes has a Simplified character.
const toTw = OpenCC.Converter({ from: 'cn', to: 'tw' });
// OpenCC's Taiwan table prefers the official 臺 to 台; both are Traditional and 台 is the everyday Taiwan form.
const toTraditional = (text: string): string => toTw(text).replace(/臺/g, '台');

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

  it('the glossary lists terms to use and terms to avoid', () => {
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.find((r) => r.use.includes('映像檔'))?.avoid).toContain('镜像');
    expect(rows.find((r) => r.use.includes('設定'))?.avoid).toContain('配置');
  });

  for (const file of CATALOGUES.filter((f) => !f.endsWith('.md'))) {
    const text = readFileSync(file, 'utf8');

    it(`${file} has no Simplified characters`, () => {
      const simplified = [...new Set(text.match(CJK_RUN) ?? [])].filter((run) => toTraditional(run) !== run.replace(/臺/g, '台'));
      expect(simplified).toEqual([]);
    });

    it(`${file} uses none of the glossary's mainland terms`, () => {
      const found: string[] = [];
      for (const row of rows) for (const term of row.avoid) if (offending(text, term, row.use).length > 0) found.push(term);
      expect(found).toEqual([]);
    });
  }

  it('the checks catch what they are meant to catch', () => {
    // Near misses: a Simplified character, a mainland term in Traditional script, and an allowed compound.
    expect(toTraditional('镜像拉取失败')).not.toBe('镜像拉取失败');
    expect(toTraditional('映像檔拉取失敗')).toBe('映像檔拉取失敗');
    const process = rows.find((r) => r.avoid.includes('程序'))!;
    expect(offending('請檢查應用程序的設定', '程序', process.use)).toHaveLength(1);
    const config = rows.find((r) => r.avoid.includes('配置'))!;
    expect(offending('請檢查 Pod 的配置', '配置', config.use)).toHaveLength(1);
  });
});
