// Runs the built CLI without blocking this process's event loop (the hostile servers live in it), and
// measures wall time. A run is killed after `killMs`: a hang shows as code -1, never as a stuck test.
import { spawn } from 'node:child_process';
import { expect } from 'vitest';
import { BIN, ROOT } from '../e2e/exec.js';
import { unsafeAt } from '../hardening/hostile.js';

export interface HostileRun {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

export function run(args: string[], options: { env?: Record<string, string>; killMs?: number; cwd?: string } = {}): Promise<HostileRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    // KDIAG_TEST_BIN: run the suite against another build (e.g. main before a fix) to see it fail there.
    const child = spawn(process.execPath, [process.env.KDIAG_TEST_BIN || BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', HOME: '/nonexistent', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout.length < 4e6 ? (stdout += c) : undefined));
    child.stderr.on('data', (c) => (stderr.length < 4e6 ? (stderr += c) : undefined));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.killMs ?? 15_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** The error contract: the exit code, one `kdiag:` line (and a hint), no stack, no header, no control character. */
export function expectOneLine(r: HostileRun, code: number, text?: string | RegExp): void {
  const lines = r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('hint: '));
  expect(r.code, r.stderr).toBe(code);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^kdiag: /);
  if (text !== undefined) expect(lines[0]).toMatch(typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text);
  expect(r.stderr).not.toMatch(/\n\s+at |secret-header-value|internal error|TimeoutOverflowWarning/);
  expect(unsafeAt(r.stderr)).toBeUndefined();
  expect(r.stderr.length).toBeLessThan(2000);
}
