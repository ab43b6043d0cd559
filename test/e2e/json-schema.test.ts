// The JSON output is a contract: every fixture's JSON validates against schema/kdiag-v1.schema.json.
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../scenarios/expectations.js';
import { kdiagInProcess, ROOT } from '../support/cli.js';

const schema = JSON.parse(readFileSync(resolve(ROOT, 'schema/kdiag-v1.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);

describe('JSON output validates against the kdiag/v1 schema', () => {
  const files = ['examples', 'synthetic', 'real'].flatMap((d) => fixtureFiles(resolve(ROOT, 'fixtures', d)));
  it('there are fixtures to check', async () => expect(files.length).toBeGreaterThan(0));
  it('analyze of every fixture at once', async () => {
    const r = await kdiagInProcess(['analyze', ...files, '-o', 'json']);
    expect([0, 1]).toContain(r.code);
    const doc = JSON.parse(r.stdout);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(doc.items.length).toBeGreaterThan(files.length - 1);
  });
  it('a single Diagnosis', async () => {
    const doc = JSON.parse((await kdiagInProcess(['pod', 'api-7d9f5c6b8-x2k4p', '-f', resolve(ROOT, 'fixtures/examples/shop.yaml'), '-o', 'json'])).stdout);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });
  it('the schema rejects a wrong document (control)', () => {
    expect(validate({ apiVersion: 'kdiag/v1', kind: 'Diagnosis', status: 'broken' })).toBe(false);
  });
});
