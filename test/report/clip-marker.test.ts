// The marker after clipped cluster text is in the report's language in text, Markdown and error lines; the
// JSON keeps the English marker (a machine field, the same in every language).
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportError } from '../../src/cli/exit-codes.js';
import { Engine } from '../../src/engine/diagnose.js';
import type { Diagnosis } from '../../src/engine/diagnosis.js';
import { ClusterError } from '../../src/errors.js';
import { messagesFor } from '../../src/i18n/index.js';
import { loadLanguage } from '../../src/i18n/load.js';
import { renderJson } from '../../src/report/json.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderText } from '../../src/report/text.js';
import { clip } from '../../src/text/neutralize.js';
import { readDumps } from '../../src/sources/dump.js';
import { ROOT } from '../support/cli.js';

function longEvidence(lang: 'en' | 'zh-TW'): Diagnosis {
  const engine = new Engine(readDumps([resolve(ROOT, 'fixtures/real/container-crash-loop.yaml')]).snapshot, { ruleOptions: { lang } });
  const d = engine.snapshot.pods.map((p) => engine.diagnosePod(p)).find((x) => x.status === 'failing')!;
  d.findings[0]!.evidence.push({ source: 'log', text: `panic: ${'x'.repeat(5000)}` });
  return d;
}

describe('the clip marker', () => {
  beforeAll(() => loadLanguage('zh-TW'));

  it('zh-TW text and Markdown say how much was cut in Chinese; English keeps its words', () => {
    // The wrap may break the marker at one of its spaces: compare with the lines joined.
    const zh = renderText(longEvidence('zh-TW'), { color: false, width: 80, lang: 'zh-TW' }).replace(/\n +/g, ' ');
    expect(zh).toMatch(/…［還有 4,?\d{3} 個字元］/);
    expect(zh).not.toContain('more characters');
    const md = renderMarkdown(longEvidence('zh-TW'), 'zh-TW');
    expect(md).toMatch(/…［還有 4,?\d{3} 個字元］/);
    // Near miss: the English report is unchanged.
    expect(renderText(longEvidence('en'), { color: false, width: 80 }).replace(/\n +/g, ' ')).toMatch(/… \[4,?\d{3} more characters\]/);
  });

  it('the JSON keeps the evidence as read (clipped where kdiag read it, never relabelled)', () => {
    const json = renderJson(longEvidence('zh-TW'));
    expect(json).not.toContain('還有');
  });

  it('an error line that quotes clipped server text carries the Chinese marker', () => {
    const lines: string[] = [];
    const err = new ClusterError('E_SERVER', `the API server answered 500 for pods: ${clip('boom '.repeat(100), 50)}`);
    reportError(err, false, (l) => lines.push(l), messagesFor('zh-TW'));
    expect(lines[0]).toContain('…［還有 450 個字元］');
    const en: string[] = [];
    reportError(err, false, (l) => en.push(l));
    expect(en[0]).toContain('… [450 more characters]');
  });
});
