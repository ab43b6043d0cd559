// node:zlib is loaded on the first batch, not with this module: it brings Node's stream machinery (about twenty
// modules, 3-4 ms) into every start, and most runs never fill a batch.
const zlib = () => process.getBuiltinModule('node:zlib');

/** Texts per compressed batch: enough repetition between neighbours for a 20–40× ratio, small enough to inflate in a millisecond. */
const BATCH = 256;
/** Inflated batches kept at once: the Pods of one namespace (one workload's) lie in a few neighbouring batches. */
const CACHED = 8;

/**
 * Many small JSON texts (a streamed scan's diagnoses) held compressed in batches of neighbours: the
 * diagnoses of 150,000 Pods are ~440 MB as strings, ~15 MB as deflated batches. Texts never contain a
 * newline (JSON.stringify without indentation escapes it), so a batch is its texts joined by one.
 * Reads are fastest in the order the texts were added; any order works.
 */
export class DiagnosisStore {
  private readonly batches: Buffer[] = [];
  private pending: string[] = [];
  private readonly cache = new Map<number, string[]>();

  /** Keeps `text` (compact JSON, no newline); returns its id. */
  add(text: string): number {
    const id = this.batches.length * BATCH + this.pending.length;
    this.pending.push(text);
    if (this.pending.length === BATCH) {
      const { deflateRawSync, constants } = zlib();
      this.batches.push(deflateRawSync(this.pending.join('\n'), { level: constants.Z_BEST_SPEED }));
      this.pending = [];
    }
    return id;
  }

  get(id: number): string {
    const batch = Math.floor(id / BATCH);
    const at = id % BATCH;
    if (batch === this.batches.length) return this.pending[at]!;
    let texts = this.cache.get(batch);
    if (texts) {
      // Most recently used last.
      this.cache.delete(batch);
    } else {
      texts = zlib().inflateRawSync(this.batches[batch]!).toString('utf8').split('\n');
      if (this.cache.size >= CACHED) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(batch, texts);
    return texts[at]!;
  }

  /** Bytes held (compressed batches and the texts not yet compressed), for the bench and tests. */
  get bytes(): number {
    return this.batches.reduce((n, b) => n + b.length, 0) + this.pending.reduce((n, t) => n + t.length, 0);
  }
}
