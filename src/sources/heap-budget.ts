import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Input may take the heap up to this fraction of its limit; past it kdiag stops with one line instead of a V8 abort. */
export const HEAP_BUDGET = 0.85;

export const HEAP_HINT = 'read less at once (one namespace with -n, a label selector with -l, or split the dump), or give Node more heap: NODE_OPTIONS=--max-old-space-size=8192';

let collect: (() => void) | undefined;

/** A full GC, only on the over-budget path: garbage not yet collected must not read as "out of memory". */
function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

const mib = (n: number): string => `${Math.round(n / 2 ** 20)} MiB`;

/**
 * Throws `fail(message, hint)` when the heap plus `moreBytes` that are about to be held would pass the
 * budget. Call it as input accumulates (per file, per page, per response); it costs microseconds.
 */
export function checkHeapBudget(what: string, moreBytes: number, fail: (message: string, hint: string) => Error): void {
  const limit = getHeapStatistics().heap_size_limit;
  const over = (): boolean => getHeapStatistics().used_heap_size + moreBytes > limit * HEAP_BUDGET;
  if (!over()) return;
  collectGarbage();
  if (!over()) return;
  throw fail(`${what} does not fit in memory: the heap would pass ${mib(limit * HEAP_BUDGET)} (${Math.round(HEAP_BUDGET * 100)}% of Node's ${mib(limit)} limit)`, HEAP_HINT);
}
