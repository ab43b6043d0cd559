// node-versions: Intl.Segmenter and East Asian widths from Node's ICU
// Text for people fits the terminal: every fixture, rendered the ways a person sees it (analyze/scan list,
// one Pod, one workload), at 80 and 120 columns, has no line wider than the terminal (string-width counts
// columns: full-width CJK is 2).
import { resolve } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { diagnoseAll, diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { diagnosisList, type Diagnosis } from '../../src/engine/diagnosis.js';
import { renderScanText } from '../../src/report/table.js';
import { renderText, renderTextList } from '../../src/report/text.js';
import { renderWorkloadText } from '../../src/report/workload.js';
import { readDumps } from '../../src/sources/dump.js';
import { fixtureFiles } from '../scenarios/expectations.js';
import { columns, fit, wrap } from '../../src/report/width.js';
import { renderColumns } from '../../src/report/columns.js';
import { causeOf } from '../../src/report/subject.js';
import { messagesFor } from '../../src/i18n/index.js';
import { COMMAND_ROW } from '../terminal/view-checks.js';

const ROOT = resolve(import.meta.dirname, '../../fixtures');
const FILES = ['real', 'synthetic', 'examples'].flatMap((k) => fixtureFiles(resolve(ROOT, k)));

/** A command on a line of its own: never wrapped (it must stay pasteable), so it may be wider than the terminal. */

function widest(text: string): { width: number; line: string } {
  return text.split('\n').filter((l) => !COMMAND_ROW.test(l)).reduce((best, line) => (stringWidth(line) > best.width ? { width: stringWidth(line), line } : best), { width: 0, line: '' });
}

describe('every fixture fits the terminal', () => {
  it('there are fixtures', () => expect(FILES.length).toBeGreaterThan(40));
  for (const width of [80, 120]) {
    it(`at ${width} columns: analyze, scan, each Pod and each workload`, () => {
      let lines = 0;
      for (const file of FILES) {
        const engine = new Engine(readDumps([file]).snapshot);
        const items = diagnoseAll(engine);
        const options = { color: false, width, now: engine.now };
        const texts = [renderTextList(diagnosisList(items), options), renderScanText(items, engine.snapshot.meta.notes, options)];
        for (const pod of engine.snapshot.pods) texts.push(renderText(engine.diagnosePod(pod), { ...options, verbose: true }));
        for (const d of engine.snapshot.deployments) texts.push(renderWorkloadText(`Deployment ${d.metadata?.name}`, diagnoseWorkloadTarget(engine, 'Deployment', d), options));
        for (const t of texts) {
          lines += t.split('\n').length;
          const w = widest(t);
          expect(w.width, `${file}: ${w.line}`).toBeLessThanOrEqual(width);
        }
      }
      expect(lines).toBeGreaterThan(1000);
    });
  }

  it('colour does not count: the coloured report is as wide as the plain one', () => {
    const engine = new Engine(readDumps([resolve(ROOT, 'examples/shop.yaml')]).snapshot);
    const items = diagnoseAll(engine);
    const plain = renderTextList(diagnosisList(items), { color: false, width: 80, now: engine.now });
    const coloured = renderTextList(diagnosisList(items), { color: true, width: 80, now: engine.now });
    expect(coloured).toMatch(/\u001b\[/);
    expect(coloured.replace(/\u001b\[[0-9;]*m/g, '')).toBe(plain);
  });
});

describe('the scan table', () => {
  const engine = new Engine(readDumps([resolve(ROOT, 'examples/shop.yaml')]).snapshot);
  const items = diagnoseAll(engine);

  it('is sized to its content, CAUSE last; too wide for the terminal, CAUSE goes under its row, nothing is cut', () => {
    const full = renderScanText(items, [], { color: false, now: engine.now }).split('\n');
    expect(full[0]).toMatch(/^NAME {3,}STATUS {3,}STAGE {3,}RESTARTS {3}AGE {3,}CAUSE$/);
    const lines = renderScanText(items, [], { color: false, width: 80, now: engine.now }).split('\n');
    expect(lines[0]).toMatch(/^NAME {3,}STATUS {3,}STAGE {3,}RESTARTS {3}AGE$/);
    expect(lines.every((l) => stringWidth(l) <= 80)).toBe(true);
    expect(lines.join('\n')).not.toContain('…');
    for (const d of items) {
      expect(lines.some((l) => l.startsWith(`${d.pod!.name} `))).toBe(true);
      expect(lines).toContain(`    ${causeOf(d, messagesFor('en'))}`);
    }
  });

  it('wide: every column and nothing cut', () => {
    const text = renderScanText(items, [], { color: false, wide: true, now: engine.now });
    expect(text.split('\n')[0]).toMatch(/^NAME .* NODE .* RULE .* CAUSE$/);
    expect(text).not.toContain('…');
    expect(text).toContain('image/not-found');
  });

  it('a NAMESPACE column only when the rows span namespaces', () => {
    const many = diagnoseAll(new Engine(readDumps([resolve(ROOT, 'real')]).snapshot));
    expect(renderScanText(many, [], { color: false, width: 200 }).split('\n')[0]).toMatch(/^NAMESPACE {3,}NAME /);
    expect(renderScanText(items, [], { color: false, width: 200 }).split('\n')[0]).toMatch(/^NAME /);
  });

  it('failing first in the table and in the details', () => {
    const text = renderTextList(diagnosisList([...items].reverse()), { color: false, width: 200, now: engine.now });
    const table = text.split('\n\n')[0]!.split('\n').slice(1);
    const statuses = table.map((l) => l.split(/ {3,}/)[1]);
    expect(statuses, 'one rendered row per Pod, each with its status').toHaveLength(items.length);
    expect(statuses).toContain('failing');
    expect(statuses).toContain('healthy');
    expect(statuses).toEqual([...statuses].sort((a, b) => ['failing', 'progressing', 'healthy'].indexOf(a!) - ['failing', 'progressing', 'healthy'].indexOf(b!)));
    const detailOrder = [...text.matchAll(/^Pod (\S+)/gm)].map((m) => m[1]);
    expect(detailOrder).toEqual(['shop/api-7d9f5c6b8-x2k4p', 'shop/search-0', 'shop/worker-5d8c7b6a9-m2n3b']);
  });
});

describe('width helpers (string-width / wrap-ansi)', () => {
  it('full-width CJK takes 2 columns', () => {
    expect(columns('日本語')).toBe(6);
    const [row] = renderColumns(['NAME', 'CAUSE'], [[{ text: 'ポッド-名前' }, { text: '原因がとても長い説明です原因がとても長い説明です' }]], { width: 30, shrink: [{ column: 1, min: 5 }] }).slice(1);
    expect(stringWidth(row!)).toBeLessThanOrEqual(30);
    expect(row).toMatch(/…$/);
  });

  it('fit cuts with one "…" and leaves short text alone', () => {
    expect(fit('abcdef', 4)).toBe('abc…');
    expect(fit('abc', 4)).toBe('abc');
    expect(fit('日本語です', 5)).toBe('日本…');
  });

  it('wrap: hanging indent, long words broken, no blank line for a trailing newline', () => {
    expect(wrap('one two three four five', 14, '  • ', '    ')).toEqual(['  • one two', '    three four', '    five']);
    expect(wrap('message\n', 40, '  • ', '    ')).toEqual(['  • message']);
    expect(wrap('x'.repeat(25), 14, '- ', '  ').every((l) => l.length <= 14)).toBe(true);
    expect(wrap('a\n  indented line here', 14, '', '')).toEqual(['a', '  indented', '  line here']);
  });
});
