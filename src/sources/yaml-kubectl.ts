import { doubleQuoted, plainKeyIsNotString, plainScalar, singleQuoted, unfoldLines } from './yaml-scalars.js';

// A reader for the YAML that kubectl (go-yaml) writes, several times the speed of any general parser:
// block mappings and sequences, plain, single- and double-quoted scalars (folded over lines too), `|` and
// `>` block scalars, `{}` and `[]`, `---` between documents. Everything else — anchors, aliases, tags,
// flow collections with content, complex keys, comments, tabs in indentation, directives, duplicate keys,
// anything it is not sure to read exactly as the careful reader (parse-dump-text.ts) does — makes it step
// aside: it returns undefined and the careful reader gives the answer, or the line-numbered error.

/** Thrown to step aside; caught once at the top. */
const BAIL = Symbol('bail');
/** Deeper than any Kubernetes object: the careful reader measures and refuses such input. */
const MAX_DEPTH = 100;
/** The careful reader refuses an implicit key longer than this. */
const MAX_KEY = 1024;

/**
 * Characters that are never in a dump kdiag reads this way: CR, other C0 controls (but tab and line
 * feed), DEL, NEL, LS, PS, BOM. The reader looks at every character of the text once; each loop that
 * passes over text steps aside at one of these (no separate pass over the whole input).
 */
function unusual(d: number): boolean {
  return d < 32 ? d !== TAB && d !== NL : d >= 127 && (d === 127 || d === 0x85 || d === 0x2028 || d === 0x2029 || d === 0xfeff);
}

/** Buckets of the key cache (a power of two), and the keys each holds, the last read first. */
const KEY_SLOTS = 4096;
const KEY_WAYS = 4;
/** How a key's last value stood on its line (see Reader.lastKind). */
const NONE = 0;
const PLAIN = 1;
const QUOTED = 2;
/** Slots of each value cache (a power of two), and the longest value kept in one. */
const VALUE_SLOTS = 8192;
const MAX_CACHED_VALUE = 64;
/**
 * The longest value remembered after its key: the caches outlive an input (a dump read file by file keeps
 * only one file's objects), so what they hold stays small (at most 16,384 such values, about 4 MB).
 */
const MAX_REMEMBERED_VALUE = 256;

const LONE_CR = /\r(?!\n)/;

const SPACE = 32;
const NL = 10;
const TAB = 9;
const COLON = 58;
const HASH = 35;
const DASH = 45;
const SQUOTE = 39;
const DQUOTE = 34;

/** Every document's value (empty documents dropped), or undefined when the careful reader must decide. */
export function kubectlYamlDocuments(input: string): unknown[] | undefined {
  // CRLF line ends (Windows, PowerShell's UTF-16 dumps) read as LF; a lone CR is the careful reader's.
  const text = input.includes('\r') && !LONE_CR.test(input) ? input.replace(/\r\n/g, '\n') : input;
  try {
    return new Reader(text).documents();
  } catch (err) {
    if (err === BAIL) return undefined;
    throw err;
  }
}

/**
 * The caches every Reader uses (see its fields), made once: a directory of a hundred small dumps does not
 * build them per file. Readers run one at a time (synchronously), and what an earlier input left in them is
 * only ever compared with the text, never taken on trust.
 */
interface Caches {
  keys: Array<string | undefined>;
  plainValues: Array<string | undefined>;
  quotedValues: Array<string | undefined>;
  lastText: Array<string | undefined>;
  lastValue: unknown[];
  lastKind: Uint8Array;
}
let caches: Caches | undefined;

function newCaches(): Caches {
  const strings = (n: number): Array<string | undefined> => new Array<string | undefined>(n).fill(undefined);
  return {
    keys: strings(KEY_SLOTS * KEY_WAYS),
    plainValues: strings(VALUE_SLOTS),
    quotedValues: strings(VALUE_SLOTS),
    lastText: strings(KEY_SLOTS * KEY_WAYS),
    lastValue: new Array<unknown>(KEY_SLOTS * KEY_WAYS).fill(undefined),
    lastKind: new Uint8Array(KEY_SLOTS * KEY_WAYS),
  };
}

class Reader {
  private readonly s: string;
  private readonly n: number;
  /** Start of the current line. */
  private p = 0;
  /** Indentation of the current line, -1 at a document marker or the end of the text. */
  private ind = 0;
  /** Keys read so far, by their first three characters and indentation (see key()). */
  private readonly keys: Array<string | undefined>;
  /**
   * Plain scalars read as strings, and single-quoted scalars on one line without a quote inside, by length
   * and a few characters (see cachedValue): the same values (phases, images, timestamps) repeat in every
   * object, and a value read again is the string already made, not a new one for the collector to copy.
   */
  private readonly plainValues: Array<string | undefined>;
  private readonly quotedValues: Array<string | undefined>;
  /**
   * The last one-line scalar read after each cached key (same index as `keys`): a key's value often repeats
   * (`kind: Pod`, `status: 'True'`, `lastProbeTime: null`), and the same text on a line of its own reads as
   * the same value, so it is compared in place and not read again. `lastKind` says how the text stands:
   * PLAIN (`lastText` is the text, `lastValue` its value), QUOTED (`lastText` is the value, between single
   * quotes) or NONE.
   */
  private readonly lastText: Array<string | undefined>;
  private readonly lastValue: unknown[];
  private readonly lastKind: Uint8Array;
  /** Where the last key read is in `keys`, or -1 when it is not there. */
  private keyWay = -1;
  /** How the scalar just read stood (PLAIN, QUOTED: on one line, nothing after it; else NONE), and where a PLAIN one ended. */
  private oneLine = NONE;
  private oneLineEnd = 0;
  /** Set when nextContentLine skipped a comment line. */
  private sawComment = false;

  constructor(text: string) {
    this.s = text;
    this.n = text.length;
    const c = (caches ??= newCaches());
    this.keys = c.keys;
    this.plainValues = c.plainValues;
    this.quotedValues = c.quotedValues;
    this.lastText = c.lastText;
    this.lastValue = c.lastValue;
    this.lastKind = c.lastKind;
  }

  documents(): unknown[] {
    const values: unknown[] = [];
    this.nextContentLine();
    for (;;) {
      if (this.p >= this.n) return values;
      if (this.ind < 0) {
        // `---`: the marker line holds nothing else (checked in nextContentLine).
        this.p = this.lineEnd(this.p) + 1;
        this.nextContentLine();
        continue;
      }
      const value = this.block(this.ind, 0);
      if (value !== null) values.push(value);
      if (this.p < this.n && this.ind >= 0) throw BAIL; // something less indented than the document's root
    }
  }

  private lineEnd(from: number): number {
    const e = this.s.indexOf('\n', from);
    return e < 0 ? this.n : e;
  }

  /**
   * Moves `p` to the next line with content (from `p`, a line start) and sets `ind`. Lines of spaces are
   * skipped, and so are comment lines; a tab in the indentation, `...` or `%` steps aside.
   */
  private nextContentLine(): void {
    const s = this.s;
    this.sawComment = false;
    for (;;) {
      let i = this.p;
      if (i >= this.n) {
        this.ind = -1;
        return;
      }
      while (s.charCodeAt(i) === SPACE) i++;
      const c = s.charCodeAt(i);
      if (c === NL) {
        this.p = i + 1;
        continue;
      }
      if (i >= this.n) {
        this.p = this.n;
        this.ind = -1;
        return;
      }
      if (c === HASH) {
        // A comment line: skipped, as everywhere outside a scalar (plain() refuses one inside its lines).
        this.sawComment = true;
        const e = this.lineEnd(i);
        this.checkText(i, e);
        this.p = e + 1;
        continue;
      }
      if (c === TAB) throw BAIL;
      if (i === this.p && (c === DASH || c === 46 || c === 37)) {
        if (c === 37) throw BAIL; // a directive
        if (s.startsWith('---', i) || s.startsWith('...', i)) {
          const after = s.charCodeAt(i + 3);
          if (Number.isNaN(after) || after === NL || after === SPACE) {
            if (c === 46) throw BAIL;
            // Nothing but spaces may follow the marker.
            const e = this.lineEnd(i);
            for (let j = i + 3; j < e; j++) if (s.charCodeAt(j) !== SPACE) throw BAIL;
            this.ind = -1;
            return;
          }
          throw BAIL;
        }
      }
      this.ind = i - this.p;
      return;
    }
  }

  /** A block mapping or sequence whose first line is the current one, at indentation `indent`. */
  private block(indent: number, depth: number): unknown {
    if (depth > MAX_DEPTH) throw BAIL;
    const at = this.p + indent;
    if (this.s.charCodeAt(at) === DASH && this.isSeparator(at + 1)) return this.sequence(indent, depth);
    return this.mapping(indent, at, depth);
  }

  /** A space, a line break or the end of the text. */
  private isSeparator(i: number): boolean {
    const c = this.s.charCodeAt(i);
    return c === SPACE || c === NL || i >= this.n;
  }

  private sequence(indent: number, depth: number): unknown[] {
    const s = this.s;
    const items: unknown[] = [];
    for (;;) {
      // The current line is at `indent` and starts with `- `.
      let i = this.p + indent + 1;
      while (s.charCodeAt(i) === SPACE) i++;
      const c = s.charCodeAt(i);
      if (c === NL || i >= this.n) {
        this.p = i + 1;
        this.nextContentLine();
        items.push(this.ind > indent ? this.block(this.ind, depth + 1) : null);
      } else if (c === TAB) throw BAIL;
      else if (c === DASH && this.isSeparator(i + 1)) throw BAIL; // `- - x`: a sequence in a sequence, rare in dumps
      else if (this.startsKey(i)) items.push(this.mapping(i - this.p, i, depth + 1));
      else items.push(this.value(i, indent, depth + 1));
      if (this.ind !== indent) {
        if (this.ind > indent) throw BAIL;
        return items;
      }
      const at = this.p + indent;
      if (!(s.charCodeAt(at) === DASH && this.isSeparator(at + 1))) return items; // the mapping around continues
    }
  }

  /** True when the text at `i` is a mapping key: `key:` followed by a space or the line's end, or `? ` (explicitKey). */
  private startsKey(i: number): boolean {
    const s = this.s;
    const c = s.charCodeAt(i);
    if (c === 63 && s.charCodeAt(i + 1) === SPACE) return true;
    if (c === SQUOTE || c === DQUOTE) {
      const close = s.indexOf(c === SQUOTE ? "'" : '"', i + 1);
      const e = this.lineEnd(i);
      if (close < 0 || close > e) return false;
      let j = close + 1;
      while (s.charCodeAt(j) === SPACE) j++;
      return s.charCodeAt(j) === COLON;
    }
    const e = this.lineEnd(i);
    for (let j = i; j < e; j++) {
      const d = s.charCodeAt(j);
      if (d === COLON) {
        const after = s.charCodeAt(j + 1);
        if (after === SPACE || after === NL || j + 1 >= this.n) return true;
      } else if (d === HASH && s.charCodeAt(j - 1) === SPACE) return false;
    }
    return false;
  }

  /** A block mapping at `indent`; its first key starts at `first` (after `- ` for a mapping in a sequence). */
  private mapping(indent: number, first: number, depth: number): Record<string, unknown> {
    if (depth > MAX_DEPTH) throw BAIL;
    const s = this.s;
    const map: Record<string, unknown> = {};
    let k = first;
    for (;;) {
      const key = s.charCodeAt(k) === 63 && s.charCodeAt(k + 1) === SPACE ? this.explicitKey(k, indent, depth) : this.key(k);
      // `key` left `p` at the line and `k` is reused as the position after the colon.
      let i = this.afterKey;
      while (s.charCodeAt(i) === SPACE) i++;
      const c = s.charCodeAt(i);
      let value: unknown;
      if (c === NL || i >= this.n) {
        this.p = i + 1;
        this.nextContentLine();
        if (this.ind > indent) value = this.block(this.ind, depth + 1);
        else if (this.ind === indent && s.charCodeAt(this.p + indent) === DASH && this.isSeparator(this.p + indent + 1)) value = this.sequence(indent, depth + 1);
        else value = null;
      } else if (c === TAB) throw BAIL;
      else value = this.keyWay >= 0 && depth < MAX_DEPTH ? this.valueAfterKey(i, indent, depth + 1) : this.value(i, indent, depth + 1);
      if (map[key] !== undefined) throw BAIL; // a duplicate key (or a name Object.prototype holds): the careful reader decides
      map[key] = value;
      if (this.ind !== indent) {
        if (this.ind > indent) throw BAIL;
        return map;
      }
      k = this.p + indent;
      if (s.charCodeAt(k) === DASH && this.isSeparator(k + 1)) {
        return map; // a sequence entry at the mapping's own indentation ends it (sequence checks who owns it)
      }
    }
  }

  /**
   * The value at `i` after a cached key: the key's last value when the line holds the same text and the
   * next content line does not continue it; else read (and remembered when it is a one-line scalar).
   */
  private valueAfterKey(i: number, indent: number, depth: number): unknown {
    const s = this.s;
    const w = this.keyWay;
    const kind = this.lastKind[w];
    if (kind !== NONE) {
      const text = this.lastText[w]!;
      const len = text.length;
      const end = kind === PLAIN ? i + len : i + len + 2;
      if (s.charCodeAt(end) === NL && (kind === PLAIN ? sameAt(s, i, text) : s.charCodeAt(i) === SQUOTE && s.charCodeAt(end - 1) === SQUOTE && sameAt(s, i + 1, text))) {
        this.p = end + 1;
        this.nextContentLine();
        // A more indented line continues a plain scalar (after a quoted one it is the careful reader's): read it all.
        if (this.ind <= indent) return kind === PLAIN ? this.lastValue[w] : text;
        return this.value(i, indent, depth);
      }
    }
    this.oneLine = NONE;
    const value = this.value(i, indent, depth);
    if (this.oneLine === PLAIN) {
      this.lastKind[w] = PLAIN;
      this.lastText[w] = typeof value === 'string' ? value : s.slice(i, this.oneLineEnd);
      this.lastValue[w] = value;
    } else if (this.oneLine === QUOTED) {
      this.lastKind[w] = QUOTED;
      this.lastText[w] = value as string;
    }
    return value;
  }

  /**
   * `? KEY` then `: VALUE` on the next line at the mapping's indentation: go-yaml writes a key longer than 128
   * characters so (a long annotation or ConfigMap key). The key is a string scalar on its line; sets `afterKey`
   * after the `:`.
   */
  private explicitKey(k: number, indent: number, depth: number): string {
    const s = this.s;
    let i = k + 2;
    while (s.charCodeAt(i) === SPACE) i++;
    const c = s.charCodeAt(i);
    // A quoted or plain scalar only: a block scalar, a collection or nothing is the careful reader's.
    if (c === NL || i >= this.n || !(c === SQUOTE || c === DQUOTE || plainStart(c, s.charCodeAt(i + 1)))) throw BAIL;
    const key = this.value(i, indent + 1, depth + 1);
    if (typeof key !== 'string' || key.length > MAX_KEY || key === '__proto__' || key === '<<') throw BAIL;
    // The value's line: `:` at the mapping's indentation, then a space or the line's end.
    const colon = this.p + indent;
    const after = s.charCodeAt(colon + 1);
    if (this.ind !== indent || s.charCodeAt(colon) !== COLON || !(after === SPACE || after === NL || colon + 1 >= this.n)) throw BAIL;
    this.afterKey = colon + 1;
    this.keyWay = -1;
    return key;
  }

  /** Where the value after the last key's colon starts. */
  private afterKey = 0;

  /** The key at `k` (plain or quoted, on one line); sets `afterKey` past its colon. */
  private key(k: number): string {
    const s = this.s;
    const c = s.charCodeAt(k);
    let key: string;
    let colon: number;
    if (c === SQUOTE || c === DQUOTE) {
      this.keyWay = -1;
      const close = this.closingQuote(k, c);
      const e = this.lineEnd(k);
      if (close > e) throw BAIL; // a key over several lines
      if (c === SQUOTE) this.checkText(k, close);
      const source = s.slice(k, close + 1);
      const text = c === SQUOTE ? singleQuoted(source) : doubleQuoted(source);
      if (text === undefined) throw BAIL;
      key = text;
      colon = close + 1;
      while (s.charCodeAt(colon) === SPACE) colon++;
      if (s.charCodeAt(colon) !== COLON) throw BAIL;
    } else {
      // The same few hundred keys repeat in every object: the keys seen at this indentation that start with
      // the same three characters are compared in place first, and one followed by its colon is reused (no
      // scan of the line, no new string, no new hash for the lookup). A key read that way was checked when
      // it was first read, and its colon is the line's first: the scan below stops at the first one.
      const bucket = (((c * 31 + s.charCodeAt(k + 1)) * 31 + s.charCodeAt(k + 2)) * 31 + (k - this.p)) & (KEY_SLOTS - 1);
      const keys = this.keys;
      let hit: string | undefined;
      this.keyWay = -1;
      for (let w = bucket * KEY_WAYS; w < bucket * KEY_WAYS + KEY_WAYS; w++) {
        const seen = keys[w];
        if (seen === undefined) break;
        if (s.charCodeAt(k + seen.length) === COLON && sameAt(s, k, seen)) {
          const after = s.charCodeAt(k + seen.length + 1);
          if (after === SPACE || after === NL || k + seen.length + 1 >= this.n) {
            hit = seen;
            this.keyWay = w;
          }
          break;
        }
      }
      if (hit !== undefined) {
        key = hit;
        colon = k + hit.length;
      } else {
        if (!plainStart(c, s.charCodeAt(k + 1))) throw BAIL;
        const e = this.lineEnd(k);
        colon = -1;
        for (let j = k; j < e; j++) {
          const d = s.charCodeAt(j);
          if (d === COLON) {
            const after = s.charCodeAt(j + 1);
            if (after === SPACE || after === NL || j + 1 >= this.n) {
              colon = j;
              break;
            }
          } else if (d < 32 || (d === HASH && s.charCodeAt(j - 1) === SPACE) || (d >= 127 && unusual(d))) throw BAIL; // a tab, a comment, a control
        }
        if (colon < 0) throw BAIL;
        let end = colon;
        while (s.charCodeAt(end - 1) === SPACE) end--;
        key = s.slice(k, end);
        if (plainKeyIsNotString(key)) throw BAIL;
        // Only a key its colon follows directly is kept (one with spaces before its colon is read in full).
        if (end === colon) {
          const first = bucket * KEY_WAYS;
          const { lastText, lastValue, lastKind } = this;
          for (let w = first + KEY_WAYS - 1; w > first; w--) {
            keys[w] = keys[w - 1];
            lastText[w] = lastText[w - 1];
            lastValue[w] = lastValue[w - 1];
            lastKind[w] = lastKind[w - 1]!;
          }
          keys[first] = key;
          lastKind[first] = NONE;
          this.keyWay = first;
        }
      }
    }
    if (colon - k > MAX_KEY || key === '__proto__' || key === '<<') throw BAIL;
    const after = s.charCodeAt(colon + 1);
    if (after !== SPACE && after !== NL && colon + 1 < this.n) throw BAIL;
    this.afterKey = colon + 1;
    return key;
  }

  /** Steps aside when the text from `from` to `to` holds an unusual character (a tab is not one). */
  private checkText(from: number, to: number): void {
    const s = this.s;
    for (let j = from; j < to; j++) {
      const d = s.charCodeAt(j);
      if ((d < 32 || d >= 127) && unusual(d)) throw BAIL;
    }
  }

  /** The position of the quote that closes the one at `open` (it may be on a later line). */
  private closingQuote(open: number, quote: number): number {
    const s = this.s;
    if (quote === SQUOTE) {
      for (let j = open + 1; ; ) {
        const q = s.indexOf("'", j);
        if (q < 0) throw BAIL;
        if (s.charCodeAt(q + 1) !== SQUOTE) return q;
        j = q + 2;
      }
    }
    for (let j = open + 1; j < this.n; j++) {
      const d = s.charCodeAt(j);
      if (d === DQUOTE) return j;
      if (d === 92) {
        j++; // a backslash escapes the next character
        if (j < this.n && unusual(s.charCodeAt(j))) throw BAIL;
      } else if ((d < 32 || d >= 127) && unusual(d)) throw BAIL;
    }
    throw BAIL;
  }

  /**
   * A scalar or empty collection starting at `i` on the current line, the value of a mapping or sequence
   * at `indent`. Leaves `p` at the next content line.
   */
  private value(i: number, indent: number, depth: number): unknown {
    const s = this.s;
    const c = s.charCodeAt(i);
    if (c === SQUOTE || c === DQUOTE) return this.quoted(i, c, indent);
    if (c === 124 || c === 62) return this.blockScalar(i, c === 62, indent); // | >
    if (c === 123 || c === 91) {
      // `{}` and `[]` only; a flow collection with content is the careful reader's.
      if (s.charCodeAt(i + 1) !== (c === 123 ? 125 : 93)) throw BAIL;
      this.endOfLine(i + 2);
      return c === 123 ? {} : [];
    }
    if (!plainStart(c, s.charCodeAt(i + 1))) throw BAIL;
    if (depth > MAX_DEPTH) throw BAIL;
    return this.plain(i, indent);
  }

  /** Only spaces may follow `from` on its line; then moves to the next content line. */
  private endOfLine(from: number): void {
    const s = this.s;
    let j = from;
    while (s.charCodeAt(j) === SPACE) j++;
    if (j < this.n && s.charCodeAt(j) !== NL) throw BAIL;
    this.p = j + 1;
    this.nextContentLine();
  }

  private plain(i: number, indent: number): unknown {
    const s = this.s;
    let e = this.scanPlainLine(i);
    const first = e;
    // The next lines, when more indented, continue the scalar (go-yaml folds long text that way).
    let next = this.lineEnd(e) + 1;
    this.p = next;
    this.nextContentLine();
    if (this.ind <= indent) {
      let end = first;
      while (s.charCodeAt(end - 1) === SPACE) end--;
      if (end === first && end < this.n && end - i <= MAX_REMEMBERED_VALUE) {
        this.oneLine = PLAIN;
        this.oneLineEnd = end;
      }
      if (end - i > MAX_CACHED_VALUE) return plainScalar(s.slice(i, end));
      const slot = valueSlot(s, i, end);
      const seen = this.plainValues[slot];
      if (seen !== undefined && seen.length === end - i && sameAt(s, i, seen)) return seen;
      const value = plainScalar(s.slice(i, end));
      if (typeof value === 'string') this.plainValues[slot] = value;
      return value;
    }
    while (this.ind > indent) {
      if (this.sawComment) throw BAIL; // a comment ends a plain scalar: what follows is the careful reader's
      const from = this.p + this.ind;
      const c = s.charCodeAt(from);
      if (!continuesPlain(c, s.charCodeAt(from + 1), this.ind)) throw BAIL;
      e = this.scanPlainLine(from);
      next = this.lineEnd(e) + 1;
      this.p = next;
      this.nextContentLine();
    }
    let end = e;
    while (s.charCodeAt(end - 1) === SPACE) end--;
    return plainScalar(unfoldLines(s.slice(i, end)));
  }

  /** The end of a plain scalar's line from `i`; steps aside at `: `, ` #` or a tab. */
  private scanPlainLine(i: number): number {
    const s = this.s;
    const e = this.lineEnd(i);
    for (let j = i; j < e; j++) {
      const d = s.charCodeAt(j);
      if (d === COLON) {
        if (j + 1 === e || s.charCodeAt(j + 1) === SPACE) throw BAIL;
      } else if (d === HASH) {
        if (s.charCodeAt(j - 1) === SPACE) throw BAIL;
      } else if (d < 32 || (d >= 127 && unusual(d))) throw BAIL; // a tab or a control
    }
    return e;
  }

  private quoted(i: number, quote: number, indent: number): string {
    const s = this.s;
    const close = this.closingQuote(i, quote);
    const e = this.lineEnd(i);
    if (close > e) {
      // Every further line of a quoted scalar must be indented past its owner, and none may be a marker.
      for (let lineStart = e + 1; lineStart <= close; ) {
        let j = lineStart;
        while (s.charCodeAt(j) === SPACE) j++;
        const d = s.charCodeAt(j);
        if (d === TAB) throw BAIL;
        if (d !== NL && j - lineStart <= indent) throw BAIL;
        lineStart = this.lineEnd(j) + 1;
      }
    }
    if (quote === SQUOTE) {
      this.checkText(i, close); // closingQuote looked at each character of a double-quoted one
      // On one line and without a quote inside, the text between the quotes is the value.
      if (close <= e && close - i - 1 <= MAX_CACHED_VALUE && s.indexOf("'", i + 1) === close) {
        const slot = valueSlot(s, i + 1, close);
        let text = this.quotedValues[slot];
        if (text === undefined || text.length !== close - i - 1 || !sameAt(s, i + 1, text)) {
          text = s.slice(i + 1, close);
          this.quotedValues[slot] = text;
        }
        if (s.charCodeAt(close + 1) === NL) this.oneLine = QUOTED;
        this.endOfLine(close + 1);
        return text;
      }
    }
    const source = s.slice(i, close + 1);
    const text = quote === SQUOTE ? singleQuoted(source) : doubleQuoted(source);
    if (text === undefined) throw BAIL;
    this.endOfLine(close + 1);
    return text;
  }

  /** `|` or `>` with an optional chomping indicator; an explicit indentation indicator steps aside. */
  private blockScalar(i: number, folded: boolean, indent: number): string {
    const s = this.s;
    let j = i + 1;
    let chomp = 0; // -1 strip, 0 clip, 1 keep
    // An indentation indicator (1-9) and a chomping indicator, in either order: go-yaml writes `|2` when the
    // text's first line starts with a space.
    let explicit = 0;
    for (let h = s.charCodeAt(j); ; h = s.charCodeAt(j)) {
      if (chomp === 0 && (h === DASH || h === 43)) chomp = h === DASH ? -1 : 1;
      else if (explicit === 0 && h >= 49 && h <= 57) explicit = h - 48;
      else break;
      j++;
    }
    while (s.charCodeAt(j) === SPACE) j++;
    if (j >= this.n || s.charCodeAt(j) !== NL) throw BAIL; // a comment, the end
    const lines: string[] = [];
    let p = j + 1;
    let content = -1;
    if (explicit > 0) {
      // The text is indented by the indicator past its parent's indentation (a document's root is the careful reader's).
      if (indent < 0) throw BAIL;
      content = indent + explicit;
    } else {
      // Leading empty lines, then the first content line sets the indentation.
      let leading = 0;
      let maxLeading = 0;
      for (;;) {
        if (p >= this.n) throw BAIL;
        let k = p;
        while (s.charCodeAt(k) === SPACE) k++;
        const d = s.charCodeAt(k);
        if (d === NL) {
          maxLeading = Math.max(maxLeading, k - p);
          leading++;
          p = k + 1;
          continue;
        }
        if (k >= this.n) throw BAIL;
        content = k - p;
        break;
      }
      if (content <= indent || maxLeading > content) throw BAIL;
      for (let l = 0; l < leading; l++) lines.push('');
    }
    // Content lines, and empty lines, until a less indented line with content.
    let trailing = 0;
    let lastBreak = true;
    for (;;) {
      if (p >= this.n) break;
      let k = p;
      const limit = p + content;
      while (k < limit && s.charCodeAt(k) === SPACE) k++;
      const e = this.lineEnd(k);
      if (k < limit) {
        // Fewer spaces than the content's indentation: an empty line, or the end of the scalar.
        if (k === e && k < this.n) {
          lines.push('');
          trailing++;
          p = e + 1;
          continue;
        }
        if (s.charCodeAt(k) === TAB) throw BAIL;
        break;
      }
      this.checkText(limit, e);
      const text = s.slice(limit, e);
      if (text !== '' && text.trim() === '') throw BAIL; // spaces past the indentation and nothing else: the careful reader's
      if (text === '') trailing++;
      else trailing = 0;
      lines.push(text);
      lastBreak = e < this.n;
      p = e + 1;
      if (e >= this.n) break;
    }
    if (!lastBreak) throw BAIL;
    const body = lines.slice(0, lines.length - trailing);
    let text = folded ? fold(body) : body.join('\n');
    if (chomp === 0) text += '\n';
    else if (chomp === 1) text += '\n'.repeat(trailing + 1);
    this.p = Math.min(p, this.n);
    this.nextContentLine();
    if (this.p < this.n && this.ind < 0 && chomp === 1) throw BAIL; // kept newlines before a document marker
    return text;
  }
}

/**
 * Whether `s` holds `seen` at `at`: a loop the optimiser inlines, not a call of `startsWith` per comparison
 * (the caches compare a short key or value at almost every line).
 */
function sameAt(s: string, at: number, seen: string): boolean {
  for (let j = 0; j < seen.length; j++) if (s.charCodeAt(at + j) !== seen.charCodeAt(j)) return false;
  return true;
}

/** A value cache's slot for the text from `from` to `to` (not empty): by its length, its first, middle and last two characters. */
function valueSlot(s: string, from: number, to: number): number {
  const len = to - from;
  return (((len * 31 + s.charCodeAt(from)) * 31 + s.charCodeAt(from + (len >> 1))) * 31 + s.charCodeAt(to - 1) * 7 + s.charCodeAt(to - 2 < from ? from : to - 2)) & (VALUE_SLOTS - 1);
}

/**
 * May a plain scalar (or key) start with `c`, followed by `next`? Indicators may not; `-`, `?` and `:`
 * may when something other than a space follows.
 */
function plainStart(c: number, next: number): boolean {
  switch (c) {
    case 44: // ,
    case 91: // [
    case 93: // ]
    case 123: // {
    case 125: // }
    case HASH:
    case 38: // &
    case 42: // *
    case 33: // !
    case 124: // |
    case 62: // >
    case SQUOTE:
    case DQUOTE:
    case 37: // %
    case 64: // @
    case 96: // `
    case TAB:
    case SPACE:
    case NL:
      return false;
    case DASH:
    case 63: // ?
    case COLON:
      return !(next === SPACE || next === NL || Number.isNaN(next) || next === TAB);
    default:
      return !Number.isNaN(c);
  }
}

/**
 * Whether a more indented line whose first character is `c` continues a plain scalar. Any character a plain
 * scalar holds may start one — go-yaml folds `echo "x"` + `>&2; exit 1` with `>&2` first — and both careful
 * readers read it so; a comment, a `: ` indicator, white space (the line's indentation is already past) and
 * anything at the first column (document markers) stay the careful reader's.
 */
function continuesPlain(c: number, next: number, column: number): boolean {
  if (column === 0 || c === HASH || c === TAB || c === SPACE || c === NL || Number.isNaN(c)) return false;
  if (c === COLON) return !(next === SPACE || next === NL || Number.isNaN(next) || next === TAB);
  return true;
}

/** Folded block scalar lines: a break between two text lines is a space; lines that start with white space keep theirs. */
function fold(lines: string[]): string {
  let out = '';
  let prev: 'none' | 'text' | 'spaced' = 'none';
  let empty = 0;
  for (const line of lines) {
    if (line === '') {
      empty++;
      continue;
    }
    const type = line.charCodeAt(0) === SPACE || line.charCodeAt(0) === TAB ? 'spaced' : 'text';
    if (prev === 'none') out += '\n'.repeat(empty);
    else if (prev === 'text' && type === 'text') out += empty === 0 ? ' ' : '\n'.repeat(empty);
    else out += '\n'.repeat(empty + 1);
    out += line;
    prev = type;
    empty = 0;
  }
  return out;
}
