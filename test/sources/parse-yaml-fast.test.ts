// The fast YAML path must give exactly what the careful `yaml`-package reader gives, or step aside.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { fastYamlDocuments } from '../../src/sources/parse-yaml-fast.js';

const careful = (text: string): unknown[] => parseAllDocuments(text, { uniqueKeys: true }).map((d) => d.toJS({ maxAliasCount: 1000 })).filter((v) => v !== null && v !== undefined);
const ROOT = resolve(import.meta.dirname, '../..');

describe('fastYamlDocuments', () => {
  const files = ['fixtures/real', 'fixtures/synthetic', 'fixtures/examples'].flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(ROOT, d, f)));

  it(`reads every YAML fixture (${files.length}) exactly like the careful reader`, () => {
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const fast = fastYamlDocuments(text);
      if (fast === undefined) expect(text, file).toMatch(/ \*\w/); // an alias: the careful reader's job
      else expect(fast, file).toEqual(careful(text));
    }
  });

  it('resolves plain scalars with the YAML 1.2 core schema the careful reader uses', () => {
    const scalars = ['1', '-0', '+12', '0o17', '017', '0x1F', '-0x1F', '0b101', '1_000', '1.5e3', '.5', '-.5', '+.5e-2', '5.', '.inf', '-.Inf', '.NaN', 'nan', 'True', 'tRue', 'yes', 'on', '~', 'Null', 'nUll', '', '2026-11-30', '2026-11-30T10:00:00Z', '1:20', '1.2.3', '123456789012345678901234567890', '"1"', "'true'"];
    for (const s of scalars) expect(fastYamlDocuments(`k: ${s}\n`), s).toEqual(careful(`k: ${s}\n`));
  });

  it('steps aside for aliases, directives, custom tags, duplicate keys and syntax errors', () => {
    for (const text of ['a: &x 1\nb: *x\n', 'a: [*x]\n', '%YAML 1.1\n---\na: 1\n', 'a: !custom 1\n', 'a: !!binary aGk=\n', 'a: 1\na: 2\n', 'a: [1\n', 'a:\n\t- b\n']) {
      expect(fastYamlDocuments(text), text).toBeUndefined();
    }
  });

  it('keeps timestamps, and strings that look like numbers in other YAML versions, as written', () => {
    expect(fastYamlDocuments('t: 2026-11-30T10:00:00Z\nu: 1_000\nv: 0b1\n')).toEqual([{ t: '2026-11-30T10:00:00Z', u: '1_000', v: '0b1' }]);
  });

  it('multi-document input: one value per non-empty document', () => {
    expect(fastYamlDocuments('a: 1\n---\n---\n# only a comment\n---\nb: 2\n')).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('random JSON-like values written by the yaml package read back identically (300 runs)', () => {
    const value = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    fc.assert(
      fc.property(value, fc.boolean(), (v, indentSeq) => {
        const text = stringify(v, { lineWidth: 0, indentSeq });
        const fast = fastYamlDocuments(text);
        if (fast !== undefined) expect(fast).toEqual(careful(text));
      }),
      { numRuns: 300, seed: 20261201 },
    );
  });
});
