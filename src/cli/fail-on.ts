import { UsageError } from '../errors.js';
import type { Diagnosis } from '../engine/diagnosis.js';
import { EXIT } from './exit-codes.js';

/** `--fail-on`: which verdicts make the run exit 1. */
export const FAIL_ON = ['error', 'warning', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export function parseFailOn(value: string | undefined): FailOn {
  const v = (value ?? 'error').toLowerCase();
  if (!(FAIL_ON as readonly string[]).includes(v)) throw new UsageError(`--fail-on: "${value}" is not one of ${FAIL_ON.join(', ')}`, { hint: 'e.g. --fail-on warning, or --fail-on never' });
  return v as FailOn;
}

/** Whether a diagnosis counts against the run: failing always, a warning (not suppressed) with `warning`. */
export function fails(d: Pick<Diagnosis, 'status' | 'findings'>, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  if (d.status === 'failing') return true;
  return failOn === 'warning' && d.findings.some((f) => f.severity === 'warning' || f.severity === 'error');
}

/**
 * The exit code of a list's verdicts: 1 when any item fails under `failOn`, else 0. `items` give their status
 * at hand and their diagnosis on demand (a streamed list keeps diagnoses compact): the findings are read only for `warning`.
 */
export function verdictExit(items: Iterable<{ status: Diagnosis['status']; diagnosis?: () => Diagnosis } | Diagnosis>, failOn: FailOn): number {
  if (failOn === 'never') return EXIT.ok;
  for (const item of items) {
    if (item.status === 'failing') return EXIT.failing;
    if (failOn !== 'warning') continue;
    const d = 'findings' in item ? item : item.diagnosis!();
    if (fails(d, failOn)) return EXIT.failing;
  }
  return EXIT.ok;
}
