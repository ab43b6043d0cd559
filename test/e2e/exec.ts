// Spawns the built bin/kdiag with a minimal environment, as a user's shell would (knip's exec.ts style).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = resolve(ROOT, 'bin/kdiag.js');
export const fixture = (p: string): string => resolve(ROOT, 'fixtures', p);

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function kdiag(args: string[], options: { input?: string | Buffer; env?: Record<string, string>; cwd?: string } = {}): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', HOME: process.env.HOME ?? '/tmp', ...options.env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
