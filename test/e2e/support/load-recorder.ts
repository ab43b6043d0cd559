import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, ROOT } from '../exec.js';

const HOOK = resolve(import.meta.dirname, 'record-loads.mjs');

/**
 * Runs the built bin under record-loads.mjs and returns every file it loaded (ES modules and CommonJS files,
 * the recorder's own excluded), in load order, once each. `dir` holds the log files (and is the HOME).
 */
export function recordLoads(dir: string, args: string[], env: Record<string, string> = {}): { code: number; stdout: string; stderr: string; files: string[] } {
  const log = join(dir, `loads-${process.hrtime.bigint()}.log`);
  const r = spawnSync(process.execPath, ['--import', HOOK, BIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, NO_COLOR: '1', KDIAG_LOAD_LOG: log, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  let files: string[] = [];
  try {
    files = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))].map((u) => fileURLToPath(u));
  } catch {}
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, files: files.filter((f) => f !== HOOK && !f.endsWith('record-loads-hooks.mjs')) };
}
