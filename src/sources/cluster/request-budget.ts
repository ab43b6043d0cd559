/** After the first trouble, requests leave at least this far apart. */
export const TROUBLED_INTERVAL_MS = 1_000;

/**
 * One per command, shared by every read and watch of it: until the server first misbehaves (a 429 or 5xx,
 * a dropped connection, a watch that ends early or answers 410, a page that does not end its list),
 * requests go out freely; from then on at most one a second, for the rest of the command. Nothing the
 * server answers afterwards lifts it: a server that alternates good and bad answers cannot reset it.
 */
export class RequestBudget {
  private troubled = false;
  private nextAt = 0;
  /** How many times the server misbehaved (for --verbose and tests). */
  strikes = 0;

  constructor(
    private readonly intervalMs = TROUBLED_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The server misbehaved: every later request waits its turn. */
  strike(): void {
    this.troubled = true;
    this.strikes++;
  }

  get throttled(): boolean {
    return this.troubled;
  }

  /**
   * Waits for this request's turn: at once before any trouble, else the next free one-second slot. False
   * when that slot comes at or after `until` (the caller's deadline: it fails with its own error, having
   * waited for it); a `signal` that aborts ends the wait early.
   */
  async take(until: number, signal?: AbortSignal): Promise<boolean> {
    if (!this.troubled) return true;
    const now = this.now();
    const at = Math.max(now, this.nextAt);
    if (at >= until) {
      await sleep(Math.max(0, until - now), signal);
      return false;
    }
    this.nextAt = at + this.intervalMs;
    if (at > now) await sleep(at - now, signal);
    return true;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
