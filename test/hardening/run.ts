// Spawns the built CLI like test/e2e/exec.ts, and also measures peak RSS with GNU time when it is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import { BIN, ROOT } from '../e2e/exec.js';
import { unsafeAt } from './hostile.js';

const GNU_TIME = '/usr/bin/time';
export const HAVE_GNU_TIME = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-f', '%M', 'true']).status === 0;
const MARK = 'KDIAG_RESOURCES';

export interface Measured {
  code: number;
  stdout: string;
  stderr: string;
  /** Wall time of the whole run, ms (process start included). */
  ms: number;
  /** Peak resident set size in KiB, when GNU time is available. */
  maxRssKiB?: number;
}

export function run(args: string[], options: { input?: string | Buffer; timeoutMs?: number; env?: Record<string, string> } = {}): Measured {
  const started = performance.now();
  const argv = HAVE_GNU_TIME ? [GNU_TIME, '-f', `${MARK} %M`, process.execPath, BIN, ...args] : [process.execPath, BIN, ...args];
  const result = spawnSync(argv[0]!, argv.slice(1), {
    cwd: ROOT,
    input: options.input ?? '',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', HOME: process.env.HOME ?? '/tmp', ...options.env },
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    maxBuffer: 256 * 2 ** 20,
  });
  const ms = performance.now() - started;
  // EPIPE: kdiag stopped reading stdin early (as it must past the size limit) while input was still being written.
  if (result.error && (result.error as NodeJS.ErrnoException).code !== 'EPIPE') throw result.error;
  let stderr = result.stderr;
  let maxRssKiB: number | undefined;
  const lines = stderr.split('\n');
  const at = lines.findIndex((l) => l.startsWith(MARK));
  if (at >= 0) {
    maxRssKiB = Number(lines[at]!.slice(MARK.length + 1));
    lines.splice(at, 1);
    // GNU time reports a non-zero exit on the line before its own.
    if (at > 0 && lines[at - 1]?.startsWith('Command exited with non-zero status')) lines.splice(at - 1, 1);
    stderr = lines.join('\n');
  }
  return { code: result.status ?? -1, stdout: result.stdout, stderr, ms, ...(maxRssKiB !== undefined ? { maxRssKiB } : {}) };
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
