/** The smallest number of a list, without spreading it into arguments (which throws past ~120k items). */
export function minOf(values: readonly number[]): number {
  let min = Infinity;
  for (const v of values) if (v < min) min = v;
  return min;
}

/** The largest number of a list; see minOf. */
export function maxOf(values: readonly number[]): number {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  return max;
}
