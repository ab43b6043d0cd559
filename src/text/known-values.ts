import { REDACTED } from './redact.js';

/** Shorter values ("true", "8080", "info") are words, not secrets: masking them would garble messages. */
export const MIN_KNOWN_VALUE = 8;
const PREFIX = MIN_KNOWN_VALUE;
/** Up to this many values a plain `includes` per value is fastest; past it, one scan per text. */
const FEW = 32;

/**
 * Values kdiag has read and must never print (env values, ConfigMap data, Secret data from a dump): masked
 * wherever free text repeats them. Matching costs one pass over the text whatever the number of values
 * (values indexed by their first characters), so a dump with thousands of ConfigMaps stays linear.
 */
export class KnownValues {
  private readonly values = new Set<string>();
  private byPrefix: Map<string, string[]> | undefined;
  /** A bitmap of the values' first two characters: most positions of a text are rejected without a slice. */
  private starts: Uint8Array | undefined;
  private sorted: string[] | undefined;
  private readonly exempt: ReadonlySet<string>;

  /** `exempt`: strings that are names, not secrets (object names, images), even when a value equals one. */
  constructor(exempt: Iterable<string> = []) {
    this.exempt = new Set(exempt);
  }

  get size(): number {
    return this.values.size;
  }

  add(value: unknown): void {
    if (typeof value !== 'string') return;
    const v = value.trim();
    if (v.length < MIN_KNOWN_VALUE || this.exempt.has(v) || this.values.has(v)) return;
    this.values.add(v);
    this.byPrefix = undefined;
    this.starts = undefined;
    this.sorted = undefined;
  }

  /** `text` with every known value replaced by the redaction marker (longest first). */
  mask(text: string): string {
    if (this.values.size === 0 || text.length < MIN_KNOWN_VALUE) return text;
    this.sorted ??= [...this.values].sort((a, b) => b.length - a.length);
    if (this.sorted.length <= FEW) {
      let out = text;
      for (const v of this.sorted) if (out.includes(v)) out = out.split(v).join(REDACTED);
      return out;
    }
    if (!this.byPrefix || !this.starts) {
      this.byPrefix = new Map();
      this.starts = new Uint8Array(1 << 16);
      for (const v of this.sorted) {
        this.starts[pairHash(v.charCodeAt(0), v.charCodeAt(1))] = 1;
        const key = v.slice(0, PREFIX);
        const list = this.byPrefix.get(key);
        if (list) list.push(v);
        else this.byPrefix.set(key, [v]);
      }
    }
    let out = '';
    let from = 0;
    const starts = this.starts;
    for (let i = 0; i + PREFIX <= text.length; ) {
      if (starts[pairHash(text.charCodeAt(i), text.charCodeAt(i + 1))] === 0) {
        i++;
        continue;
      }
      const candidates = this.byPrefix.get(text.slice(i, i + PREFIX));
      const hit = candidates?.find((v) => text.startsWith(v, i));
      if (hit === undefined) {
        i++;
        continue;
      }
      out += text.slice(from, i) + REDACTED;
      i += hit.length;
      from = i;
    }
    return from === 0 ? text : out + text.slice(from);
  }
}

const pairHash = (a: number, b: number): number => (a * 31 + b) & 0xffff;
