// node-versions: V8's heap limit and heap statistics
// The heap budget: one clear InputError with the sizes when what is held (or about to be) would not fit.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { checkHeapRoom, maxOldSpaceFlag } from '../../src/sources/heap-budget.js';
import { kdiag } from '../support/cli.js';

const MiB = 2 ** 20;
const heap = (used: number, limit: number) => () => ({ used: used * MiB, limit: limit * MiB });

describe('checkHeapRoom', () => {
  it('passes while the heap has room for what is held and what comes next', () => {
    expect(() => checkHeapRoom(() => 'pods', 0, heap(100, 1024))).not.toThrow();
    expect(() => checkHeapRoom(() => 'pods', 500 * MiB, heap(100, 1024))).not.toThrow();
  });

  it('refuses past 85% of the limit, or when the next step would not fit, naming the sizes', () => {
    const refuse = (): void => checkHeapRoom(() => 'the 120,000 pods listed so far', 0, heap(900, 1024));
    expect(refuse).toThrow(InputError);
    expect(refuse).toThrow(/^the 120,000 pods listed so far do not fit in memory: 900 MiB of the 1.0 GiB heap in use$/);
    expect(() => checkHeapRoom(() => 'big.json', 800 * MiB, heap(300, 1024))).toThrow(/big\.json do not fit in memory: 300 MiB of the 1.0 GiB heap in use, about 800 MiB more needed/);
    expect(() => checkHeapRoom(() => 'x', 0, heap(3900, 4096))).toThrow(/3\.8 GiB of the 4\.0 GiB heap/);
  });

  it('a dump bigger than a small heap: one line and exit 2, not a V8 abort (exit 134)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kdiag-heap-'));
    // Few objects with big values: cheap to build here, 30 MB of text for the reader.
    const pods = Array.from({ length: 300 }, (_, i) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p-${i}`, namespace: 'ns', uid: `u-${i}`, annotations: { note: 'x'.repeat(100_000) } }, spec: { containers: [{ name: 'app', image: 'registry.example/app:1' }] }, status: { phase: 'Running' } }));
    const file = join(dir, 'big.json');
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: pods }));
    const r = kdiag(['analyze', file], { env: { NODE_OPTIONS: '--max-old-space-size=64' } });
    rmSync(dir, { recursive: true, force: true });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^kdiag: .*big\.json \(\d+ MiB of text\) and the dumps read before it do not fit in memory: \d+ MiB of the \d+ MiB heap in use, about \d+ MiB more needed\nhint: /);
    expect(r.stdout).toBe('');
  });
});

describe('maxOldSpaceFlag', () => {
  // Node 24 reports heap_size_limit = old space + a 192 MiB young-generation reservation, so the flag is the limit.
  it.each([
    [['--max-old-space-size=64'], 64 * 2 ** 20],
    [['--max-old-space-size', '48'], 48 * 2 ** 20],
    [['--max_old_space_size=32', '--max-old-space-size=128'], 128 * 2 ** 20],
    [['--max-old-space-size=zero'], undefined],
    [['--max-semi-space-size=64', ''], undefined],
  ])('%j → %s bytes', (args, bytes) => {
    expect(maxOldSpaceFlag(args)).toBe(bytes);
  });
});

describe('checkHeapBudget in a process of its own (its quick check depends on how Node was started)', () => {
  // The module is bundled as it is and run in a child Node: the flags, and the module's state, are per process.
  const dir = mkdtempSync(join(tmpdir(), 'kdiag-budget-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const bundle = join(dir, 'heap-budget.cjs');
  buildSync({ entryPoints: [fileURLToPath(new URL('../../src/sources/heap-budget.ts', import.meta.url))], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, logLevel: 'silent' });
  /** Asks for `more` MiB; prints "ok" or the refusal's message. */
  const ask = (more: number[], nodeFlags: string[] = [], env: NodeJS.ProcessEnv = {}): string => {
    const script = `const { checkHeapBudget } = require(${JSON.stringify(bundle)});
      for (const mib of ${JSON.stringify(more)}) {
        try { checkHeapBudget('the test input', mib * 2 ** 20, (m) => new Error(m)); console.log('ok'); } catch (e) { console.log(e.message); }
      }`;
    const r = spawnSync(process.execPath, [...nodeFlags, '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', ...env } });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.trim();
  };

  it('passes what fits and refuses what does not, on the quick path and past it', () => {
    // 8 MiB: the quick check (a small heap, no heap flag). 100 GiB: past the floor, the limit is read and refused.
    expect(ask([8, 100 * 1024, 8]).split('\n')).toEqual([
      'ok',
      expect.stringMatching(/^the test input does not fit in memory: the heap would pass \d+ MiB \(85% of Node's \d+ MiB limit\)$/),
      'ok',
    ]);
  });

  it('a heap flag on the command line or in NODE_OPTIONS turns the quick check off: a small limit is honoured', () => {
    // 20 MiB more on a few MiB in use is under the quick floor (32 MiB), but over 85% of a 24 MiB limit.
    const refused = /^the test input does not fit in memory: the heap would pass 20 MiB \(85% of Node's 24 MiB limit\)$/;
    expect(ask([20], ['--max-old-space-size=24'])).toMatch(refused);
    expect(ask([20], [], { NODE_OPTIONS: '--max-old-space-size=24' })).toMatch(refused);
    expect(ask([2], ['--max-old-space-size=24'])).toBe('ok');
    expect(ask([20])).toBe('ok');
  });
});
