import { getHeapStatistics } from 'node:v8';
import { InputError } from '../errors.js';

/** Past this share of the heap limit, one more page or file would end in V8's out-of-memory abort. */
const SHARE = 0.85;
const size = (bytes: number): string => (bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : `${Math.ceil(bytes / 2 ** 20)} MiB`);

/**
 * Called between pages of a list and between dump files: when what is held already fills the heap, one
 * clear line (with the sizes) instead of an abort a little later. `needed`: what the next step will
 * allocate, when it can be told in advance (a parsed dump takes about three times its text's length).
 */
export function checkHeapRoom(what: () => string, needed = 0, heap: () => { used: number; limit: number } = current): void {
  const { used, limit } = heap();
  if (used < limit * SHARE && used + needed < limit) return;
  throw new InputError(`${what()} do not fit in memory: ${size(used)} of the ${size(limit)} heap in use${needed ? `, about ${size(needed)} more needed` : ''}`, {
    hint: 'read less at a time (one namespace with -n, fewer dump files), or give Node more: NODE_OPTIONS=--max-old-space-size=8192',
  });
}

function current(): { used: number; limit: number } {
  const s = getHeapStatistics();
  return { used: s.used_heap_size, limit: s.heap_size_limit };
}
