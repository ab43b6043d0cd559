import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, ROOT } from '../support/cli.js';
import { recordLoads } from './support/load-recorder.js';

// The contract of src/i18n/load.ts: an English run loads no zh-TW catalogue. Each command below runs the built
// bin under a module hook that records every file Node loads; no loaded file may hold a Han character (the build
// writes non-ASCII text as UTF-8, scripts/build.mjs, and the ASCII CLI bundle as \u escapes, looked for too). A static
// import of a zh-TW module anywhere on the path fails this.
const HAN = /[\u4e00-\u9fff]/;
// The CLI bundle is ASCII (scripts/build.mjs): a catalogue bundled into it reads as escapes, runs of Han characters (kdiag's own
// code holds at most two in a row: the zh-TW error prefix it strips).
const ESCAPED_HAN = /(?:\\u[4-9][0-9a-fA-F]{3}){4}/;
const dir = mkdtempSync(join(tmpdir(), 'kdiag-loads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const loads = (args: string[], env: Record<string, string> = {}): { code: number; stdout: string; files: string[] } => recordLoads(dir, args, env);
const chinese = (files: string[]): string[] =>
  files
    .filter((f) => {
      const text = readFileSync(f, 'utf8');
      return HAN.test(text) || ESCAPED_HAN.test(text);
    })
    .map((f) => relative(ROOT, f));

const POD = ['pod', 'api-7d9f5c6b8-x2k4p', '-f', fixture('examples/shop.yaml')];

describe('English runs load no zh-TW catalogue', () => {
  const commands: [string, string[]][] = [
    ['--version', ['--version']],
    ['--help', ['--help']],
    ['pod --help', ['pod', '--help']],
    ['pod -f (text)', POD],
    ['pod -f -o json', [...POD, '-o', 'json']],
    ['analyze', ['analyze', fixture('examples/shop.yaml')]],
    ['scan -f', ['scan', '-f', fixture('examples/shop.yaml')]],
    ['rules', ['rules']],
    ['explain', ['explain', 'image/not-found']],
    ['lifecycle', ['lifecycle']],
    ['an unknown flag (usage error)', ['pod', 'x', '--bogus']],
    ['a missing file (input error)', ['pod', 'x', '-f', join(dir, 'missing.yaml')]],
  ];
  it('a bare --version loads only the launcher and the version module, not the CLI', () => {
    expect(loads(['--version']).files.map((f) => relative(ROOT, f)).filter((f) => !f.includes('chunk-'))).toEqual(['bin/kdiag.js', 'dist/cli/version.cjs']);
  });
  for (const [name, args] of commands) {
    it(name, () => {
      const r = loads(args);
      expect(r.files.some((f) => f.includes(join('dist', 'cli', ''))), 'the hook saw the bundle load').toBe(true);
      expect(chinese(r.files)).toEqual([]);
    });
  }
  it('LANG=C.UTF-8 and an unknown locale are English too', () => {
    expect(chinese(loads(POD, { LANG: 'C.UTF-8' }).files)).toEqual([]);
    expect(chinese(loads(POD, { LC_ALL: 'de_DE.UTF-8' }).files)).toEqual([]);
  });
});

describe('zh-TW runs load the catalogues (the check above can fail)', () => {
  const ways: [string, string[], Record<string, string>][] = [
    ['--lang zh-TW', [...POD, '--lang', 'zh-TW'], {}],
    ['--lang=zh-TW before the command', ['--lang=zh-TW', ...POD], {}],
    ['KDIAG_LANG', POD, { KDIAG_LANG: 'zh-TW' }],
    ['LC_MESSAGES over LANG', POD, { LANG: 'en_US.UTF-8', LC_MESSAGES: 'zh_TW.UTF-8' }],
    ['--help', ['--help'], { LANG: 'zh_TW.UTF-8' }],
    ['an error line', ['pod', 'x', '-f', join(dir, 'missing.yaml')], { LC_ALL: 'zh_TW.UTF-8' }],
    ['explain', ['explain', 'image/not-found', '--lang', 'zh-TW'], {}],
  ];
  for (const [name, args, env] of ways) {
    it(name, () => {
      const r = loads(args, env);
      expect(chinese(r.files).length).toBeGreaterThan(0);
    });
  }
});
