import { collectGarbageSoon } from '../heap-budget.js';

/**
 * One per command, shared by every read in flight: the bytes of answers being received (list and GET
 * bodies, pages, logs, the unfinished lines of watch streams) all count against one limit,
 * --max-response-size. Without it each of a wave's parallel reads could hold the whole limit: 16 endless
 * lists under a 64 MiB limit took a `scan -A` to 1.1 GiB. A read hands its bytes back when it ends (after
 * its body is parsed), however it ends.
 */
export class ResponseMemory {
  /** Bytes held now by reads in flight. */
  held = 0;
  /** The most ever held at once (for tests and --verbose). */
  peak = 0;

  constructor(readonly limit: number) {}

  /** Takes `bytes` for a read; false (and nothing taken) when every read together would pass the limit. */
  take(bytes: number): boolean {
    if (this.held + bytes > this.limit) return false;
    this.held += bytes;
    if (this.held > this.peak) this.peak = this.held;
    return true;
  }

  give(bytes: number): void {
    this.held = Math.max(0, this.held - bytes);
  }

  /**
   * Hands back the bytes of a read refused over the limit (or the heap budget), and has them freed by a full
   * collection once the current callbacks are done. Left to V8 they stayed in memory while the reads still in
   * flight took the budget they handed back, refusal after refusal: a `scan -A` of endless lists under 128 MiB
   * peaked at 350-385 MiB on Node 24 (its baseline 67); a watch line that never ends was held again and again.
   */
  giveRefused(bytes: number): void {
    this.give(bytes);
    collectGarbageSoon();
  }
}
