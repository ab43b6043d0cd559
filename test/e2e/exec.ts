// Spawns the built bin/kdiag with a minimal environment, as a user's shell would (knip's exec.ts style).
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = resolve(ROOT, 'bin/kdiag.js');
export const fixture = (p: string): string => resolve(ROOT, 'fixtures', p);

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function kdiag(args: string[], options: { input?: string | Buffer; env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {}): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', HOME: process.env.HOME ?? '/tmp', ...options.env },
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 20_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Like `kdiag`, but does not block the event loop (for tests that serve HTTP from this process). */
export function kdiagAsync(args: string[], options: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', HOME: process.env.HOME ?? '/tmp', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveRun({ code: code ?? -1, stdout, stderr });
    });
  });
}
