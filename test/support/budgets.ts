// Test budgets: how many generated cases a property test runs, and how long a big-input test may take.
// How many cases a fixed-seed property test generates. `npm test` runs a small sample (a quarter of each
// property's base count: the same seed, so a failure reproduces); `npm run fuzz` sets KDIAG_FUZZ_SCALE (32)
// and runs base × scale, with KDIAG_FUZZ_BUDGET seconds as a time limit.
export const FUZZ_SCALE = Math.max(0, Number(process.env.KDIAG_FUZZ_SCALE ?? 0) || 0);
/** True under `npm run fuzz`: a long run, bounded by its budget rather than vitest's per-test timeout. */
export const FUZZING = FUZZ_SCALE > 1;

/** `maxScale`: at most base × maxScale under `npm run fuzz` (for properties whose cases are slow). */
export function fuzzRuns(base: number, maxScale = Number.POSITIVE_INFINITY): number {
  return FUZZING ? base * Math.min(FUZZ_SCALE, maxScale) : Math.max(20, Math.ceil(base / 4));
}

/**
 * vitest's per-test timeout for tests that read inputs of tens or hundreds of MB: a guard against a hang on a
 * loaded machine (the suite runs a worker per core), not a speed check; their speed is bench/'s to measure.
 */
export const BIG_INPUT_TIMEOUT = 120_000;
