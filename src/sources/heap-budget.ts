import { runInNewContext } from 'node:vm';
import { InputError } from '../errors.js';
import { setV8Flag } from './v8-flags.js';

// node:v8 on first use: loading it costs 2 ms of a 100 ms run, and most checks need it not (quickly below).
const v8 = (): typeof import('node:v8') => process.getBuiltinModule('node:v8');

/** Input may take the heap up to this fraction of its limit; past it kdiag stops with one line instead of a V8 abort. */
export const HEAP_BUDGET = 0.85;

export const HEAP_HINT = 'read less at once (one namespace with -n, a label selector with -l, or split the dump), or give Node more heap: NODE_OPTIONS=--max-old-space-size=8192';

let collect: (() => void) | undefined;

/** A full GC, only on the over-budget path: garbage not yet collected must not read as "out of memory". */
export function collectGarbage(): void {
  if (!collect) {
    // No flag undoes it for the code cache's key (--no-expose-gc leaves V8's flag hash changed): no cache then.
    setV8Flag('--expose-gc', undefined);
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

let soon = false;

/**
 * A full GC once the current callbacks are done (several calls in one turn of the event loop make one), for
 * a read refused over its memory budget: the bytes it handed back are then freed, not left to V8, which frees
 * Node's buffers only once its young generation or its external-memory limit fills (30-60 MiB later).
 */
export function collectGarbageSoon(): void {
  if (soon) return;
  soon = true;
  setImmediate(() => {
    soon = false;
    collectGarbage();
  });
}

/**
 * The heap's limit for what kdiag holds. V8's heap_size_limit adds the young generation's reservation to the
 * old generation's limit: 48 MiB on Node 20 but 192 MiB on Node 24 here, so with --max-old-space-size=48 Node 24
 * reports 240 MiB and aborts at about 48. An explicit old-space size (command line or NODE_OPTIONS) is the limit.
 */
export function heapLimit(): number {
  const reported = v8().getHeapStatistics().heap_size_limit;
  const explicit = maxOldSpaceFlag(nodeArgs());
  return explicit !== undefined && explicit < reported ? explicit : reported;
}

let args: readonly string[] | undefined;

/** The flags Node was started with: its command line, then NODE_OPTIONS (read once; neither changes in a run). */
function nodeArgs(): readonly string[] {
  args ??= [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return args;
}

/** `--max-old-space-size=N` / `--max-old-space-size N` (MiB; the last one wins, as in Node), in bytes. */
export function maxOldSpaceFlag(args: readonly string[]): number | undefined {
  let found: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const m = /^--max[-_]old[-_]space[-_]size(?:=(\d+))?$/.exec(args[i]!);
    if (!m) continue;
    const value = Number(m[1] ?? args[i + 1]);
    if (Number.isFinite(value) && value > 0) found = value * 2 ** 20;
  }
  return found;
}

/**
 * Below this much heap, no limit Node runs with is near: V8 sizes its default old space from the machine's (or
 * the container's) memory but never below 128 MiB (256 on 64-bit). A smaller limit can only be asked for with
 * a flag, and then the full check runs.
 */
const QUICK_FLOOR = 32 * 2 ** 20;
const HEAP_FLAG = /^--max[-_](?:old[-_]space|heap|semi[-_]space)[-_]size/;
let quick: boolean | undefined;

/**
 * The check without node:v8, while the heap is small. process.memoryUsage() also reads the process's RSS,
 * which costs milliseconds once the process is large (up to 4 ms a call in a 200 MiB analyze, against
 * 0.01-0.08 ms for V8's heap statistics), so the first time the heap and what is asked for pass the floor,
 * the full check takes over for the rest of the run.
 */
function clearlyRoomy(moreBytes: number): boolean {
  quick ??= !nodeArgs().some((a) => HEAP_FLAG.test(a));
  if (quick && process.memoryUsage().heapUsed + moreBytes < QUICK_FLOOR) return true;
  quick = false;
  return false;
}

const mib = (n: number): string => `${Math.round(n / 2 ** 20)} MiB`;

/**
 * Throws `fail(message, hint)` when the heap plus `moreBytes` that are about to be held would pass the
 * budget. Call it as input accumulates (per file, per page, per response); it costs microseconds.
 */
export function checkHeapBudget(what: string, moreBytes: number, fail: (message: string, hint: string) => Error): void {
  if (clearlyRoomy(moreBytes)) return;
  const limit = heapLimit();
  const over = (): boolean => v8().getHeapStatistics().used_heap_size + moreBytes > limit * HEAP_BUDGET;
  if (!over()) return;
  collectGarbage();
  if (!over()) return;
  throw fail(`${what} does not fit in memory: the heap would pass ${mib(limit * HEAP_BUDGET)} (${Math.round(HEAP_BUDGET * 100)}% of Node's ${mib(limit)} limit)`, HEAP_HINT);
}

// The variant for pages and dump files (InputError, sizes in the message).

/** Past this share of the heap limit, one more page or file would end in V8's out-of-memory abort. */
const SHARE = 0.85;
const size = (bytes: number): string => (bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : `${Math.ceil(bytes / 2 ** 20)} MiB`);

/** The heap is full: unlike a bad file, this stops the whole read (what is left would not fit either). */
export class HeapRoomError extends InputError {}

/**
 * Called between pages of a list and between dump files: when what is held already fills the heap, one
 * clear line (with the sizes) instead of an abort a little later. `needed`: what the next step will
 * allocate, when it can be told in advance (a parsed dump takes about three times its text's length).
 */
export function checkHeapRoom(what: () => string, needed = 0, heap: () => { used: number; limit: number } = current): void {
  // A small heap is far from any limit Node runs with unflagged (clearlyRoomy): no node:v8 for a small dump.
  if (heap === current && clearlyRoomy(needed)) return;
  const { used, limit } = heap();
  if (used < limit * SHARE && used + needed < limit) return;
  throw new HeapRoomError(`${what()} do not fit in memory: ${size(used)} of the ${size(limit)} heap in use${needed ? `, about ${size(needed)} more needed` : ''}`, {
    hint: 'read less at a time (one namespace with -n, fewer dump files), or give Node more: NODE_OPTIONS=--max-old-space-size=8192',
  });
}

function current(): { used: number; limit: number } {
  const s = v8().getHeapStatistics();
  return { used: s.used_heap_size, limit: heapLimit() };
}

/**
 * A check to call once per item as the engine diagnoses a large list (it holds every diagnosis until the
 * report): every `every` calls, checkHeapBudget — one line and `fail`'s exit code instead of V8's abort.
 */
export function heapGuard(what: string, fail: (message: string, hint: string) => Error, every = 256): () => void {
  let n = 0;
  return () => {
    if (++n % every === 0) checkHeapBudget(`${what} (${n} diagnosed so far)`, 0, fail);
  };
}

/**
 * Before a report of many items is rendered and written: its size estimated from a sample of the items, and
 * checked against the heap budget, so a list too large to print is one line, not an abort. Every format is
 * rendered a few items at a time and waits for a slow pipe (one piece queued; the text and Markdown tables
 * hold a row per Pod), so the report's own size, as JSON, is the margin asked for. (As one string, YAML
 * took about 4× that and text 1.5×.)
 */
export function checkReportRoom<T>(items: readonly T[], format: string, fail: (message: string, hint: string) => Error, value: (item: T) => unknown = (i) => i): void {
  if (items.length < 1000) return;
  const step = Math.max(1, Math.floor(items.length / 16));
  let sampled = 0;
  let bytes = 0;
  for (let i = 0; i < items.length; i += step, sampled++) bytes += JSON.stringify(value(items[i]!), null, 2).length;
  const size = (bytes / sampled) * items.length;
  checkHeapBudget(`the ${format} report of ${items.length} diagnoses (about ${mib(size)} as JSON)`, size, fail);
}
