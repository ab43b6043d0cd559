import { formatAge, parseTime } from '../../model/time.js';

export { formatAge, parseTime };

/** "5m ago" for an epoch-ms time relative to `now`. */
export function ago(now: number, at: number | undefined): string {
  return at === undefined ? 'at an unknown time' : `${formatAge(now - at)} ago`;
}

/** How long ago (ms) an ISO time was, or undefined. */
export function sinceIso(now: number, iso: unknown): number | undefined {
  const t = parseTime(iso);
  return t === undefined ? undefined : now - t;
}
