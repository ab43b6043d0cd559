// The one way tests run the CLI.
//
// In-process (`kdiagInProcess`): the exported `main(argv)` of src/cli/main.ts, with the environment and the
// output of a spawned run (the same minimal environment; stdout and stderr captured; the exit code main
// returns). No Node start and no bundle load, so a run costs milliseconds. Use it for what kdiag says and
// its exit code.
//
// Spawned (`kdiag`, `kdiagAsync`, `spawnKdiag`): the built bin/kdiag.js as a user's shell would run it, for
// what only a real process shows, and so not in-process:
//   - stdin, pipes and a closed or slow reader (main reads process.stdin, which a test worker does not own);
//   - signals and terminal guards (installTerminalGuards adds process-wide handlers; only the launcher runs it);
//   - the launcher: the V8 code cache, start-up, module loading, the bundle as shipped;
//   - the working directory (process.chdir would move every test of the worker), another user (uid/gid);
//   - peak memory (process.resourceUsage of a process of its own) and a hang killed from outside;
//   - HTTP servers in this process that must keep answering while kdiag waits (kdiagAsync, not kdiag).
// `kdiag` blocks (spawnSync): keep it for short runs with no server in this process; `kdiagAsync` does not
// block, and measures the run's wall time and peak RSS. KDIAG_TEST_BIN runs the spawned tests against
// another launcher (e.g. main before a fix, to see a test fail there).
//
// Every run gets a minimal environment: PATH, NO_COLOR=1, and HOME set to an empty directory of this test
// process (never the developer's own: no ~/.kube/config of theirs is read), plus the test's `env`.
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { unsafeAt } from '../hardening/hostile.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = resolve(ROOT, 'bin/kdiag.js');
export const fixture = (p: string): string => resolve(ROOT, 'fixtures', p);
const PEAK_RSS = resolve(import.meta.dirname, 'peak-rss.cjs');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Measured extends Run {
  /** Wall time of the whole run, ms (process start included). */
  ms: number;
  /** Peak resident set size in KiB; undefined only when the process died before its exit handlers ran. */
  maxRssKiB?: number;
}

export interface SpawnOptions {
  env?: Record<string, string>;
  cwd?: string;
  /** Node's own flags before the launcher (e.g. --import a load recorder). */
  nodeArgs?: string[];
  /** Another launcher than bin/kdiag.js: a copy elsewhere, or a link under another name. */
  launcher?: string;
  /** As root, run as uid/gid 65534 (root reads and writes any directory; CI runs as root). */
  unprivileged?: boolean;
}

let home: string | undefined;
const HOME_PREFIX = 'kdiag-test-home-';
/**
 * An empty HOME for this test process (kdiag's code cache lands in it), readable by the unprivileged user.
 * Removed at exit; a test worker that was killed cannot do that, so the HOMEs of processes that are gone
 * are removed when the next one is made.
 */
export function testHome(): string {
  if (home === undefined) {
    for (const name of readdirSync(tmpdir())) {
      const pid = Number(/^kdiag-test-home-(\d+)-/.exec(name)?.[1]);
      if (pid > 0 && !alive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
    home = mkdtempSync(join(tmpdir(), `${HOME_PREFIX}${process.pid}-`));
    chmodSync(home, 0o755);
    const made = home;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  return home;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function environment(env: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', HOME: testHome(), ...env };
}

/** uid/gid for spawn: the unprivileged user when asked for and running as root, else nothing. */
export const asUnprivileged = (unprivileged?: boolean): { uid?: number; gid?: number } => (unprivileged && process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {});

const launcher = (options: SpawnOptions): string => options.launcher ?? (process.env.KDIAG_TEST_BIN || BIN);

/** The spawned launcher itself, for tests that drive the process (signals, pipes, concurrent runs). */
export function spawnKdiag(args: string[], options: SpawnOptions & { stdio?: StdioOptions } = {}): ChildProcess {
  return spawn(process.execPath, [...(options.nodeArgs ?? []), launcher(options), ...args], {
    cwd: options.cwd ?? ROOT,
    env: environment(options.env),
    stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
    ...asUnprivileged(options.unprivileged),
  });
}

/** Spawned and waited for (blocks this process): stdin is `input` (empty by default). Killed after timeoutMs. */
export function kdiag(args: string[], options: SpawnOptions & { input?: string | Buffer; timeoutMs?: number } = {}): Run {
  const result = spawnSync(process.execPath, [...(options.nodeArgs ?? []), launcher(options), ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    env: environment(options.env),
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 20_000,
    // spawnSync's default 1 MiB stops (SIGTERM) a child whose report is longer: analyze of every fixture is more.
    maxBuffer: 256 * 1024 * 1024,
    ...asUnprivileged(options.unprivileged),
  });
  const failed = result.error && result.status === null ? `cannot run ${process.execPath}: ${result.error.message}\n` : '';
  return { code: result.status ?? -1, stdout: result.stdout ?? '', stderr: `${result.stderr ?? ''}${failed}` };
}

/**
 * Spawned without blocking this process (a test's HTTP servers keep answering; a long synchronous wait would
 * also starve vitest's RPC), with wall time and peak RSS (a preloaded module writes the process's own
 * high-water mark, process.resourceUsage().maxRSS, at exit: every memory bound is checked on any machine).
 * stdin is `input` when given (kdiag may stop reading early: EPIPE is fine), else closed. Killed after
 * timeoutMs (60 s unless given): a hang shows as code -1. Each stream keeps about its first 64 MiB.
 */
export function kdiagAsync(args: string[], options: SpawnOptions & { input?: string | Buffer; timeoutMs?: number } = {}): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'kdiag-rss-'));
  chmodSync(dir, 0o777);
  const rssFile = join(dir, 'peak');
  const started = performance.now();
  return new Promise((resolveRun) => {
    const child = spawnKdiag(args, {
      ...options,
      nodeArgs: ['-r', PEAK_RSS, ...(options.nodeArgs ?? [])],
      env: { ...options.env, KDIAG_TEST_PEAK_RSS_FILE: rssFile },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outLength = 0;
    let errLength = 0;
    const CAP = 64 * 2 ** 20;
    child.stdout!.on('data', (c: Buffer) => outLength < CAP && (out.push(c), (outLength += c.length)));
    child.stderr!.on('data', (c: Buffer) => errLength < CAP && (err.push(c), (errLength += c.length)));
    let failed = '';
    if (options.input !== undefined) {
      child.stdin!.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EPIPE') failed += `stdin: ${e.message}\n`;
      });
      child.stdin!.end(options.input);
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    // A node that cannot be started (e.g. one the unprivileged user cannot reach) fails at once, saying so.
    child.on('error', (e) => (failed += `cannot run ${process.execPath}${options.unprivileged ? ' as uid 65534' : ''}: ${e.message}\n`));
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      let maxRssKiB: number | undefined;
      try {
        maxRssKiB = Number(readFileSync(rssFile, 'utf8'));
      } catch {
        // killed, or crashed before exit: no figure (a test that bounds memory then fails on it)
      }
      rmSync(dir, { recursive: true, force: true });
      resolveRun({ code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') + failed, ms, ...(maxRssKiB !== undefined ? { maxRssKiB } : {}) });
    });
  });
}

/** The peak RSS of a run, which must have been measured: a memory bound never passes unchecked. */
export function peakKiB(r: Measured): number {
  expect(r.maxRssKiB, `peak RSS not measured (exit ${r.code}): ${r.stderr.slice(0, 300)}`).toBeGreaterThan(0);
  return r.maxRssKiB!;
}

/**
 * Runs the CLI in this process through its exported `main(argv)`. Runs are serialised (process.env and the
 * two streams are the process's own, swapped for the run and put back). As in a spawned run, no stream is a
 * terminal, whatever the test runner's are (a run from a terminal must print what CI's run prints).
 */
export async function kdiagInProcess(args: string[], options: { env?: Record<string, string> } = {}): Promise<Run> {
  const previous = queue;
  let release!: () => void;
  queue = new Promise<void>((r) => (release = r));
  await previous;
  const savedEnv = process.env;
  const out = process.stdout.write;
  const err = process.stderr.write;
  const ttys = [process.stdin, process.stdout, process.stderr].map((s) => Object.getOwnPropertyDescriptor(s, 'isTTY'));
  let stdout = '';
  let stderr = '';
  try {
    const { main } = await loadMain();
    process.env = environment(options.env);
    for (const s of [process.stdin, process.stdout, process.stderr]) Object.defineProperty(s, 'isTTY', { value: false, configurable: true, writable: true });
    process.stdout.write = ((chunk: string | Uint8Array) => ((stdout += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), true)) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), true)) as typeof process.stderr.write;
    const code = await main([process.execPath, BIN, ...args]);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    [process.stdin, process.stdout, process.stderr].forEach((s, i) => (ttys[i] ? Object.defineProperty(s, 'isTTY', ttys[i]) : delete (s as { isTTY?: boolean }).isTTY));
    process.env = savedEnv;
    release();
  }
}

let queue: Promise<void> = Promise.resolve();
let mainModule: Promise<typeof import('../../src/cli/main.js')> | undefined;
function loadMain(): Promise<typeof import('../../src/cli/main.js')> {
  if (mainModule) return mainModule;
  // KDIAG_NO_MAIN: importing the CLI module must not run it on this process's argv (set only while it loads:
  // a spawned kdiag inherits this process's environment).
  const saved = process.env.KDIAG_NO_MAIN;
  process.env.KDIAG_NO_MAIN = '1';
  mainModule = import('../../src/cli/main.js').finally(() => {
    if (saved === undefined) delete process.env.KDIAG_NO_MAIN;
    else process.env.KDIAG_NO_MAIN = saved;
  });
  return mainModule;
}

/**
 * The input-error contract: exit 2, nothing on stdout, exactly one `kdiag:` line that names the input
 * (plus at most one `hint:` line), no stack trace, and no control character.
 */
export function expectInputError(r: Run, names: string): void {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(lines.length, r.stderr).toBeGreaterThanOrEqual(1);
  expect(lines.length, r.stderr).toBeLessThanOrEqual(2);
  expect(lines[0]).toMatch(/^kdiag: /);
  expect(lines[0]).toContain(names);
  if (lines[1] !== undefined) expect(lines[1]).toMatch(/^hint: /);
  expect(r.stderr).not.toMatch(/^\s+at |internal error|Error:|FATAL/m);
  expect(unsafeAt(r.stderr)).toBeUndefined();
}

/** The error contract: the exit code, one `kdiag:` line (and a hint), no stack, no header, no control character. */
export function expectOneLine(r: Run, code: number, text?: string | RegExp): void {
  const lines = r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('hint: '));
  expect(r.code, r.stderr).toBe(code);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^kdiag: /);
  if (text !== undefined) expect(lines[0]).toMatch(typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text);
  expect(r.stderr).not.toMatch(/\n\s+at |secret-header-value|internal error|TimeoutOverflowWarning/);
  expect(unsafeAt(r.stderr)).toBeUndefined();
  expect(r.stderr.length).toBeLessThan(2000);
}
