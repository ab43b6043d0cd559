// Spawns the built CLI like test/e2e/exec.ts, and measures its peak RSS: a preloaded module writes the
// process's own high-water mark (process.resourceUsage().maxRSS) at exit, so every memory bound is checked
// on any machine (no optional tool).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { BIN, ROOT } from '../e2e/exec.js';
import { unsafeAt } from './hostile.js';

const PRELOAD = resolve(import.meta.dirname, '../support/peak-rss.cjs');

export interface Measured {
  code: number;
  stdout: string;
  stderr: string;
  /** Wall time of the whole run, ms (process start included); reported, never asserted (bench/ times). */
  ms: number;
  /** Peak resident set size in KiB; undefined only when the process died before its exit handlers ran. */
  maxRssKiB?: number;
}

export function run(args: string[], options: { input?: string | Buffer; timeoutMs?: number; env?: Record<string, string> } = {}): Promise<Measured> {
  // Asynchronous: a synchronous run of a minute blocks the test worker past vitest's 60 s reply window for
  // its progress reports ("Timeout calling onTaskUpdate", counted as an error) on a loaded machine.
  const dir = mkdtempSync(join(tmpdir(), 'kdiag-rss-'));
  const rssFile = join(dir, 'peak');
  const started = performance.now();
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(process.execPath, ['-r', PRELOAD, BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', HOME: process.env.HOME ?? '/tmp', ...options.env, KDIAG_TEST_PEAK_RSS_FILE: rssFile },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    // EPIPE: kdiag stopped reading stdin early (as it must past the size limit) while input was still being written.
    child.stdin.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') rejectRun(e);
    });
    child.stdin.end(options.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', rejectRun);
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
      resolveRun({ code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), ms, ...(maxRssKiB !== undefined ? { maxRssKiB } : {}) });
    });
  });
}

/** The peak RSS of a run, which must have been measured: a memory bound never passes unchecked. */
export function peakKiB(r: Measured): number {
  expect(r.maxRssKiB, `peak RSS not measured (exit ${r.code}): ${r.stderr.slice(0, 300)}`).toBeGreaterThan(0);
  return r.maxRssKiB!;
}

/**
 * The input-error contract: exit 2, nothing on stdout, exactly one `kdiag:` line that names the input
 * (plus at most one `hint:` line), no stack trace, and no control character.
 */
export function expectInputError(r: Measured, names: string): void {
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
