// The `change` object of workload and gate diagnoses is part of the kdiag/v1 contract: what the engine makes validates; a value field does not.
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { diagnosisList } from '../../src/engine/diagnosis.js';
import { findTarget } from '../../src/engine/targets.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { node, T0 } from '../harness/builders.js';
import { deployment, NEW, pullingPod, readyPod, replicaSet, template } from './rollout-objects.js';

const schema = JSON.parse(readFileSync(resolve(__dirname, '../../schema/kdiag-v1.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);

function items(objects: unknown[]) {
  const engine = new Engine(snapshotFromObjects(objects, 'test'), { now: T0 });
  return JSON.parse(JSON.stringify(diagnosisList(diagnoseWorkloadTarget(engine, 'Deployment', findTarget(engine.snapshot, { kind: 'Deployment', name: 'web' }, 'shop')))));
}

describe('schema: change', () => {
  const bad = replicaSet('web-6f7c', 7, -600, template('6f7c', { image: NEW, env: [{ name: 'MODE', value: 'other-mode-value' }] }));
  const compared = items([deployment(7, { image: NEW }), replicaSet('web-5d8b', 6, -86400, template('5d8b'), { availableReplicas: 1 }), bad, readyPod('web-5d8b', 'web-5d8b-a'), pullingPod('web-6f7c', 'web-6f7c-x'), node()]);

  it('a compared change validates', () => {
    expect(compared.items[0].change.fields.length).toBeGreaterThan(1);
    expect(validate(compared), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });

  it('nothing to compare with (from: null) validates', () => {
    const doc = items([deployment(7, { image: NEW }), bad, pullingPod('web-6f7c', 'web-6f7c-x'), node()]);
    expect(doc.items[0].change.from).toBeNull();
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });

  it('no revision in the input at all (missing: no-history) validates', () => {
    // As the engine makes it (test/revisions/real-fixtures.test.ts): to named, from null, nothing else.
    const doc2 = structuredClone(compared);
    Object.assign(doc2.items[0].change, { from: null, missing: 'no-history', fields: [], cause: [] });
    delete doc2.items[0].change.undo;
    expect(validate(doc2), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    doc2.items[0].change.missing = 'no-revisions';
    expect(validate(doc2)).toBe(false);
  });

  it('a field carrying an env value is rejected (control)', () => {
    const doc = structuredClone(compared);
    doc.items[0].change.fields[0].value = 'a value';
    expect(validate(doc)).toBe(false);
  });
});
