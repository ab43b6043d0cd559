import { resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import type { Diagnosis } from '../../src/engine/diagnosis.js';
import { renderMarkdownList } from '../../src/report/markdown.js';
import { renderText } from '../../src/report/text.js';
import { renderYaml } from '../../src/report/yaml.js';
import { readDumps } from '../../src/sources/dump.js';

const engine = new Engine(readDumps([resolve(import.meta.dirname, '../../fixtures/examples/shop.yaml')]).snapshot);
const failing = engine.snapshot.pods.map((p) => engine.diagnosePod(p)).find((d) => d.status === 'failing')!;

describe('text report details', () => {
  it('a message ending in "\\n" gives no blank evidence line', () => {
    const primary = failing.findings[0]!;
    const d: Diagnosis = { ...failing, findings: [{ ...primary, evidence: [{ source: 'event', text: 'Back-off pulling image\n' }, { source: 'event', text: 'second\n\n' }] }] };
    const lines = renderText(d, { color: false, width: 80 }).split('\n');
    const at = lines.indexOf('Evidence');
    expect(at, 'an Evidence heading is rendered').toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 4)).toEqual(['  • Back-off pulling image', '  • second', '']);
  });

  it('"Also found" lists errors before warnings before info', () => {
    const primary = failing.findings[0]!;
    const mk = (severity: 'error' | 'warning' | 'info', rule: string) => ({ ...primary, severity, rule, message: rule });
    const d: Diagnosis = { ...failing, findings: [primary, mk('info', 'c/info'), mk('warning', 'b/warning'), mk('error', 'a/error')] };
    const text = renderText(d, { color: false, width: 120, verbose: true });
    const order = ['a/error', 'b/warning', 'c/info'].map((r) => text.indexOf(`[${r}]`));
    // Each is rendered (-1 three times would sort too), in that order.
    expect(order.every((i) => i > 0), text).toBe(true);
    expect(order[0]!).toBeLessThan(order[1]!);
    expect(order[1]!).toBeLessThan(order[2]!);
  });
});

describe('YAML output', () => {
  it('quotes timestamps and YAML 1.1 booleans, so every YAML reader reads strings back', () => {
    const d: Diagnosis = { ...failing, summary: 'yes', notes: ['on', '2026-11-30', 'yesterday'] };
    const text = renderYaml(d);
    expect(text).toMatch(/createdAt: "\d{4}-\d\d-\d\dT[^"]+"/);
    expect(text).toContain('summary: "yes"');
    expect(text).toContain('- "on"');
    expect(text).toContain('- "2026-11-30"');
    expect(text).toContain('- yesterday');
    expect(parse(text)).toEqual(JSON.parse(JSON.stringify(d)));
  });
});

describe('Markdown list', () => {
  it('puts failing Pods first in its table', () => {
    const items = engine.snapshot.pods.map((p) => engine.diagnosePod(p)).reverse();
    const rows = renderMarkdownList({ apiVersion: 'kdiag/v1', kind: 'DiagnosisList', items }).split('\n').filter((l) => /^\| .* \| (failing|progressing|healthy) \|/.test(l));
    const statuses = rows.map((r) => r.split(' | ')[1]);
    // One row per Pod, each status rendered (an empty table would pass an order check on its own).
    expect(statuses).toHaveLength(items.length);
    expect(statuses).toContain('failing');
    expect(statuses).toContain('healthy');
    const rank = (s: string | undefined): number => ['failing', 'progressing', 'healthy'].indexOf(s ?? '');
    expect(statuses.map(rank)).toEqual(statuses.map(rank).sort((a, b) => a - b));
    expect(statuses.map(rank)).not.toContain(-1);
  });
});
