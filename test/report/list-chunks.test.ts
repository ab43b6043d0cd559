// Lists are written in pieces in every format; the pieces must join to exactly the text of the report as one
// string. Text and Markdown are checked against the one-string renderers as they were before they were cut
// into pieces (kept here as the reference); YAML against one YAML document of the whole list.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { diagnoseAll } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { diagnosisList, type Diagnosis, type DiagnosisList } from '../../src/engine/diagnosis.js';
import { messagesFor } from '../../src/i18n/index.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { ReportOptions } from '../../src/report/options.js';
import { renderList, renderListChunks, type OutputFormat } from '../../src/report/render.js';
import { clip } from '../../src/report/sanitize.js';
import { causeOf, subjectName } from '../../src/report/subject.js';
import { renderSummaryTable, sortForTable } from '../../src/report/table.js';
import { renderText } from '../../src/report/text.js';
import { renderYaml, renderYamlListChunks } from '../../src/report/yaml.js';
import { readDumps } from '../../src/sources/dump.js';

const ROOT = resolve(import.meta.dirname, '../../fixtures');
const files = ['real', 'synthetic', 'examples'].flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(ROOT, d, f)));
const NOW = Date.parse('2026-12-01T12:00:00Z');
const META = { unreadable: [{ kind: 'Node', reason: 'forbidden (needs list on nodes)' }], notes: ['node state not visible: forbidden'] };

// The one-string renderers before this change, verbatim but for their names.
function textListAsOneString(list: DiagnosisList, options: ReportOptions): string {
  if (list.items.length === 0) return `${messagesFor(options.lang).report.noPods}\n`;
  const parts = [renderSummaryTable(list, options)];
  const detailed = sortForTable(list.items).filter((d) => d.status !== 'healthy' || options.verbose);
  for (const d of detailed) parts.push(renderText(d, options));
  return parts.join('\n');
}
function markdownListAsOneString(list: DiagnosisList): string {
  const t = messagesFor('en');
  const h = t.markdown.head;
  const md = (text: string): string => clip(text, 1000).replace(/([\\`*_[\]<>|])/g, '\\$1');
  const items = sortForTable(list.items);
  const rows = items.map((d) => `| ${md(subjectName(d))} | ${t.status[d.status]} | ${d.stage ? t.stage[d.stage] : '-'} | ${md(causeOf(d, t))} |`);
  const table = [`| ${h.pod} | ${h.status} | ${h.stage} | ${h.cause} |`, '|---|---|---|---|', ...rows].join('\n');
  const details = items.filter((d) => d.status !== 'healthy').map((d) => renderMarkdown(d));
  return [`## ${t.markdown.items({ items: list.items.length })}`, '', table, '', ...details].join('\n');
}

const diagnosed = (paths: string[]): Diagnosis[] => diagnoseAll(new Engine(readDumps(paths).snapshot, { now: NOW }));
const cases: Array<[string, Diagnosis[]]> = [...files.map((f): [string, Diagnosis[]] => [f.slice(ROOT.length + 1), diagnosed([f])]), ['every fixture as one list', diagnosed(files)]];
const joined = (list: DiagnosisList, format: OutputFormat, options: ReportOptions = { color: false }): string => [...renderListChunks(list, format, options)].join('');

describe('a list written in pieces is the list as one string', () => {
  it.each(cases)('%s', (_name, items) => {
    for (const meta of [undefined, META]) {
      const list = diagnosisList(items, meta);
      for (const options of [{ color: false, width: 80 }, { color: true, verbose: true, width: 120 }, { color: false, wide: true }]) {
        expect(joined(list, 'text', options)).toBe(textListAsOneString(list, options));
      }
      expect(joined(list, 'markdown')).toBe(markdownListAsOneString(list));
      expect(joined(list, 'yaml')).toBe(renderYaml(list));
      expect(joined(list, 'json')).toBe(renderList(list, 'json', { color: false }));
    }
  });

  it('YAML in pieces of 1, 2, 3 and 64 items, with and without what could not be read, and empty', () => {
    const [, items] = cases[cases.length - 1]!;
    for (const meta of [undefined, META]) {
      for (const per of [1, 2, 3, 64, items.length, items.length + 1]) {
        const chunks = [...renderYamlListChunks(diagnosisList([], meta), items, per)];
        expect(chunks.join('')).toBe(renderYaml(diagnosisList(items, meta)));
        if (per < items.length) expect(chunks.length).toBeGreaterThan(1);
      }
      expect([...renderYamlListChunks(diagnosisList([], meta), [])].join('')).toBe(renderYaml(diagnosisList([], meta)));
    }
  });

  it('YAML has no anchors or aliases (a workload repeats its Pods\' findings): every item stands alone and reads back as the JSON', () => {
    const [, items] = cases[cases.length - 1]!;
    // Shared objects are really there: the YAML library would otherwise write them as `&a1` / `*a1`.
    const findings = new Set<unknown>();
    let shared = 0;
    for (const d of items) for (const f of d.findings) findings.has(f) ? shared++ : findings.add(f);
    expect(shared).toBeGreaterThan(0);
    const text = joined(diagnosisList(items), 'yaml');
    expect(text).not.toMatch(/^\s*(?:- )?(?:[\w-]+: )?[&*]a\d+$/m);
    expect(parse(text)).toEqual(JSON.parse(JSON.stringify(diagnosisList(items))));
  });

  it('an empty list in every format', () => {
    for (const format of ['text', 'markdown', 'yaml', 'json'] as const) expect(joined(diagnosisList([]), format)).toBe(renderList(diagnosisList([]), format, { color: false }));
  });
});
