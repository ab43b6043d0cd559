import { setV8Flag } from '../sources/v8-flags.js';

/**
 * A long streamed read (scan of a large cluster) keeps little alive but allocates gigabytes on the way (pages
 * of JSON, their objects, each Pod's facts). V8 lets the heap grow to about 4× what survived its last full
 * collection before it collects again: ~1.4 GiB at its peak for 150,000 Pods whose live data is ~370 MB.
 * Capping the growth at 1.5× the live data (V8's --heap-growing-percent, read at every collection) trades a
 * few more full collections (~1–2 s CPU at that size) for a peak under 1 GiB. An explicit setting in
 * NODE_OPTIONS or on the command line wins.
 */
export function boundHeapGrowth(percent = 50): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /^--heap[-_]growing[-_]percent/.test(a));
  // 0 is V8's default (its own growth factors).
  if (!given) setV8Flag(`--heap-growing-percent=${percent}`, '--heap-growing-percent=0');
}
