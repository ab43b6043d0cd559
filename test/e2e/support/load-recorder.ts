import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kdiag } from '../../support/cli.js';

const HOOK = resolve(import.meta.dirname, 'record-loads.mjs');
/** For `node -r`: at exit the run writes the Node modules and bindings it loaded to $KDIAG_BUILTINS, one a line. */
export const BUILTINS_HOOK = resolve(import.meta.dirname, 'record-builtins.cjs');

/**
 * Runs the built bin under record-loads.mjs and returns every file it loaded (ES modules and CommonJS files,
 * the recorder's own excluded), in load order, once each. `dir` holds the log files (and is the HOME).
 */
export function recordLoads(dir: string, args: string[], env: Record<string, string> = {}): { code: number; stdout: string; stderr: string; files: string[] } {
  const log = join(dir, `loads-${process.hrtime.bigint()}.log`);
  const r = kdiag(args, { nodeArgs: ['--import', HOOK], env: { HOME: dir, KDIAG_LOAD_LOG: log, ...env } });
  let files: string[] = [];
  try {
    files = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))].map((u) => fileURLToPath(u));
  } catch {}
  return { ...r, files: files.filter((f) => f !== HOOK && !f.endsWith('record-loads-hooks.mjs')) };
}
