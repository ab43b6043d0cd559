// Spawns the built CLI like test/e2e/exec.ts, and measures its peak RSS: a preloaded module writes the
// process's own high-water mark (process.resourceUsage().maxRSS) at exit, so every memory bound is checked
// on any machine (no optional tool).
import { spawnSync } from 'node:child_process';
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

export function run(args: string[], options: { input?: string | Buffer; timeoutMs?: number; env?: Record<string, string> } = {}): Measured {
  const dir = mkdtempSync(join(tmpdir(), 'kdiag-rss-'));
  const rssFile = join(dir, 'peak');
  const started = performance.now();
  const result = spawnSync(process.execPath, ['-r', PRELOAD, BIN, ...args], {
    cwd: ROOT,
    input: options.input ?? '',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', HOME: process.env.HOME ?? '/tmp', ...options.env, KDIAG_TEST_PEAK_RSS_FILE: rssFile },
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    maxBuffer: 256 * 2 ** 20,
  });
  const ms = performance.now() - started;
  let maxRssKiB: number | undefined;
  try {
    maxRssKiB = Number(readFileSync(rssFile, 'utf8'));
  } catch {
    // killed, or crashed before exit: no figure (a test that bounds memory then fails on it)
  }
  rmSync(dir, { recursive: true, force: true });
  // EPIPE: kdiag stopped reading stdin early (as it must past the size limit) while input was still being written.
  if (result.error && (result.error as NodeJS.ErrnoException).code !== 'EPIPE') throw result.error;
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr, ms, ...(maxRssKiB !== undefined ? { maxRssKiB } : {}) };
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
