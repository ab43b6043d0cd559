// The kubectl YAML reader must give exactly what the careful `yaml`-package reader gives, or step aside
// (undefined). Differential: every YAML fixture, thousands of generated documents written by two YAML
// writers in many styles, and mutations of them; then a near miss for each reason to step aside.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import jsyaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { Scalar, stringify, type ToStringOptions } from 'yaml';
import { carefulYamlDocuments } from '../../src/sources/parse-dump-text.js';
import { kubectlYamlDocuments } from '../../src/sources/yaml-kubectl.js';
import { FUZZING, fuzzRuns } from '../support/budgets.js';

// npm test: a fixed-seed sample; npm run fuzz: the full counts × KDIAG_FUZZ_SCALE.
const WRITTEN_RUNS = fuzzRuns(2000, 8);
const MUTATED_RUNS = fuzzRuns(4000, 8);

const ROOT = resolve(import.meta.dirname, '../..');

/** 'stepped aside', 'read', or a failed expectation: what was read differs from the careful reader's value. */
function agree(text: string): 'stepped aside' | 'read' {
  const quick = kubectlYamlDocuments(text);
  if (quick === undefined) return 'stepped aside';
  let careful: unknown[];
  try {
    careful = carefulYamlDocuments(text);
  } catch (err) {
    throw new Error(`read what the careful reader refuses (${(err as Error).message}): ${JSON.stringify(text)}`);
  }
  expect(quick, JSON.stringify(text)).toStrictEqual(careful);
  return 'read';
}

describe('kubectlYamlDocuments: the same values as the careful reader', () => {
  const files = ['fixtures/real', 'fixtures/synthetic', 'fixtures/examples'].flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(ROOT, d, f)));

  it(`every YAML fixture (${files.length}, real kubectl output among them) is read identically; only aliases and flow content step aside`, () => {
    expect(files.length).toBeGreaterThan(40);
    const aside: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (agree(text) === 'stepped aside') {
        aside.push(file);
        expect(text, file).toMatch(/ [*&]\w|: \{\S/); // an alias, an anchor, or a flow mapping with content
      }
    }
    // Every real kubectl dump is read; the few left are synthetic, written with anchors and aliases.
    expect(aside.filter((f) => f.includes('/real/')), aside.join(', ')).toEqual([]);
    expect(aside.length, aside.join(', ')).toBeLessThan(files.length / 10);
  });

  it('reads the shapes kubectl writes', () => {
    const cases: Array<[string, unknown[]]> = [
      ['apiVersion: v1\nkind: List\nitems:\n- kind: Pod\n  metadata:\n    name: a\n  spec: {}\n- kind: Event\n  count: 3\nmetadata:\n  resourceVersion: ""\n', [{ apiVersion: 'v1', kind: 'List', items: [{ kind: 'Pod', metadata: { name: 'a' }, spec: {} }, { kind: 'Event', count: 3 }], metadata: { resourceVersion: '' } }]],
      ['a:\n  - 1\n  - x\nb: []\n', [{ a: [1, 'x'], b: [] }]],
      ["message: 'containers with unready status: [app]'\nq: 'it''s'\n", [{ message: 'containers with unready status: [app]', q: "it's" }]],
      ['m: "tab\\there \\u00e9 \\x41 \\" \\\\"\n', [{ m: 'tab\there é A " \\' }]],
      ['m: rpc error, code = NotFound\n  desc = failed to pull\n\n  next\n', [{ m: 'rpc error, code = NotFound desc = failed to pull\nnext' }]],
      ["- message: 'Back-off pulling image \"x\": ErrImagePull: rpc error: code = NotFound\n    desc = failed'\n", [[{ message: 'Back-off pulling image "x": ErrImagePull: rpc error: code = NotFound desc = failed' }]]],
      ["m: 'folded over\n  two lines'\nd: \"esc\\\n  aped\"\n", [{ m: 'folded over two lines', d: 'escaped' }]],
      ['a: |\n  {"k": 1}\n  second\nb: |-\n  x\n\n  y\n\nc: |+\n  kept\n\nd: 1\n', [{ a: '{"k": 1}\nsecond\n', b: 'x\n\ny', c: 'kept\n\n', d: 1 }]],
      ['f: >\n  one\n  two\n\n  three\n    indented\n  four\ng: >-\n  x\n', [{ f: 'one two\nthree\n  indented\nfour\n', g: 'x' }]],
      ['# a comment\na: 1\n---\n---\n# only a comment\n---\nb: [] \n', [{ a: 1 }, { b: [] }]],
      ['t: 2026-11-30T10:00:00Z\nn: ~\no: 0o17\nh: 0x1F\nf: 1.5e3\ni: -.inf\nx: 1_000\nbool: True\ns: yes\nk: 00012\nneg: -0\n', [{ t: '2026-11-30T10:00:00Z', n: null, o: 15, h: 31, f: 1500, i: -Infinity, x: '1_000', bool: true, s: 'yes', k: 12, neg: -0 }]],
      ['"8080": http\n\'true\': t\nkey with spaces: v\nurl: http://x:80/a\n', [{ '8080': 'http', true: 't', 'key with spaces': 'v', url: 'http://x:80/a' }]],
      ['list:\n-\n- a\nempty:\nlast: z', [{ list: [null, 'a'], empty: null, last: 'z' }]],
      ['a: x\n  #y\n', [{ a: 'x' }]], // a more indented comment ends the scalar
      // go-yaml's indentation indicator (`|2`) for text whose first line starts with a space: kubectl's own output.
      ['apiVersion: v1\ndata:\n  a: |2\n      indented first line\n    second\n  d: |+\n    line\n\n\n  e: |\n    has # hash and: colon\nkind: ConfigMap\n', [{ apiVersion: 'v1', data: { a: '  indented first line\nsecond\n', d: 'line\n\n\n', e: 'has # hash and: colon\n' }, kind: 'ConfigMap' }]],
      ['- command:\n  - |2-\n      indented\n    second\n  - |2-\n\n\n      y\n  - |2-\n      a\n      b\n  image: i\n', [[{ command: ['  indented\nsecond', '\n\n  y', '  a\n  b'], image: 'i' }]]],
      ['a: |-2\n   x\nb: >2\n   folded\n   more\n  z\n', [{ a: ' x', b: ' folded\n more\nz\n' }]],
      // go-yaml writes a key longer than 128 characters as `? KEY` and `: VALUE`: kubectl's own output.
      [`data:\n  a: |\n    x\n  ? ${'k'.repeat(140)}\n  : longkey\n  b: "1"\nkind: ConfigMap\n`, [{ data: { a: 'x\n', ['k'.repeat(140)]: 'longkey', b: '1' }, kind: 'ConfigMap' }]],
      [`- ? "${'q'.repeat(130)}"\n  :\n    n: 1\n- x\n`, [[{ ['q'.repeat(130)]: { n: 1 } }, 'x']]],
      // go-yaml folds a long command onto a line that starts with an indicator: still the same scalar.
      ['- if [ ! -e /x ]; then echo "y not reachable"\n  >&2; exit 1; fi\n', [['if [ ! -e /x ]; then echo "y not reachable" >&2; exit 1; fi']]],
      ...['>', '|', "'q'", '"q"', '{a}', '[b]', '&c', '*d', '!e', '%f', '@g', '`h', '- i', '? j', ':k', ', l', '}m', ']n'].map((first): [string, unknown[]] => [`a:\n  b: first part\n    ${first} rest\n  c: 1\n`, [{ a: { b: `first part ${first} rest`, c: 1 } }]]),
      ["a: 1\r\nb: |\r\n  x\r\n  y\r\nc: 'p\r\n  q'\r\n", [{ a: 1, b: 'x\ny\n', c: 'p q' }]],
    ];
    for (const [text, values] of cases) {
      expect(kubectlYamlDocuments(text), text).toStrictEqual(values);
      expect(carefulYamlDocuments(text), text).toStrictEqual(values);
    }
  });

  it("reuses a key's last value only where the same text reads as the same value", () => {
    // Each document holds the same key twice or more: the second value is compared in place with the first.
    const cases: Array<[string, unknown[]]> = [
      ['- s: Running\n- s: Running\n- s: Runnin\n- s: RunningX\n- s: Running \n', [[{ s: 'Running' }, { s: 'Running' }, { s: 'Runnin' }, { s: 'RunningX' }, { s: 'Running' }]]],
      ["- s: 'True'\n- s: 'True'\n- s: True\n- s: \"True\"\n- s: 'True' \n", [[{ s: 'True' }, { s: 'True' }, { s: true }, { s: 'True' }, { s: 'True' }]]],
      ['- s: a b\n- s: a b\n    c\n- s: a b\n', [[{ s: 'a b' }, { s: 'a b c' }, { s: 'a b' }]]],
      ['- n: null\n- n: null\n- n: ~\n- n: nul\n- n: 0\n- n: 0\n- n: 00\n- n: -0\n- n: -0\n', [[{ n: null }, { n: null }, { n: null }, { n: 'nul' }, { n: 0 }, { n: 0 }, { n: 0 }, { n: -0 }, { n: -0 }]]],
      ['- k: x\n  ka: y\n- k: x\n  ka: x\n- ka: y\n  k: y\n', [[{ k: 'x', ka: 'y' }, { k: 'x', ka: 'x' }, { ka: 'y', k: 'y' }]]],
      ['- a: {}\n- a: {}\n- a: []\n- a: []\n', [[{ a: {} }, { a: {} }, { a: [] }, { a: [] }]]],
      ['- a: v\n- a: v\n# c\n- a: v', [[{ a: 'v' }, { a: 'v' }, { a: 'v' }]]],
    ];
    for (const [text, values] of cases) {
      expect(kubectlYamlDocuments(text), text).toStrictEqual(values);
      expect(carefulYamlDocuments(text), text).toStrictEqual(values);
    }
    const list = kubectlYamlDocuments('- a: {}\n- a: {}\n') as Array<Array<{ a: object }>>;
    expect(list[0]![0]!.a).not.toBe(list[0]![1]!.a); // a collection is never shared
    // A repeated value followed by a line that continues it, or that the careful reader must judge.
    for (const text of ['- s: x\n- s: x\n   # c\n', "- s: 'x'\n- s: 'x'\n   y\n", '- s: x\n- s: x\n  t: 1\n  t: 2\n']) agree(text);
  });

  it('holds to the careful reader on Lists of near-identical objects, mutated (400 runs)', () => {
    const item = "- apiVersion: v1\n  kind: Pod\n  status:\n    phase: Running\n    conditions:\n    - type: Ready\n      status: 'True'\n      lastProbeTime: null\n      message: a b\n    restartCount: 0\n";
    const list = `apiVersion: v1\nitems:\n${item.repeat(4)}kind: List\n`;
    let read = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.constantFrom(' ', 'x', "'", '\n', '\n    ', ':', '0', '#', '"', '~', '{}')), { minLength: 1, maxLength: 3 }), (edits) => {
        let t = list;
        for (const [at, piece] of edits) {
          const i = item.length + 25 + (at % (t.length - item.length - 25));
          t = t.slice(0, i) + piece + t.slice(i + (at % 2));
        }
        if (agree(t) === 'read') read++;
      }),
      { numRuns: 400, seed: 20261205 },
    );
    expect(read).toBeGreaterThan(100);
  });

  it('steps aside for everything else (near misses of each shape it reads)', () => {
    const aside = [
      'a: &x 1\nb: *x\n', // anchor, alias
      'a: !custom 1\n', // tag
      'a: {b: 1}\n', // flow mapping with content
      'a: [1, 2]\n', // flow sequence with content
      '? a: b\n: 1\n', // a complex key (a mapping)
      '? |\n  a\n: 1\n', // a block scalar as a key
      '? a\nb: 1\n', // an explicit key whose value line is missing
      '? a\n : 1\n', // an explicit key's value more indented than the key
      '? true\n: 1\n', // an explicit key that is not a string
      'a:\n\tb: 1\n', // tab in the indentation
      'a:\n  b: 1\n c: 2\n', // odd indentation
      'a: 1\na: 2\n', // duplicate key
      "a: 1\n'a': 2\n", // duplicate key, differently quoted
      '<<: {a: 1}\n', // merge key
      '__proto__: 1\n', // the prototype
      'constructor: 1\n', // a name Object.prototype holds
      '%YAML 1.2\n---\na: 1\n', // directive
      'a: 1\n...\n', // document end
      'a: 1 # comment\n', // comment after a value
      '--- |2\n   x\n', // an indentation indicator at a document's root
      'a: |0\n  x\n', // an indentation indicator of 0
      'a: |22\n  x\n', // two indentation indicators
      'a: |-+\n  x\n', // two chomping indicators
      'a: 1\rb: 2\n', // a lone CR
      'a: b: c\n', // a mapping on a value's line
      'a: - b\n', // a sequence on a value's line
      '- - a\n', // a sequence in a sequence on one line
      'a: b\n# c\n  d\n', // a comment inside a plain scalar
      'a: x\n  y: z\n', // a continuation that looks like a key
      'a: x\n  : z\n', // a continuation that starts with a value indicator
      'x\n--- y\n', // a root scalar's next line at the first column
      '1: a\n', // a key that is a number
      'null: a\n', // a key that is null
      'a: "\\q"\n', // an invalid escape
      'a: "x\n---\n"\n', // a document marker inside a quoted scalar
      'a: @x\n', // a reserved character
      'a\n', // a scalar document
      `${'k: '.repeat(1)}${'\n  '.repeat(0)}${Array.from({ length: 120 }, (_, i) => `${' '.repeat(i * 2)}k:`).join('\n')} 1\n`, // deeper than 100
      'a: |\n  x', // a block scalar ending without a line break
      'a: |\n    \n  x\n', // a leading empty line indented past the content
      'a: "unclosed\n', // unclosed quote
      `${'x'.repeat(1100)}: 1\n`, // a key longer than 1024
    ];
    for (const text of aside) expect(kubectlYamlDocuments(text), JSON.stringify(text)).toBeUndefined();
    // The careful reader reads most of them (or names the error); every one is still answered the same way as before.
    for (const text of aside) {
      let careful: unknown;
      try {
        careful = carefulYamlDocuments(text);
      } catch {
        careful = 'error';
      }
      expect(careful, JSON.stringify(text)).toBeDefined();
    }
  });

  // Values like the ones in dumps, with the characters and words that change how YAML reads a scalar.
  const tricky = fc.constantFrom('true', 'False', 'null', '~', '', ' ', '0x1F', '0o17', '017', '1e3', '.inf', '.NaN', '-0', '+1', '1.', '2026-11-30T10:00:00Z', '- a', 'a: b', 'a:b', '#x', 'a #b', 'a#b', "'", '"', "it's", 'say "hi"', '\\', 'a\\nb', ' lead', 'trail ', 'multi\nline', 'two\n\nbreaks', 'end\n', '\nstart', 'tab\tin', '\ttab', '|', '>', '{}', '[]', '[x]', '&a', '*a', '!t', '%p', '@x', '`x', '? q', ', c', 'é ü 中', '---', '...', 'x'.repeat(90), 'a b '.repeat(30), '\u0007bell');
  const word = fc.stringMatching(/^[a-zA-Z0-9 .:/#'"\-_\n\t\\|>{}[\],&*!%@`?é]{0,40}$/);
  const scalar = fc.oneof(tricky, word, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
  const key = fc.oneof(fc.constantFrom('apiVersion', 'kind', 'metadata', 'name', 'items', 'app.kubernetes.io/name', 'message', '8080', 'true', 'a b', "it's", 'x:y', '-d', '?q', '#h'), fc.stringMatching(/^[a-zA-Z0-9 .:/#'"\-_\\]{1,12}$/));
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  }));
  const doc = fc.dictionary(key, value, { minKeys: 1, maxKeys: 6 });
  const yamlOptions = fc.record({
    lineWidth: fc.constantFrom(0, 20, 40, 80),
    minContentWidth: fc.constantFrom(0, 10, 20),
    indentSeq: fc.boolean(),
    indent: fc.constantFrom(2, 4),
    defaultStringType: fc.constantFrom(Scalar.PLAIN, Scalar.QUOTE_DOUBLE, Scalar.QUOTE_SINGLE, Scalar.BLOCK_LITERAL, Scalar.BLOCK_FOLDED),
    defaultKeyType: fc.constantFrom(null, Scalar.PLAIN, Scalar.QUOTE_DOUBLE),
    blockQuote: fc.constantFrom(true, false, 'literal', 'folded'),
    doubleQuotedAsJSON: fc.boolean(),
    doubleQuotedMinMultiLineLength: fc.constantFrom(0, 10, 40),
  }) as fc.Arbitrary<ToStringOptions>;
  const jsyamlOptions = fc.record({
    noArrayIndent: fc.boolean(),
    lineWidth: fc.constantFrom(-1, 20, 80),
    quotingType: fc.constantFrom("'" as const, '"' as const),
    forceQuotes: fc.boolean(),
    indent: fc.constantFrom(2, 4),
  });
  const written = fc.oneof(
    fc.tuple(fc.array(doc, { minLength: 1, maxLength: 3 }), yamlOptions).map(([docs, o]) => docs.map((d) => stringify(d, o)).join('---\n')),
    fc.tuple(fc.array(doc, { minLength: 1, maxLength: 3 }), jsyamlOptions).map(([docs, o]) => docs.map((d) => jsyaml.dump(d, { ...o, noRefs: true })).join('---\n')),
  );

  it(`documents written by two YAML writers in many styles (${WRITTEN_RUNS} runs): read identically or left to the careful reader`, () => {
    let read = 0;
    fc.assert(
      fc.property(written, fc.boolean(), (text, crlf) => {
        if (agree(crlf ? text.replaceAll('\n', '\r\n') : text) === 'read') read++;
      }),
      { numRuns: WRITTEN_RUNS, seed: 20261201 },
    );
    expect(read).toBeGreaterThan(WRITTEN_RUNS * 0.3); // it reads most of what writers write, not only the easy cases
  }, FUZZING ? 0 : undefined);

  const edit = fc.record({
    at: fc.nat(),
    op: fc.constantFrom('insert', 'delete', 'replace', 'duplicate line', 'indent line', 'dedent line'),
    text: fc.constantFrom(' ', '  ', ':', ': ', '#', ' #', '-', '- ', '\t', '"', "'", '\\', '|', '|-', '>', '{', '}', '[]', '{}', '&', '*', '!', '\n', '---\n', '? ', '%', 'x', '0', '\r\n', '...', '\u00a0'),
  });
  it(`mutated documents (${MUTATED_RUNS} runs): never a different value, never a value the careful reader refuses`, () => {
    let read = 0;
    fc.assert(
      fc.property(written, fc.array(edit, { minLength: 1, maxLength: 3 }), (text, edits) => {
        let t = text;
        for (const { at, op, text: piece } of edits) {
          const i = at % (t.length + 1);
          const lineStart = t.lastIndexOf('\n', i - 1) + 1;
          const lineEnd = t.indexOf('\n', i) < 0 ? t.length : t.indexOf('\n', i) + 1;
          if (op === 'insert') t = t.slice(0, i) + piece + t.slice(i);
          else if (op === 'delete') t = t.slice(0, i) + t.slice(i + piece.length);
          else if (op === 'replace') t = t.slice(0, i) + piece + t.slice(i + 1);
          else if (op === 'duplicate line') t = t.slice(0, lineEnd) + t.slice(lineStart, lineEnd) + t.slice(lineEnd);
          else if (op === 'indent line') t = `${t.slice(0, lineStart)} ${t.slice(lineStart)}`;
          else if (t[lineStart] === ' ') t = t.slice(0, lineStart) + t.slice(lineStart + 1);
        }
        if (agree(t) === "read") read++;
      }),
      { numRuns: MUTATED_RUNS, seed: 20261202 },
    );
    expect(read).toBeGreaterThan(MUTATED_RUNS / 16); // many mutations still read: the comparison is exercised, not skipped
  }, FUZZING ? 0 : undefined);
});
