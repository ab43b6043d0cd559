import { describe, expect, it } from 'vitest';
import { carefulYamlDocuments } from '../../src/sources/parse-dump-text.js';
import { plainScalar } from '../../src/sources/yaml-scalars.js';
import { kubectlYamlDocuments } from '../../src/sources/yaml-kubectl.js';

// Plain scalars next to every type pattern: the hand-written tests in plainScalar must type each one as
// the careful reader (the `yaml` package, core schema) does.
const NEAR_MISSES = [
  '', '~', '~~', 'null', 'Null', 'NULL', 'nULL', 'nul', 'nulls', 'true', 'True', 'TRUE', 'tRUE', 'tru', 'truee',
  'false', 'False', 'FALSE', 'fALSE', 'fals', 'yes', 'no', 'on', 'off', 'Ready', 'node', 'v1',
  '0', '7', '42', '0123', '007', '99999999999999999999', '+12', '-12', '+', '.', '-.', '+.', '1.', '.5', '1.5', '-1.5', '+.5',
  '1e3', '1E3', '1e+3', '1.5e-3', '.5e3', 'e3', '1e', '1e3.5', '0o17', '0o8', '0O17', '0x1F', '0x1f', '0xg', '0X1F', '0x',
  '.inf', '.Inf', '.INF', '-.inf', '+.Inf', '.iNf', 'inf', '.nan', '.NaN', '.NAN', '-.nan', '.nAn', 'nan',
  '1_000', '0b1', '1:2', '12:30', '2026-11-30T09:00:00Z', '2026-11-30', '100m', '128Mi', '1.0.0', '10.0.0.1', '0.5Gi', '3fe', 'abc', 'deadbeef', 'Infinity', 'NaN',
  '-abc', '+x', '.hidden', '0xabcdefABCDEF', '1.5E+10', '0o', '00', '-0', '+0', '-0.0',
];

describe('plainScalar', () => {
  it.each(NEAR_MISSES)('types %j as the careful reader does', (text) => {
    const careful = carefulYamlDocuments(`v: ${text}\n`)[0] as { v: unknown };
    expect(Object.is(plainScalar(text), careful.v) || plainScalar(text) === careful.v).toBe(true);
  });
});

describe('kubectl reader: keys', () => {
  it('keys of the same length, first and last character are read each as written', () => {
    const text = 'name: a\nnbme: b\nitems:\n- nxme: c\n  name: d\n  nyme: e\n- name: f\n  nbme: g\n';
    expect(kubectlYamlDocuments(text)).toEqual(carefulYamlDocuments(text));
    expect(kubectlYamlDocuments(text)).toEqual([{ name: 'a', nbme: 'b', items: [{ nxme: 'c', name: 'd', nyme: 'e' }, { name: 'f', nbme: 'g' }] }]);
  });

  it('a key that is not a string steps aside after the same-shaped string keys were read', () => {
    // `true` and `trUe` share length and first and last character; the first is a boolean key.
    expect(kubectlYamlDocuments('trUe: a\ntrue: b\n')).toBeUndefined();
    expect(kubectlYamlDocuments('a: 1\nb:\n  trUe: x\n  nulL: y\n  null: z\n')).toBeUndefined();
  });

  it('a duplicate key read from the cache still steps aside', () => {
    expect(kubectlYamlDocuments('name: a\nname: b\n')).toBeUndefined();
  });
});

describe('kubectl reader: unusual characters', () => {
  // The reader has no separate pass for them: each loop over the text steps aside at one. Inserted at any
  // place of documents it reads (keys, plain, quoted and block scalars, comments, indentation, markers),
  // each one makes it step aside, as the pass over the whole input did.
  const doc = [
    '# a comment',
    'apiVersion: v1',
    'items:',
    '- kind: Pod',
    '  metadata:',
    "    name: 'quoted'",
    '    "k y": "double \\" quoted"',
    '  spec: {}',
    '  list: []',
    '  f: >-',
    '    folded',
    '    text',
    '  b: |',
    '    block',
    '',
    '    lines',
    '  p: plain text',
    '    over lines',
    "  s: 'single",
    "    over lines'",
    '- 1',
    '---',
    'second: 2',
    '',
  ].join('\n');
  const chars = ['\x00', '\x01', '\x08', '\x0b', '\x0c', '\r', '\x1b', '\x1f', '\x7f', '\u0085', '\u2028', '\u2029', '\ufeff'];

  it('the document itself is read', () => {
    expect(kubectlYamlDocuments(doc)).toEqual(carefulYamlDocuments(doc));
  });

  it.each(chars.map((c) => [JSON.stringify(c), c]))('%s at any place makes it step aside', (_name, c) => {
    const read: number[] = [];
    for (let i = 0; i <= doc.length; i++) {
      if (c === '\r' && doc[i] === '\n') continue; // CRLF reads as LF
      if (kubectlYamlDocuments(doc.slice(0, i) + c + doc.slice(i)) !== undefined) read.push(i);
    }
    expect(read).toEqual([]);
  });

  it('a tab, an accent and other characters above DEL are read as before', () => {
    const text = 'a: "x\\ty\ty"\nb: café ünï 中文 \u00a0 \u0080 \u202e\nc: |\n  \ttab\n';
    expect(kubectlYamlDocuments(text)).toEqual(carefulYamlDocuments(text));
  });
});

describe('kubectl reader: repeated values', () => {
  it('values of one length and the same first, middle and last characters are read each as written', () => {
    const values = ['2026-11-30T09:00:00Z', '2026-11-30T09:05:00Z', '2026-11-31T09:00:00Z', 'app-0-00000', 'app-1-00000', 'app-0-00100'];
    const plain = values.map((v, i) => `p${i}: ${v}\n`).join('');
    const quoted = values.map((v, i) => `q${i}: '${v}'\n`).join('');
    const text = `${plain}${quoted}${plain.replace(/^p/gm, 'r')}`;
    expect(kubectlYamlDocuments(text)).toEqual(carefulYamlDocuments(text));
  });

  it('a quoted value is a string where the same text plain is not, either way round', () => {
    const text = "a: 'true'\nb: true\nc: 'null'\nd: null\ne: '8080'\nf: 8080\ng: true\nh: 'true'\n";
    expect(kubectlYamlDocuments(text)).toEqual([{ a: 'true', b: true, c: 'null', d: null, e: '8080', f: 8080, g: true, h: 'true' }]);
  });

  it("quoted values with a quote inside, or over lines, are not mistaken for the text between the first quotes", () => {
    const text = "a: 'it''s'\nb: 'its'\nc: 'it''s'\nd: 'two\n  lines'\ne: 'two'\nf: ''\ng: ''''\n";
    expect(kubectlYamlDocuments(text)).toEqual(carefulYamlDocuments(text));
    expect(kubectlYamlDocuments(text)).toEqual([{ a: "it's", b: 'its', c: "it's", d: 'two lines', e: 'two', f: '', g: "'" }]);
  });
});
