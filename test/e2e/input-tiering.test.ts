// The built CLI tiers up later while it reads a mid-sized input (src/cli/input-tiering.ts): which runs set V8's
// flag, that the report is the same either way, and that the code cache is not written again because of it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, kdiag, ROOT } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'kdiag-tiering-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A preloaded recorder of every V8 flag set while the CLI runs (the launcher and kdiag use node:v8's setter).
const log = join(dir, 'flags.log');
const recorder = join(dir, 'record-flags.cjs');
writeFileSync(recorder, `const v8 = require('node:v8'); const set = v8.setFlagsFromString;
v8.setFlagsFromString = (flag) => { require('node:fs').appendFileSync(${JSON.stringify(log)}, flag + '\\n'); return set(flag); };\n`);
const flagsSetBy = (args: string[], nodeFlags: string[] = []): { stdout: string; code: number; flags: string[] } => {
  rmSync(log, { force: true });
  const r = kdiag(args, { nodeArgs: [...nodeFlags, '--require', recorder], env: { KDIAG_CODE_CACHE: '0' } });
  expect(r.stderr).toBe('');
  return { stdout: r.stdout, code: r.code, flags: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [] };
};

// Node 20's V8 (11) only: later majors keep their defaults.
const tiers = /^11\./.test(process.versions.v8);
const REAL = fixture('real'); // 89 dumps, 1.6 MB: past 1 MiB

describe('tiering while dumps are read', () => {
  it('a small dump sets no flag; the directory of real dumps sets the later budget once (Node 20)', () => {
    expect(flagsSetBy(['analyze', fixture('examples/shop.yaml')]).flags).toEqual([]);
    const large = flagsSetBy(['analyze', REAL, '-o', 'json']);
    expect(large.flags).toEqual(tiers ? ['--interrupt-budget=540672'] : []);
  });

  it('changes no byte of the report: the same with V8 told on Node\'s command line when to tier up (a budget given there wins)', () => {
    const ours = flagsSetBy(['analyze', REAL, '-o', 'json']);
    // Node 20: its default budget, which kdiag then leaves alone; later majors: TurboFan 8× later, as kdiag does on Node 20.
    const given = flagsSetBy(['analyze', REAL, '-o', 'json'], [tiers ? '--interrupt-budget=67584' : '--invocation-count-for-turbofan=24000']);
    expect(given.flags).toEqual([]);
    expect(ours.code).toBe(given.code);
    expect(ours.stdout).toBe(given.stdout);
    expect(JSON.parse(ours.stdout).items.length).toBeGreaterThan(50);
  });

  it("a live scan counts its answers: 1,000 Pods' and their Events' lists (about 5 MB) set the later budget once (Node 20)", async () => {
    // The bench's fake API server, in a process of its own as the bench runs it (its generator keeps a clock
    // that other test files in this worker read).
    const server = spawn(process.execPath, [join(ROOT, 'bench/fake-apiserver.mjs'), '1000', '20'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const kubeconfig = await new Promise<string>((r) => server.stdout!.once('data', (d) => r(String(d).trim())));
      const r = flagsSetBy(['scan', '-A', '--kubeconfig', kubeconfig, '-o', 'json']);
      expect(JSON.parse(r.stdout).items.length).toBeGreaterThan(100);
      // The live scan also bounds the heap's growth (a flag of its own).
      expect(r.flags.filter((f) => f.startsWith('--interrupt-budget'))).toEqual(tiers ? ['--interrupt-budget=540672'] : []);
    } finally {
      server.kill();
    }
  });

  it('the budget leaves the code cache valid: a large read reads, and does not write again, the file a large read wrote, and a small one reads it too', () => {
    // V8 keys a cache to its flags: a file it refused would be written again (test/e2e/code-cache.test.ts).
    const cache = join(dir, 'cache');
    const cacheDir = join(cache, 'kdiag', 'code-cache');
    const run = (args: string[]) => kdiag(args, { env: { XDG_CACHE_HOME: cache } });
    expect(run(['analyze', REAL]).code).toBe(1);
    const files = readdirSync(cacheDir).sort();
    expect(files.filter((f) => f.includes('-analyze'))).toEqual([expect.stringMatching(/-analyze-large\.bin$/), expect.stringMatching(/-analyze-last-large\.bin$/)]);
    const times = (): number[] => files.map((f) => statSync(join(cacheDir, f)).mtimeMs);
    const before = times();
    expect(run(['analyze', REAL]).code).toBe(1);
    expect(times()).toEqual(before);
    // The small run takes the large run's file (refused, it would write a file of its own: none is written).
    expect(run(['analyze', fixture('examples/shop.yaml')]).code).toBe(1);
    expect(readdirSync(cacheDir).sort()).toEqual(files.filter((f) => !f.endsWith('-last-large.bin')));
  });
});
