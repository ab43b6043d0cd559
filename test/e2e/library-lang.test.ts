import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, ROOT } from '../support/cli.js';

// The library entry (dist/lib/index.js) as a program embedding kdiag uses it, in a fresh process: zh-TW words
// come after `await loadLanguage('zh-TW')`; before it (a caller's bug) the report is English, never half-translated.
const SCRIPT = `
const kdiag = await import(${JSON.stringify(resolve(ROOT, 'dist/lib/index.js'))});
const { snapshot } = kdiag.readDumps([${JSON.stringify(fixture('real/image-not-found.yaml'))}]);
const render = () => {
  const engine = new kdiag.Engine(snapshot, { ruleOptions: { lang: 'zh-TW' } });
  return kdiag.renderDiagnosis(engine.diagnosePod(snapshot.pods[0]), 'text', { color: false, lang: 'zh-TW' });
};
const before = render();
await kdiag.loadLanguage('zh-TW');
await kdiag.loadLanguage('zh-TW');
process.stdout.write(JSON.stringify({ before, after: render() }));
`;

describe('the library loads zh-TW on demand', () => {
  it('renders zh-TW after loadLanguage, English before', () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
    expect(r.stderr).toBe('');
    const { before, after } = JSON.parse(r.stdout) as { before: string; after: string };
    expect(after).toContain('診斷');
    expect(after).not.toContain('Cause:');
    expect(before).not.toMatch(/[\u4e00-\u9fff]/);
    expect(before).toContain('FAILING at image');
  });
});
