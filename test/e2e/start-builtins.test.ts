// Which of Node's own modules a short run loads. node:zlib brings Node's stream machinery with it (about
// twenty modules, 3-4 ms of a start): the launcher checksums its code cache with zlib's CRC-32 through zlib's
// binding (bin/code-cache.cjs), and the bundle loads node:zlib on first use (a gzip dump, a full batch of
// diagnoses). Each run writes its report to a file, as `> out.txt` does: no stream is built for stdout then
// (src/cli/terminal.ts), so a stream module in the list was loaded by something else.
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, fixture } from '../support/cli.js';
import { BUILTINS_HOOK } from './support/load-recorder.js';

const dir = mkdtempSync(join(tmpdir(), 'kdiag-start-builtins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ONE = fixture('real/admission-failed-create.yaml');
const STREAM_MODULES = ['NativeModule zlib', 'NativeModule stream', 'NativeModule internal/streams/readable'];

let runs = 0;
/** kdiag with `args`, stdout to a file; what it printed, and the builtins it loaded. `cache`: its cache directory. */
function run(args: string[], cache: string, env: Record<string, string> = {}): { code: number | null; stdout: string; stderr: string; loaded: string[] } {
  const n = ++runs;
  const out = join(dir, `out-${n}.txt`);
  const builtins = join(dir, `builtins-${n}.txt`);
  const fd = openSync(out, 'w');
  try {
    const r = spawnSync(process.execPath, ['-r', BUILTINS_HOOK, BIN, ...args], {
      stdio: ['ignore', fd, 'pipe'],
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: dir, NO_COLOR: '1', XDG_CACHE_HOME: cache, KDIAG_BUILTINS: builtins, ...env },
      timeout: 60_000,
    });
    return { code: r.status, stdout: readFileSync(out, 'utf8'), stderr: r.stderr, loaded: readFileSync(builtins, 'utf8').split('\n') };
  } finally {
    closeSync(fd);
  }
}
const cacheFiles = (cache: string): string[] => readdirSync(join(cache, 'kdiag', 'code-cache')).filter((f) => f.endsWith('-analyze.bin'));

describe('a one-file analyze loads neither node:zlib nor the stream modules', () => {
  const cache = mkdtempSync(join(dir, 'cache-'));
  it('the run that writes the code cache and the run that reads it', () => {
    const first = run(['analyze', ONE], cache);
    expect(first.code).toBe(1);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('admission');
    expect(cacheFiles(cache)).toHaveLength(1);
    const second = run(['analyze', ONE], cache);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toBe('');
    for (const r of [first, second]) {
      expect(r.loaded).toContain('NativeModule vm'); // the launcher ran, and the list is whole
      expect(r.loaded).toContain('Internal Binding zlib'); // the checksum's binding
      for (const m of STREAM_MODULES) expect(r.loaded).not.toContain(m);
    }
  });

  it('near miss: a gzip dump loads node:zlib, and is read', () => {
    const gz = join(dir, 'one.yaml.gz');
    writeFileSync(gz, gzipSync(readFileSync(ONE)));
    const plain = run(['analyze', ONE], cache);
    const r = run(['analyze', gz], cache);
    expect(r.stderr).toBe('');
    expect(r.stdout.replaceAll(gz, ONE)).toBe(plain.stdout); // the notes name the file read
    expect(r.loaded).toContain('NativeModule zlib');
  });
});

describe('where process.binding() would print a deprecation warning, the launcher loads node:zlib instead', () => {
  for (const [name, env] of [['NODE_OPTIONS=--pending-deprecation', { NODE_OPTIONS: '--pending-deprecation' }], ['NODE_PENDING_DEPRECATION=1', { NODE_PENDING_DEPRECATION: '1' }], ['and --throw-deprecation', { NODE_OPTIONS: '--pending-deprecation --throw-deprecation' }]] as const) {
    it(`${name}: nothing on stderr, the same report, and a code cache written and read`, () => {
      const cache = mkdtempSync(join(dir, 'cache-'));
      const plain = run(['analyze', ONE], mkdtempSync(join(dir, 'cache-')));
      const first = run(['analyze', ONE], cache, env);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(1);
      expect(first.stdout).toBe(plain.stdout);
      expect(first.loaded).toContain('NativeModule zlib');
      // The file the module's CRC-32 wrote is the one the binding's reads: the same function.
      expect(cacheFiles(cache)).toHaveLength(1);
      const written = readFileSync(join(cache, 'kdiag', 'code-cache', cacheFiles(cache)[0]!));
      const second = run(['analyze', ONE], cache);
      expect(second.stderr).toBe('');
      expect(second.stdout).toBe(plain.stdout);
      expect(second.loaded).not.toContain('NativeModule zlib');
      // Taken, not refused: a run that took a whole file leaves it as it was.
      expect(readFileSync(join(cache, 'kdiag', 'code-cache', cacheFiles(cache)[0]!)).equals(written)).toBe(true);
    });
  }
});
