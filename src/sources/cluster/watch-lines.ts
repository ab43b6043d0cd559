/**
 * Splits a watch stream's raw bytes into its newline-ended lines. The line not yet ended is kept as the
 * bytes it came in, off the V8 heap, in pieces that each own exactly their bytes (a piece cut from a larger
 * chunk is copied, so it cannot keep the rest of that chunk alive): `held` is what it really holds. A line
 * is decoded once, when its newline comes; a newline byte is never inside a multi-byte UTF-8 character, so
 * a character split across chunks is whole by then.
 */
export class WatchLines {
  private pieces: Buffer[] = [];
  /** Bytes of the line not yet ended, all of them held. */
  held = 0;

  constructor(private readonly maxLineBytes: number) {}

  /**
   * Hands each line `chunk` ends to `onLine` (without its newline), in order, while `onLine` returns true.
   * False when a line (ended or not) is longer than maxLineBytes: the caller drops the stream.
   */
  push(chunk: Buffer, onLine: (line: string) => boolean): boolean {
    let from = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, from)) {
      if (this.held + nl - from > this.maxLineBytes) return false;
      const line = this.pieces.length === 0 ? chunk.toString('utf8', from, nl) : Buffer.concat([...this.pieces, chunk.subarray(from, nl)]).toString('utf8');
      this.clear();
      from = nl + 1;
      if (!onLine(line)) return true;
    }
    if (from === chunk.length) return true;
    if (this.held + chunk.length - from > this.maxLineBytes) return false;
    this.pieces.push(owned(from === 0 ? chunk : chunk.subarray(from)));
    this.held += chunk.length - from;
    return true;
  }

  /** The line not yet ended, decoded (for a stream that closes with it). */
  rest(): string {
    return Buffer.concat(this.pieces).toString('utf8');
  }

  clear(): void {
    this.pieces = [];
    this.held = 0;
  }
}

/** `piece` itself when it spans its whole memory, else a copy of just its bytes. */
function owned(piece: Buffer): Buffer {
  if (piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength) return piece;
  const copy = Buffer.allocUnsafeSlow(piece.length);
  piece.copy(copy);
  return copy;
}
