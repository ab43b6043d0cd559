import { UsageError } from '../errors.js';

/** Log evidence shows at most this many lines per stopped container: the ones that say what went wrong. */
const SHOWN_MAX = 5;

/** `--logs N` (lines of the log tail to read) and `--no-logs` (commander sets `logs: false`). */
export function logOptions(opts: { logs?: string | boolean }): { tail: number; shown: number } {
  if (opts.logs === false) return { tail: 0, shown: 0 };
  const raw = opts.logs === undefined || opts.logs === true ? '20' : opts.logs;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > 10_000) throw new UsageError(`--logs: "${raw}" is not a number of lines`, { hint: 'e.g. --logs 50, or --no-logs' });
  return { tail: n, shown: Math.min(SHOWN_MAX, n) };
}
