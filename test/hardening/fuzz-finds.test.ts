// What `npm run fuzz` found, kept as fixed cases so they stay fixed (the minimal counterexample fast-check printed).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ROOT } from './hostile.js';
import { kdiagAsync } from '../support/cli.js';

const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(join(ROOT, 'schema/kdiag-v1.schema.json'), 'utf8')));

describe('fuzz finds', () => {
  it('a Deployment progressing on its own warning (a nameless ReplicaSet beside it) has a summary: valid kdiag/v1', async () => {
    const r = await kdiagAsync(['analyze', resolve(import.meta.dirname, 'corpus/fuzz-progressing-workload.json'), '-o', 'json', '--now', '2026-11-30T10:00:00Z']);
    expect(r.code, r.stderr).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const deployment = doc.items.find((d: { workload?: { kind: string } }) => d.workload?.kind === 'Deployment');
    expect(deployment.status).toBe('progressing');
    expect(deployment.summary).toMatch(/Deployment "web"/);
  });
});
