// Scalar rules of the careful reader (the `yaml` package, YAML 1.2 core schema), restated so the kubectl
// reader (yaml-kubectl.ts) gives the very same values: the same type patterns, in the same order, and the
// same folding of multi-line flow scalars (the `yaml` package's own algorithm, compose/resolve-flow-scalar).

export const INT_DEC = /^[-+]?[0-9]+$/;
export const INT_OCT = /^0o[0-7]+$/;
export const INT_HEX = /^0x[0-9a-fA-F]+$/;
export const FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
export const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
export const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
export const NULL = /^(?:~|[Nn]ull|NULL)?$/;
export const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;

/** A plain scalar's value: null, boolean, number, or the text itself (timestamps stay strings). */
export function plainScalar(s: string): unknown {
  const c = s.charCodeAt(0);
  // Most plain scalars are names, images, quantities and timestamps: one pass over the characters rules
  // out every number pattern (they hold only digits, signs, `.`, `x`, `o`, hex digits, `inf`, `nan`),
  // and null and the booleans are told by their length and spelling, without a pattern.
  if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) {
    const kind = numberShape(s);
    if (kind === NOT_A_NUMBER) return s;
    if (kind === DIGITS) return parseInt(s, 10); // INT_DEC, and neither INT_OCT nor INT_HEX (no letter)
    if (INT_OCT.test(s)) return parseInt(s.substring(2), 8);
    if (INT_DEC.test(s)) return parseInt(s, 10);
    if (INT_HEX.test(s)) return parseInt(s.substring(2), 16);
    if (FLOAT_SPECIAL.test(s)) return s.slice(-3).toLowerCase() === 'nan' ? NaN : s[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    if (FLOAT_EXP.test(s) || FLOAT.test(s)) return parseFloat(s);
    return s;
  }
  switch (s.length) {
    case 0:
      return null; // NULL: the empty scalar
    case 1:
      return c === 126 ? null : s; // ~
    case 4:
      if (s === 'null' || s === 'Null' || s === 'NULL') return null;
      if (s === 'true' || s === 'True' || s === 'TRUE') return true;
      return s;
    case 5:
      return s === 'false' || s === 'False' || s === 'FALSE' ? false : s;
    default:
      return s;
  }
}

const NOT_A_NUMBER = 0;
const DIGITS = 1;
const MAYBE = 2;

/**
 * NOT_A_NUMBER when `s` holds a character none of the number patterns (INT_*, FLOAT*) can match (they
 * hold only digits, `+`, `-`, `.`, `x`, `o`, hex digits and the letters of `inf`/`nan` in any case);
 * DIGITS when it holds only the digits 0-9; MAYBE otherwise (the patterns decide).
 */
function numberShape(s: string): number {
  let shape = DIGITS;
  for (let i = 0; i < s.length; i++) {
    const d = s.charCodeAt(i);
    if (d >= 48 && d <= 57) continue; // 0-9
    shape = MAYBE;
    if (d === 43 || d === 45 || d === 46) continue; // + - .
    const l = d | 32; // ASCII letters to lower case (no other character lands in a-z)
    if ((l >= 97 && l <= 102) || l === 105 || l === 110) continue; // a-f A-F, i I, n N (inf, nan; f and a are in a-f)
    if (d === 120 || d === 111) continue; // x o (0x, 0o: lower case only in the patterns)
    return NOT_A_NUMBER;
  }
  return shape;
}

/** True when a plain key would not be the string it spells (`1:`, `true:`, `~:`): the careful reader decides. */
export function plainKeyIsNotString(s: string): boolean {
  return typeof plainScalar(s) !== 'string';
}

const TRIM_END = /(?<![ \t])[ \t]+$/;
const TRIM_BOTH = /^[ \t]+|(?<![ \t])[ \t]+$/g;

/** Multi-line plain or single-quoted text folded into one line: a break is a space, an empty line a newline. */
export function unfoldLines(source: string): string {
  const line = /(.*?)\r?\n/sy;
  let match = line.exec(source);
  if (!match) return source;
  let res = match[1]!.replace(TRIM_END, '');
  let sep = ' ';
  let pos = line.lastIndex;
  while ((match = line.exec(source))) {
    const lm = match[1]!.replace(TRIM_BOTH, '');
    if (lm === '') {
      if (sep === '\n') res += sep;
      else sep = '\n';
    } else {
      res += sep + lm;
      sep = ' ';
    }
    pos = line.lastIndex;
  }
  const last = /[ \t]*(.*)/sy;
  last.lastIndex = pos;
  match = last.exec(source);
  return res + sep + (match?.[1] ?? '');
}

/** The single-quoted scalar `source` (quotes included) as text. */
export function singleQuoted(source: string): string {
  const inner = source.slice(1, -1);
  const text = inner.includes('\n') ? unfoldLines(inner) : inner;
  return text.includes("''") ? text.replace(/''/g, "'") : text;
}

const ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029', ' ': ' ', '"': '"', '/': '/', '\\': '\\', '\t': '\t',
};

/**
 * The double-quoted scalar `source` (quotes included) as text, or undefined for an escape the careful
 * reader reports as an error.
 */
export function doubleQuoted(source: string): string | undefined {
  let res = '';
  for (let i = 1; i < source.length - 1; ++i) {
    const ch = source[i]!;
    if (ch === '\n') {
      let fold = '';
      let next = source[i + 1];
      while (next === ' ' || next === '\t' || next === '\n') {
        if (next === '\n') fold += '\n';
        i += 1;
        next = source[i + 1];
      }
      res += fold || ' ';
    } else if (ch === '\\') {
      const next = source[++i]!;
      const cc = ESCAPES[next];
      if (cc) res += cc;
      else if (next === '\n') {
        // An escaped line break joins the lines; the next line's indentation is still dropped.
        let after = source[i + 1];
        while (after === ' ' || after === '\t') after = source[++i + 1];
      } else if (next === 'x' || next === 'u' || next === 'U') {
        const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
        const hex = source.substr(i + 1, length);
        if (hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex)) return undefined;
        const code = parseInt(hex, 16);
        if (code > 0x10ffff) return undefined;
        res += String.fromCodePoint(code);
        i += length;
      } else return undefined;
    } else if (ch === ' ' || ch === '\t') {
      // White space before a line break is dropped.
      const wsStart = i;
      let next = source[i + 1];
      while (next === ' ' || next === '\t') next = source[++i + 1];
      if (next !== '\n') res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
    } else res += ch;
  }
  return res;
}
