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
}
