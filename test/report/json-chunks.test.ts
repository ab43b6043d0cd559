// Large lists are written in pieces; the pieces must join to exactly the text of the one-string renderer.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseAll } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { diagnosisList, type Diagnosis } from '../../src/engine/diagnosis.js';
import { renderJson, renderJsonListChunks } from '../../src/report/json.js';
import { readDumps } from '../../src/sources/dump.js';

const items = diagnoseAll(new Engine(readDumps([resolve(import.meta.dirname, '../../fixtures/examples/shop.yaml')]).snapshot));

describe('renderJsonListChunks', () => {
  it.each([0, 1, 2, 3, 256])('joins to renderJson of the list, %i items per piece', (per) => {
    const chunks = [...renderJsonListChunks(diagnosisList([]), items, per || undefined)];
    expect(chunks.join('')).toBe(renderJson(diagnosisList(items)));
    if (per > 0 && per < items.length) expect(chunks.length).toBeGreaterThan(1);
  });

  it('a list that says what it could not read, with items and without', () => {
    const meta = { unreadable: [{ kind: 'Node', reason: 'forbidden (needs list on nodes)' }], notes: ['node state not visible: forbidden'] };
    expect([...renderJsonListChunks(diagnosisList([], meta), items, 2)].join('')).toBe(renderJson(diagnosisList(items, meta)));
    expect([...renderJsonListChunks(diagnosisList([], meta), [])].join('')).toBe(renderJson(diagnosisList([], meta)));
  });

  it('an empty list', () => {
    expect([...renderJsonListChunks(diagnosisList([]), [])].join('')).toBe(renderJson(diagnosisList([])));
  });

  it('escapes C1 controls and bidi overrides in every piece, as the one-string renderer does', () => {
    const hostile: Diagnosis = { ...items[0]!, summary: 'a\u009b31mred\u202eevil' };
    const text = [...renderJsonListChunks(diagnosisList([]), [hostile, hostile], 1)].join('');
    expect(text).toBe(renderJson(diagnosisList([hostile, hostile])));
    expect(text).not.toMatch(/[\u009b\u202e]/);
  });
});
