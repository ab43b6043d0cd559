// A big `kind: List` the fast readers step aside from as a whole (one broken or unusual item) is read a
// slice of items at a time; each slice goes through the fast readers again and only the slices they step
// aside from through the careful reader. The answer must be the careful reader's: the same values, and
// for a broken item the same error on the same line as reading the whole file carefully.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { InputError } from '../../src/errors.js';
import { carefulYamlDocuments, parseDumpText } from '../../src/sources/parse-dump-text.js';
import { BIG_INPUT_TIMEOUT, fuzzRuns } from '../support/budgets.js';

const ITEMS = 5000; // more than two slices of 2000
const item = (i: number) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p-${i}`, namespace: 'shop', labels: { app: `a-${i % 7}` } }, spec: { containers: [{ name: 'app', image: `127.0.0.1:5000/app:${i}` }] }, status: { phase: 'Running' } });
/** What kubectl get -o yaml writes (sequences not indented under their key), as lines: written once, a copy per test. */
let written: string[] | undefined;
const listLines = (): string[] => [...(written ??= stringify({ apiVersion: 'v1', items: Array.from({ length: ITEMS }, (_, i) => item(i)), kind: 'List', metadata: { resourceVersion: '' } }, { indentSeq: false }).split('\n'))];
/** The line of item i's `  name: p-i` (1-based). */
const nameLine = (lines: string[], i: number): number => lines.indexOf(`    name: p-${i}`) + 1;

/** The outcome: the values, or the InputError's message. */
function outcome(text: string, sliceAbove: number): unknown {
  try {
    return parseDumpText(text, 'big.yaml', { sliceAbove }).values;
  } catch (err) {
    if (err instanceof InputError) return `InputError: ${err.message}`;
    throw err;
  }
}
function carefully(text: string): unknown {
  try {
    return carefulYamlDocuments(text, 'big.yaml');
  } catch (err) {
    if (err instanceof InputError) return `InputError: ${err.message}`;
    throw err;
  }
}

describe('a big YAML List read in slices', { timeout: BIG_INPUT_TIMEOUT }, () => {
  it('a broken item in the third slice: the careful reader\'s error, on the broken line of the file', () => {
    const lines = listLines();
    const at = nameLine(lines, 4321);
    lines[at - 1] = '    name: p-4321: oops';
    const text = lines.join('\n');
    const sliced = outcome(text, 0);
    expect(sliced).toMatch(new RegExp(`^InputError: big\\.yaml:${at}: invalid YAML: `));
    expect(sliced).toBe(carefully(text));
  });

  it('a broken last item (a dump cut or edited at its end): the careful reader\'s error, on the broken line of the file', () => {
    const lines = listLines();
    const at = nameLine(lines, ITEMS - 1);
    lines[at - 1] = `    name: p-${ITEMS - 1}: oops`;
    const text = lines.join('\n');
    const sliced = outcome(text, 0);
    expect(sliced).toMatch(new RegExp(`^InputError: big\\.yaml:${at}: invalid YAML: `));
    expect(sliced).toBe(carefully(text));
  });

  // One test each: every case reads 5,000 items carefully (whole and sliced), seconds on a loaded machine.
  for (const breakAt of ['item', 'quote', 'head', 'tail'] as const) {
    it(`a quote left open in the first slice and in the third (it runs on past the items read carefully), the List's own keys broken before and after the items: ${breakAt}`, () => {
      const lines = listLines();
      if (breakAt === 'item') lines[nameLine(lines, 7) - 1] = '    name: "p-7';
      else if (breakAt === 'quote') lines[nameLine(lines, 4321) - 1] = "    name: 'p-4321";
      else if (breakAt === 'head') lines[lines.indexOf('apiVersion: v1')] = 'apiVersion: v1: x';
      else lines[lines.indexOf('kind: List')] = 'kind: List: x';
      const text = lines.join('\n');
      const sliced = outcome(text, 0);
      expect(sliced, breakAt).toMatch(/^InputError: big\.yaml:\d+: invalid YAML: /);
      expect(sliced, breakAt).toBe(carefully(text));
    });
  }

  it('an anchor in one item and its alias fifty items on (in the same slice): the careful reader\'s values, not an unknown alias', () => {
    const lines = listLines();
    lines[nameLine(lines, 10) - 1] = '    name: &shared p-10';
    lines[nameLine(lines, 110) - 1] = '    name: *shared';
    const text = lines.join('\n');
    const values = outcome(text, 0) as Array<{ items: Array<{ metadata: { name: string } }> }>;
    expect(values).toEqual(carefully(text));
    expect(values[0]!.items[110]!.metadata.name).toBe('p-10');
  });

  it('a custom tag (which only the careful reader takes) in one slice and flow style (js-yaml\'s) in another: the careful reader\'s values', () => {
    const lines = listLines();
    lines[nameLine(lines, 10) - 1] = '    name: !custom p-10';
    lines.splice(nameLine(lines, 3003) + 1, 2, '    labels: {app: a-0, tier: "web"}'); // item 3003's labels: and app: lines
    const text = lines.join('\n');
    const values = outcome(text, 0) as Array<{ items: Array<{ metadata: { name: string; labels: object } }> }>;
    expect(values).toEqual(carefully(text));
    expect(values[0]!.items).toHaveLength(ITEMS);
    expect(values[0]!.items[10]!.metadata.name).toBe('p-10');
    expect(values[0]!.items[3003]!.metadata.labels).toEqual({ app: 'a-0', tier: 'web' });
  });

  // Lists just over the fifty-item pieces, each with a line or two broken the ways a hand edit breaks one; a
  // fixed seed, so a failure names the same case again. A stray `- ` at the left edge among indented items
  // once gave line 3 (where the items were taken to end) instead of the broken line.
  const CASES = fuzzRuns(160, 8);
  it(`damaged Lists of 60-200 items: exactly the careful reader's values or error (${CASES} cases)`, () => {
    let seed = 12345;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const small = (i: number) => ({ ...item(i), metadata: { ...item(i).metadata, annotations: { note: `line one\nline two ${i}` } } });
    const damages: Array<(l: string) => string> = [
      (l) => l.replace(/: /, ': "'), (l) => l.replace(/: /, ": '"), (l) => `${l}: x`, (l) => `\t${l}`, (l) => ` ${l}`, (l) => l.slice(1), (l) => `${l} &a`,
      (l) => l.replace(/: (.*)$/, ': *a'), (l) => l.replace(/: (.*)$/, ': !custom $1'), (l) => l.replace(/: (.*)$/, ': {$1'), (l) => l.replace(/: (.*)$/, ': [$1'),
      (l) => `? ${l}`, (l) => l.replace(/: (.*)$/, ': |'), (l) => l.replace(/: (.*)$/, ': >-'), (l) => `${l} # c`, (l) => l.replace(/: (.*)$/, ': {a: b}'), () => '---', (l) => `- ${l}`, () => '',
    ];
    for (let k = 0; k < CASES; k++) {
      const lines = stringify({ apiVersion: 'v1', items: Array.from({ length: 60 + random(140) }, (_, i) => small(i)), kind: 'List', metadata: { resourceVersion: '' } }, { indentSeq: random(2) === 0 }).split('\n');
      const done: string[] = [];
      for (let hits = 1 + random(2); hits > 0; hits--) {
        const at = random(lines.length);
        const was = lines[at]!;
        lines[at] = damages[random(damages.length)]!(was);
        done.push(`line ${at + 1}: ${JSON.stringify(was)} -> ${JSON.stringify(lines[at])}`);
      }
      const text = lines.join('\n');
      expect(outcome(text, 0), `case ${k}: ${done.join('; ')}`).toEqual(carefully(text));
    }
  });
});
