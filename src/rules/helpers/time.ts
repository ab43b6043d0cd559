import { formatAge, parseTime } from '../../model/time.js';
import { memoNumber } from './memo.js';

export { formatAge, parseTime };

/** "5m ago" for an epoch-ms time relative to `now`. */
export function ago(now: number, at: number | undefined): string {
  return at === undefined ? 'at an unknown time' : `${formatAge(now - at)} ago`;
}

/** `new Date(ms).toISOString()`, remembered: many events share a second, and formatting a Date is slow. */
export const isoTime: (ms: number) => string = memoNumber((ms) => new Date(ms).toISOString());

/** How long ago (ms) an ISO time was, or undefined. */
export function sinceIso(now: number, iso: unknown): number | undefined {
  const t = parseTime(iso);
  return t === undefined ? undefined : now - t;
}
