// A kind kdiag could not read is said to be unknown in the scan report and the JSON list, never left out.
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosisList } from '../../src/engine/diagnosis.js';
import { renderScanText } from '../../src/report/table.js';

const schema = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../schema/kdiag-v1.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);
const META = {
  unreadable: [{ kind: 'Deployment', reason: 'forbidden (needs list on deployments.apps in namespace shop)' }, { kind: 'Node', reason: 'forbidden (needs list on nodes)' }],
  notes: ['Deployments not visible: forbidden (needs list on deployments.apps in namespace shop)', 'node state not visible: forbidden (needs list on nodes)'],
};

describe('unknown kinds', () => {
  it('an empty scan says which kinds it could not read, not only "No Pods found."', () => {
    const text = renderScanText([], META.notes, { color: false, width: 200 }, META.unreadable);
    expect(text).toContain('No Pods found.\nUnknown (could not be read): Deployment, Node. A failure only they would show is not in this list; see Notes.');
    expect(text).toContain('needs list on deployments.apps');
  });

  it('in zh-TW too', () => {
    expect(renderScanText([], META.notes, { color: false, width: 200, lang: 'zh-TW' }, META.unreadable)).toContain('未知（無法讀取）：Deployment、Node。');
  });

  it('nothing unreadable: no such line (and the list carries no empty fields)', () => {
    expect(renderScanText([], [], { color: false, width: 200 })).toBe('No Pods found.\n');
    expect(diagnosisList([], { unreadable: [], notes: [] })).toEqual({ apiVersion: 'kdiag/v1', kind: 'DiagnosisList', items: [] });
  });

  it('the JSON list carries unreadable and notes, and validates against the schema', () => {
    const list = diagnosisList([], META);
    expect(list.unreadable).toEqual(META.unreadable);
    expect(list.notes).toEqual(META.notes);
    expect(validate(JSON.parse(JSON.stringify(list))), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...list, unreadable: [{ kind: 'Node' }] })).toBe(false);
  });
});
