import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, fixture, kdiag, kdiagAsync, type Run } from '../support/cli.js';

// bin/kdiag.js compiles the CLI bundle through vm.Script with a V8 code cache written after the run, under
// $XDG_CACHE_HOME/kdiag/code-cache (README, Performance: Start-up). The cache changes how fast a run starts,
// never what it prints: every case below compares the whole output with a run that has no cache at all.
const root = mkdtempSync(join(tmpdir(), 'kdiag-code-cache-'));
chmodSync(root, 0o755); // mkdtemp's 0700 would keep out the unprivileged user of the read-only HOME case
afterAll(() => rmSync(root, { recursive: true, force: true }));

const POD = ['pod', 'api-7d9f5c6b8-x2k4p', '-f', fixture('examples/shop.yaml')];
let n = 0;
const fresh = (): string => {
  const dir = join(root, `c${n++}`);
  mkdirSync(dir);
  return dir;
};
const run = (cache: string, args = POD, env: Record<string, string> = {}): Run => kdiag(args, { env: { XDG_CACHE_HOME: cache, ...env } });
const cacheDir = (cache: string): string => join(cache, 'kdiag', 'code-cache');
const files = (cache: string): string[] => (existsSync(cacheDir(cache)) ? readdirSync(cacheDir(cache)) : []);
const theFileOf = (cache: string): string => {
  const all = files(cache).filter((f) => f.endsWith(`-${process.version}-${process.arch}-pod-dump.bin`));
  expect(all).toHaveLength(1);
  return join(cacheDir(cache), all[0]!);
};
/** The one file of the bundle (chunks a command loads, e.g. a YAML library, have files of their own). */
const theFile = (cache: string): string => {
  const all = files(cache).filter((f) => !f.endsWith('-chunk.bin'));
  expect(all).toHaveLength(1);
  return join(cacheDir(cache), all[0]!);
};
/** The launcher's format: "KDC1", CRC-32 of the data (little-endian), V8's data. */
const valid = (file: string): boolean => {
  const b = readFileSync(file);
  return b.toString('latin1', 0, 4) === 'KDC1' && b.length > 8 && b.readUInt32LE(4) === crc32(b.subarray(8));
};
const expected = kdiag(POD, { env: { KDIAG_CODE_CACHE: '0', XDG_CACHE_HOME: join(root, 'none') } });

describe('the code cache', () => {
  it('the reference run has a report and wrote no cache', () => {
    expect(expected.code).toBe(1);
    expect(expected.stdout).toContain('api-7d9f5c6b8-x2k4p');
    expect(expected.stderr).toBe('');
    expect(existsSync(join(root, 'none'))).toBe(false);
  });

  it('is written by the first run, one file per command, and read, not rewritten, by the next', () => {
    const cache = fresh();
    expect(run(cache)).toEqual(expected);
    const file = theFile(cache);
    expect(file).toMatch(new RegExp(`-${process.version}-${process.arch}-pod-dump\\.bin$`));
    expect(valid(file)).toBe(true);
    const before = statSync(file).mtimeMs;
    const bytes = readFileSync(file);
    expect(run(cache)).toEqual(expected);
    expect(statSync(file).mtimeMs).toBe(before);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(run(cache, ['rules']).code).toBe(0);
    // A live `pod NAME` runs other code than `pod NAME -f DUMP` (the cluster client): a file of its own.
    expect(run(cache, ['pod', 'api', '--kubeconfig', join(root, 'no-such-kubeconfig')]).code).toBe(3);
    expect(files(cache).map((f) => f.slice(f.indexOf(`-${process.arch}-`) + process.arch.length + 2)).filter((f) => f !== 'chunk.bin').sort()).toEqual(['pod-dump.bin', 'pod.bin', 'rules.bin']);
  });

  it('a file written by a run that ended early is partial and replaced by the first run with a verdict; --help has a file of its own', () => {
    // A file is never written again once a run has read it whole: the first run of a command decides what every
    // later one finds compiled. `pod --help` once wrote the file a live `pod NAME` then read, 15% slower.
    const cache = fresh();
    expect(run(cache, ['pod', '--help']).code).toBe(0);
    expect(files(cache).map((f) => f.slice(f.indexOf(`-${process.arch}-`) + process.arch.length + 2))).toEqual(['help.bin']);
    const missing = ['pod', 'api-7d9f5c6b8-x2k4p', '-f', join(cache, 'missing.yaml')];
    expect(run(cache, missing).code).toBe(2);
    const file = theFileOf(cache);
    const magic = (): string => readFileSync(file).toString('latin1', 0, 4);
    expect(magic()).toBe('KDP1');
    const partial = readFileSync(file);
    expect(run(cache, missing).code).toBe(2);
    expect(readFileSync(file).equals(partial)).toBe(true);
    expect(run(cache)).toEqual(expected);
    expect(magic()).toBe('KDC1');
    expect(valid(file)).toBe(true);
    expect(readFileSync(file).length).toBeGreaterThan(partial.length);
    const whole = statSync(file).mtimeMs;
    expect(run(cache, missing).code).toBe(2);
    expect(run(cache)).toEqual(expected);
    expect(statSync(file).mtimeMs).toBe(whole);
  });

  it('a command has a file for small runs and one for runs that read 1 MiB or more; a run reads the one of the size of the last run with a verdict', () => {
    // A small `analyze` took 1.10x the CPU with the file a directory's run wrote (1.37 MB against 758 KB), and
    // the directory's run 1.16x with the small run's file. V8 writes all it read from a cache into a new one,
    // so a run that read the other size's file writes none: the next run of its size writes its own.
    const cache = fresh();
    const large = ['analyze', fixture('real')]; // 89 dumps, 1.6 MB
    const small = ['analyze', fixture('examples/shop.yaml')];
    const none = { KDIAG_CODE_CACHE: '0' };
    const largeExpected = run(fresh(), large, none);
    const smallExpected = run(fresh(), small, none);
    expect([largeExpected.code, smallExpected.code]).toEqual([1, 1]);
    const names = (): string[] => files(cache).map((f) => f.slice(f.indexOf(`-${process.arch}-`) + process.arch.length + 2)).sort();
    const path = (name: string): string => join(cacheDir(cache), files(cache).find((f) => f.endsWith(`-${process.arch}-${name}`))!);
    const stamp = (): string[] => files(cache).map((f) => `${f}@${statSync(join(cacheDir(cache), f)).mtimeMs}`).sort();

    expect(run(cache, large)).toEqual(largeExpected);
    expect(names()).toEqual(['analyze-large.bin', 'analyze-last-large.bin']);
    expect(valid(path('analyze-large.bin'))).toBe(true);
    const largeSize = statSync(path('analyze-large.bin')).size;
    let before = stamp();
    expect(run(cache, large)).toEqual(largeExpected);
    expect(stamp()).toEqual(before);

    // A small run after it reads the large file and writes none; the next small run writes the small file.
    expect(run(cache, small)).toEqual(smallExpected);
    expect(names()).toEqual(['analyze-large.bin']);
    expect(run(cache, small)).toEqual(smallExpected);
    expect(names()).toEqual(['analyze-large.bin', 'analyze.bin']);
    expect(valid(path('analyze.bin'))).toBe(true);
    expect(statSync(path('analyze.bin')).size).toBeLessThan(largeSize);
    before = stamp();
    expect(run(cache, small)).toEqual(smallExpected);
    expect(stamp()).toEqual(before);

    // Near miss: a run without a verdict (a missing file, exit 2) changes nothing.
    expect(run(cache, ['analyze', join(cache, 'missing.yaml')]).code).toBe(2);
    expect(stamp()).toEqual(before);

    // A large run after small ones reads the small file, writes none, and the next large run reads the large file.
    expect(run(cache, large)).toEqual(largeExpected);
    expect(names()).toEqual(['analyze-large.bin', 'analyze-last-large.bin', 'analyze.bin']);
    const files0 = stamp().filter((f) => !f.includes('-last-large.bin'));
    expect(run(cache, large)).toEqual(largeExpected);
    expect(stamp().filter((f) => !f.includes('-last-large.bin'))).toEqual(files0);
  });

  it("a run that changes a V8 flag (a live scan bounds the heap's growth) leaves a cache the next run reads, not rewrites", () => {
    // V8 keys its data to the flags: data made after the change was refused by every later run, each compiling
    // the CLI anew and writing the file again (40 ms of a 180 ms scan of a small namespace).
    const cache = fresh();
    const kubeconfig = join(cache, 'kubeconfig');
    writeFileSync(kubeconfig, 'apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:1\ncontexts:\n- name: c\n  context: {cluster: c, user: u}\ncurrent-context: c\nusers:\n- name: u\n  user: {token: t}\n');
    const args = ['scan', '-A', '--kubeconfig', kubeconfig];
    const first = run(cache, args);
    expect(first.code, first.stderr).toBe(3);
    expect(first.stderr).toContain('cannot reach the API server');
    const file = theFile(cache);
    expect(file).toMatch(/-scan\.bin$/);
    const before = statSync(file).mtimeMs;
    const bytes = readFileSync(file);
    expect(run(cache, args)).toEqual(first);
    expect(statSync(file).mtimeMs).toBe(before);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it("a first run removes the files of another bundle, and keeps this bundle's files for other Node versions", () => {
    const cache = fresh();
    mkdirSync(cacheDir(cache), { recursive: true });
    const stale = join(cacheDir(cache), `00000000000000000000-${process.version}-${process.arch}-pod-dump.bin`);
    writeFileSync(stale, 'old');
    const notOurs = join(cacheDir(cache), 'notes.txt');
    writeFileSync(notOurs, 'kept');
    expect(run(cache)).toEqual(expected);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(notOurs)).toBe(true);
    const file = theFileOf(cache);
    // Keyed by location too: the stale bundle at this location goes, another location's file stays.
    const name = basename(file);
    const staleHere = join(cacheDir(cache), `${name.slice(0, 9)}${'0'.repeat(20)}${name.slice(29)}`);
    const elsewhere = join(cacheDir(cache), `ffffffff-${name.slice(9)}`);
    writeFileSync(staleHere, 'old');
    writeFileSync(elsewhere, 'another checkout');
    rmSync(file);
    expect(run(cache)).toEqual(expected);
    expect(existsSync(staleHere)).toBe(false);
    expect(existsSync(elsewhere)).toBe(true);
    const other = file.replace(`-${process.version}-`, '-v1.0.0-');
    writeFileSync(other, 'another Node');
    rmSync(file);
    expect(run(cache)).toEqual(expected);
    expect(existsSync(file) && existsSync(other)).toBe(true);
  });

  const damaged: [string, (b: Buffer) => Buffer][] = [
    ['truncated to half', (b) => b.subarray(0, b.length >> 1)],
    ['only its header', (b) => b.subarray(0, 8)],
    ['empty', () => Buffer.alloc(0)],
    // V8 does not check its data: given to it, this file would crash the process.
    [
      'bytes changed in the middle (same length)',
      (b) => {
        const c = Buffer.from(b);
        for (let i = 0; i < 64; i++) c[(c.length >> 1) + i]! ^= 0x5a;
        return c;
      },
    ],
    ['another format', (b) => Buffer.concat([Buffer.from('XXXX'), b.subarray(4)])],
  ];
  for (const [name, damage] of damaged) {
    it(`a cache file ${name} is ignored and written again`, () => {
      const cache = fresh();
      run(cache);
      const file = theFile(cache);
      const bad = damage(readFileSync(file));
      writeFileSync(file, bad);
      expect(run(cache)).toEqual(expected);
      expect(readFileSync(file).equals(bad)).toBe(false);
      expect(valid(file)).toBe(true);
    });
  }

  it('a whole, checksummed file that V8 rejects (data of another script) is written again', () => {
    const cache = fresh();
    run(cache);
    const file = theFile(cache);
    const data = new Script('1 + 1').createCachedData();
    const header = Buffer.alloc(8);
    header.write('KDC1', 0, 'latin1');
    header.writeUInt32LE(crc32(data), 4);
    const other = Buffer.concat([header, data]);
    writeFileSync(file, other);
    expect(run(cache)).toEqual(expected);
    expect(readFileSync(file).equals(other)).toBe(false);
    expect(valid(file)).toBe(true);
  });

  it('a cache directory that cannot be created means no cache: no error, no output change', () => {
    const blocker = join(fresh(), 'a-file');
    writeFileSync(blocker, 'not a directory');
    expect(run(join(blocker, 'cache'))).toEqual(expected);
    // No XDG_CACHE_HOME: ~/.cache, where HOME is a file.
    expect(kdiag(POD, { env: { HOME: blocker } })).toEqual(expected);
    expect(readFileSync(blocker, 'utf8')).toBe('not a directory');
  });

  it('a read-only HOME gets no cache directory', () => {
    // Root writes into a 0555 directory anyway: as root (CI), kdiag runs as the unprivileged user, who owns
    // this HOME, as a user owns theirs.
    const home = fresh();
    if (process.getuid?.() === 0) chownSync(home, 65534, 65534);
    chmodSync(home, 0o555);
    try {
      expect(kdiag(POD, { env: { HOME: home }, unprivileged: true })).toEqual(expected);
      expect(readdirSync(home)).toEqual([]);
    } finally {
      chmodSync(home, 0o755);
    }
  });

  it('KDIAG_CODE_CACHE=0 reads and writes none', () => {
    const cache = fresh();
    expect(run(cache, POD, { KDIAG_CODE_CACHE: '0' })).toEqual(expected);
    expect(existsSync(join(cache, 'kdiag', 'code-cache'))).toBe(false);
  });

  it('concurrent first runs leave one whole file and no temporary files', async () => {
    const cache = fresh();
    const runs = await Promise.all(Array.from({ length: 6 }, () => kdiagAsync(POD, { env: { HOME: root, XDG_CACHE_HOME: cache } })));
    for (const { code, stdout, stderr } of runs) expect({ code, stdout, stderr }).toEqual(expected);
    const file = theFile(cache);
    expect(valid(file)).toBe(true);
    const before = readFileSync(file);
    expect(run(cache)).toEqual(expected);
    expect(readFileSync(file).equals(before)).toBe(true);
  }, 60_000);

  it('--verbose stack traces name the bundle, cached or not', () => {
    const cache = fresh();
    const args = ['pod', 'x', '-f', join(root, 'missing.yaml'), '--verbose'];
    const first = run(cache, args);
    const second = run(cache, args);
    expect(first.code).toBe(2);
    expect(second).toEqual(first);
    expect(first.stderr).toMatch(/at \S+ \(.*dist[\\/]cli[\\/]main\.cjs:\d+:\d+\)/);
  });

  it('a launcher whose bundle is missing (a checkout not built yet) says so in one line, exit 70', () => {
    const dir = fresh();
    mkdirSync(join(dir, 'bin'));
    for (const name of ['kdiag.js', 'code-cache.cjs', 'package.json']) writeFileSync(join(dir, 'bin', name), readFileSync(join(dirname(BIN), name)));
    const r = kdiag(POD, { launcher: join(dir, 'bin', 'kdiag.js'), env: { XDG_CACHE_HOME: dir } });
    expect(r.code).toBe(70);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`kdiag: cannot read ${join(dir, 'dist', 'cli', 'main.cjs')} (ENOENT)\nhint: build it with npm run build\n`);
  });
});

// The files the bundle require()s on first use (dist/cli/chunks: the zh-TW catalogues, the YAML libraries, the
// rules' docs) are compiled through the same cache, one file per chunk whichever command loads it.
describe("the bundle's chunks", () => {
  const ZH = [...POD, '--lang', 'zh-TW'];
  const reference = kdiag(ZH, { env: { KDIAG_CODE_CACHE: '0', XDG_CACHE_HOME: join(root, 'none') } });
  const chunkFiles = (cache: string): string[] => files(cache).filter((f) => f.endsWith(`-${process.version}-${process.arch}-chunk.bin`));
  const stamps = (cache: string): [string, number][] => chunkFiles(cache).map((f) => [f, statSync(join(cacheDir(cache), f)).mtimeMs]);

  it('a zh-TW run writes one whole file for each chunk it loads; the next reads them and rewrites none; an English run writes none', () => {
    expect(reference.code).toBe(1);
    expect(reference.stdout).toContain('診斷：');
    const cache = fresh();
    expect(run(cache, ZH)).toEqual(reference);
    const chunks = chunkFiles(cache);
    // The zh-TW catalogues: the report's words, the rules' messages, the evidence's words, …
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const f of chunks) expect(valid(join(cacheDir(cache), f)), f).toBe(true);
    const before = stamps(cache);
    expect(run(cache, ZH)).toEqual(reference);
    expect(stamps(cache)).toEqual(before);
    const english = fresh();
    expect(run(english)).toEqual(expected);
    expect(chunkFiles(english)).toEqual([]);
  });

  it('a chunk edited to the same length runs as edited (V8 checks only a script\'s length), and its old file goes', () => {
    const dir = fresh();
    cpSync(join(dirname(BIN), '..', 'bin'), join(dir, 'bin'), { recursive: true });
    cpSync(join(dirname(BIN), '..', 'dist'), join(dir, 'dist'), { recursive: true });
    symlinkSync(join(dirname(BIN), '..', 'node_modules'), join(dir, 'node_modules'));
    const cache = fresh();
    const launcher = join(dir, 'bin', 'kdiag.js');
    expect(kdiag(ZH, { launcher, env: { XDG_CACHE_HOME: cache } }).stdout).toBe(reference.stdout);
    const written = chunkFiles(cache);
    const chunk = join(dir, 'dist', 'cli', 'chunks', 'i18n-zh-TW.cjs');
    const text = readFileSync(chunk, 'utf8');
    expect(text).toContain('診斷：');
    writeFileSync(chunk, text.replaceAll('診斷：', '檢查：'));
    const edited = kdiag(ZH, { launcher, env: { XDG_CACHE_HOME: cache } });
    expect(edited.stdout).not.toBe(reference.stdout);
    expect(edited.stdout).toBe(reference.stdout.replaceAll('診斷：', '檢查：'));
    // The edited chunk's file is replaced; the others stay.
    const now = chunkFiles(cache);
    expect(now).toHaveLength(written.length);
    expect(now.filter((f) => !written.includes(f))).toHaveLength(1);
  });
});
