// node-versions: node:fs on named pipes, unreadable files and directories, symbolic links
// Dump directories that fight back: an unreadable subdirectory, named pipes, link loops, paths longer than
// PATH_MAX, a file over the size limit. Each is one clear line on stderr; the rest of the directory is still
// analysed and reported; the exit code is 2 (part of the input could not be read), as grep -r does.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kdiagAsync, type Measured } from '../support/cli.js';
import { unsafeAt } from './hostile.js';

const VALID = resolve(import.meta.dirname, 'corpus/valid.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-dirs-'));
chmodSync(tmp, 0o755); // the unreadable-directory test runs kdiag as an unprivileged user: it must reach the rest
afterAll(() => {
  spawnSync('chmod', ['-R', 'u+rwx', tmp]);
  spawnSync('rm', ['-rf', tmp]); // rm(1) removes paths longer than PATH_MAX; fs.rmSync cannot
});

/** A fresh directory holding valid.yaml (a Pod failing at image), plus whatever the test adds. */
function dumpDir(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { mode: 0o755 });
  copyFileSync(VALID, join(dir, 'valid.yaml'));
  chmodSync(join(dir, 'valid.yaml'), 0o644);
  return dir;
}

/** Spawned without blocking the worker (a 5 s wait in spawnSync can starve vitest's RPC). Killed at 15 s: a hang fails.
 * Root reads any directory, so as root the permission test runs kdiag as the unprivileged user (Linux CI runs as root). */
const run = (args: string[], options: { unprivileged?: boolean; timeoutMs?: number } = {}): Promise<Measured> => kdiagAsync(args, { env: { HOME: tmp }, timeoutMs: 15_000, ...options });

const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');

/** The contract: the valid Pod is diagnosed on stdout, each problem is one `kdiag:` line naming it, no stack. */
function expectRestAnalysed(r: Measured, problems: RegExp[], exit = 2): void {
  expect(r.code, r.stderr).toBe(exit);
  expect(r.stdout).toContain('api-7d9f-x2k');
  expect(r.stdout).toContain('image');
  const err = lines(r.stderr);
  expect(err.length, r.stderr).toBe(problems.length);
  for (const p of problems) expect(err.filter((l) => p.test(l)), `${p} in\n${r.stderr}`).toHaveLength(1);
  for (const l of err) expect(l).toMatch(/^kdiag: /);
  expect(r.stderr).not.toMatch(/internal error|^\s+at |Error:/m);
  expect(unsafeAt(r.stderr)).toBeUndefined();
}

describe('dump directories with parts kdiag cannot read', () => {
  it('an unreadable subdirectory: one line naming it (permission denied), the rest analysed, exit 2', async () => {
    const dir = dumpDir('unreadable');
    mkdirSync(join(dir, 'locked'));
    writeFileSync(join(dir, 'locked', 'pods.yaml'), 'kind: Pod\nmetadata: {name: hidden}\n');
    chmodSync(join(dir, 'locked'), 0o000);
    const r = await run(['analyze', dir], { unprivileged: true });
    expectRestAnalysed(r, [/locked\/: cannot read the directory \(permission denied \(EACCES\)\); skipped it$/]);
  });

  it('a subdirectory that cannot be read, and nothing else: one line and exit 2, no report', async () => {
    const dir = join(tmp, 'only-locked');
    mkdirSync(dir, { mode: 0o755 });
    mkdirSync(join(dir, 'locked'), { mode: 0o000 });
    chmodSync(join(dir, 'locked'), 0o000);
    const r = await run(['analyze', dir], { unprivileged: true });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    const err = lines(r.stderr);
    expect(err[0]).toMatch(/^kdiag: .*locked\/: cannot read the directory \(permission denied \(EACCES\)\); nothing else to read$/);
    expect(err.length).toBeLessThanOrEqual(2);
  });

  it('a named pipe (FIFO) in the directory is never opened: one line, no hang', async () => {
    const dir = dumpDir('fifo');
    expect(spawnSync('mkfifo', [join(dir, 'pods.yaml')]).status).toBe(0);
    const r = await run(['analyze', dir]);
    expectRestAnalysed(r, [/pods\.yaml: not a regular file \(a named pipe\); skipped it$/]);
  });

  it('a named pipe given as the dump, with no writer: one line and exit 2 after a short wait, not a hang', async () => {
    const fifo = join(tmp, 'lonely.yaml');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const r = await run(['analyze', fifo]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)[0]).toMatch(/lonely\.yaml: a named pipe \(FIFO\) that nothing wrote to in 5 s$/);
  });

  it('a named pipe whose writer starts a moment after kdiag is read (the wait is for that)', async () => {
    const fifo = join(tmp, 'late.yaml');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', 'sleep 1; cat "$1" > "$2"', 'sh', VALID, fifo], { stdio: 'ignore' });
    const r = await run(['analyze', fifo]);
    writer.kill();
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('api-7d9f-x2k');
  });

  it('symbolic link loops: a file linked to itself is one line; a directory linked to itself is not followed', async () => {
    const dir = dumpDir('loops');
    symlinkSync('self.yaml', join(dir, 'self.yaml'));
    symlinkSync('.', join(dir, 'again'));
    mkdirSync(join(dir, 'sub'));
    symlinkSync('..', join(dir, 'sub', 'up'));
    const r = await run(['analyze', dir]);
    expectRestAnalysed(r, [
      /self\.yaml: a symbolic link loop \(ELOOP\); skipped it$/,
      /: again: a symbolic link loop \(it leads back to a directory above it\); not followed$/,
      /: sub\/up: a symbolic link loop \(it leads back to a directory above it\); not followed$/,
    ]);
  });

  it('links to a directory or a file outside the dump are not followed (one note each, the exit code of the diagnosis)', async () => {
    const dir = dumpDir('outside');
    symlinkSync('/etc', join(dir, 'etc'));
    symlinkSync(VALID, join(dir, 'linked.yaml')); // a link to a file outside: not opened, named in a note
    symlinkSync('valid.yaml', join(dir, 'inside.yaml')); // a link inside: read (the same Pod: diagnosed once)
    const r = await run(['analyze', dir, '-o', 'json']);
    expectRestAnalysed(r, [/: etc: a symbolic link to a directory; not followed/, /: 1 symbolic link\(s\) lead out of the directory; not read: linked\.yaml \(/], 1);
    expect(JSON.parse(r.stdout).items).toHaveLength(1);
  });

  it('paths longer than PATH_MAX: one line naming the (shortened) path, the rest analysed', async () => {
    const dir = dumpDir('long');
    // mkdir one level at a time with relative names: no single call sees the whole (too long) path.
    const segment = 'd'.repeat(200);
    const made = spawnSync('bash', ['-c', `cd "$1" && for i in $(seq 1 24); do mkdir ${segment} && cd ${segment} || exit 1; done; cp "$2" deep.yaml`, 'bash', dir, VALID]);
    expect(made.status, made.stderr.toString()).toBe(0);
    const r = await run(['analyze', dir]);
    expectRestAnalysed(r, [/the path is longer than the system allows \(ENAMETOOLONG\); skipped it$/]);
    expect(lines(r.stderr)[0]!.length).toBeLessThan(400); // a 4,800-character path is cut in the middle
  });

  it('a file over the size limit (sparse: nothing read): one line, the rest analysed', async () => {
    const dir = dumpDir('huge');
    writeFileSync(join(dir, 'huge.json'), '');
    truncateSync(join(dir, 'huge.json'), 300 * 2 ** 20);
    const r = await run(['analyze', dir]);
    expectRestAnalysed(r, [/huge\.json: the file is 300 MiB; kdiag reads dumps up to 256 MiB; skipped it$/]);
  });

  it('an invalid file in a directory: one line naming its line, the rest analysed (pod -f and scan -f too)', async () => {
    const dir = dumpDir('invalid');
    writeFileSync(join(dir, 'broken.yaml'), 'kind: Pod\nmetadata:\n  name: a\n  name: b\n');
    const problem = [/broken\.yaml:4: invalid YAML: .*; skipped it$/];
    expectRestAnalysed(await run(['analyze', dir]), problem);
    expectRestAnalysed(await run(['pod', 'api-7d9f-x2k', '-n', 'shop', '-f', dir]), problem);
    expectRestAnalysed(await run(['scan', '-A', '-f', dir]), problem);
  });

  it('all of it at once: one line per problem, in one run', async () => {
    const dir = dumpDir('everything');
    mkdirSync(join(dir, 'locked'), { mode: 0o000 });
    chmodSync(join(dir, 'locked'), 0o000);
    expect(spawnSync('mkfifo', [join(dir, 'pipe.json')]).status).toBe(0);
    symlinkSync('loop.yaml', join(dir, 'loop.yaml'));
    writeFileSync(join(dir, 'huge.yaml'), '');
    truncateSync(join(dir, 'huge.yaml'), 257 * 2 ** 20);
    const r = await run(['analyze', dir, '-o', 'json'], { unprivileged: true });
    expectRestAnalysed(r, [/locked\/: cannot read/, /pipe\.json: not a regular file/, /loop\.yaml: a symbolic link loop/, /huge\.yaml: the file is 257 MiB/]);
    expect(JSON.parse(r.stdout).items).toHaveLength(1);
  });
});
