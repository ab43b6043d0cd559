/**
 * A phrase of a rule's English message and its translation. The English side is a template whose `{name}`
 * slots become named captures; the translation is a function of exactly those names, so a slot renamed on
 * one side and not the other fails `tsc`. Slot kinds: `{x}` one token (no spaces, quotes, brackets, commas;
 * never ending in `.` or `:`), `{x:q}` the inside of a "quoted" string, `{x:n}` a number, `{x:d}` a kubectl age (`5m9s`), `{x:*}` any text
 * (lazy, so the template needs a delimiter after it), `{x:$}` the rest of the line.
 */
export interface Phrase {
  readonly en: string;
  /** The template's longest fixed text: a text without it cannot match, so its pattern is not even compiled for it. */
  readonly literal: string;
  /** The template as a pattern, compiled on first use (a catalogue has hundreds; a report needs a few). */
  readonly pattern: RegExp;
  readonly zh: (p: Record<string, string>) => string;
}

type SlotName<S extends string> = S extends `${infer N}:${string}` ? N : S;
/** The slot names of an English template, as a union of string literals. */
export type Slots<S extends string> = S extends `${string}{${infer P}}${infer R}` ? SlotName<P> | Slots<R> : never;

const SLOT: Record<string, string> = {
  '': `[^\\s"'()（）\\[\\],;，；]*[^\\s"'()（）\\[\\],;，；.:]`,
  q: '[^"]*',
  n: '\\d+(?:\\.\\d+)?',
  '*': '.+?',
  $: '.+',
  d: '\\d+(?:\\.\\d+)?[smhdy](?:\\d+[smhd])*',
};

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A `{x:*}` slot that ends the template runs to the end of the clause (it has no delimiter to stop at);
// a `.` that ends it must end the sentence, so `node.kubernetes.io` inside a slot does not stop it.
const CLAUSE = '(?:[^。；;.]|\\.(?=\\S))+';
const SENTENCE_END = '\\.(?=\\s|$)';

function compile(en: string): RegExp {
  let source = '';
  let last = 0;
  for (const m of en.matchAll(/\{(\w+)(?::([qnd*$]))?\}/g)) {
    const atEnd = m.index + m[0].length === en.length;
    source += escape(en.slice(last, m.index)) + `(?<${m[1]}>${m[2] === '*' && atEnd ? CLAUSE : SLOT[m[2] ?? '']})`;
    last = m.index + m[0].length;
  }
  const tail = en.slice(last);
  return new RegExp(source + (tail.endsWith('.') ? escape(tail.slice(0, -1)) + SENTENCE_END : escape(tail)), 'g');
}

/** One phrase: `phrase('Node {node} is NotReady.', ({ node }) => \`節點 ${node} 為 NotReady。\`)`. */
export function phrase<const S extends string>(en: S, zh: string | ((p: Record<Slots<S>, string>) => string)): Phrase {
  // Every piece between slots is matched as it is written (escaped; a final "." stays a "."), so a match holds each.
  const literal = en.split(/\{\w+(?::[qnd*$])?\}/).reduce((a, b) => (b.length > a.length ? b : a), '');
  let pattern: RegExp | undefined;
  return {
    en,
    literal,
    get pattern() {
      return (pattern ??= compile(en));
    },
    zh: typeof zh === 'string' ? () => zh : (zh as (p: Record<string, string>) => string),
  };
}

/** `text` with every phrase that occurs in it replaced by its translation, in order (put longer phrases first). */
export function translate(text: string, phrases: readonly Phrase[]): string {
  let out = text;
  for (const p of phrases) {
    if (!out.includes(p.literal) || !p.pattern.test(out)) continue;
    p.pattern.lastIndex = 0;
    out = out.replace(p.pattern, (...args: unknown[]) => {
      const groups = args[args.length - 1];
      return p.zh((groups && typeof groups === 'object' ? groups : {}) as Record<string, string>);
    });
  }
  return out;
}

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

/**
 * Punctuation as Chinese text has it: no blanks around full-width punctuation or between two Chinese characters, `;` and a sentence's final `.`
 * after Chinese text full-width, and a `)` full-width where it closes a `（`.
 */
export function tidy(text: string): string {
  const stack: string[] = [];
  let out = '';
  for (const ch of text.replace(/(?<=[\u3400-\u9fff」])\s*\(/g, '（')) {
    if (ch === '(' || ch === '（') stack.push(ch);
    if ((ch === ')' || ch === '）') && stack.length > 0) {
      out += stack.pop() === '（' ? '）' : ')';
      continue;
    }
    out += ch;
  }
  return out
    .replace(/;\s*(?=[\u3400-\u9fff「])/g, '；')
    .replace(/([\u3400-\u9fff）」])[;,]\s*/g, (_, c: string) => `${c}${_.includes(';') ? '；' : '，'}`)
    .replace(/([\u3400-\u9fff）」])\.(?=\s|$)/g, '$1。')
    .replace(/([\u3400-\u9fff]) (?=[\u3400-\u9fff])/g, '$1')
    .replace(/\s+([。；：，、）」])/g, '$1')
    .replace(/([。；：，、（「])\s+/g, '$1')
    .replace(/）\s+(?=[（\u3400-\u9fff])/g, '）')
    .replace(/。\./g, '。');
}

export const hasCJK = (text: string): boolean => CJK.test(text);
