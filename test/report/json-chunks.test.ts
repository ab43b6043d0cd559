// Large lists are written in pieces; the pieces must join to exactly the text of the one-string renderer after the
// last pass before stdout (neutralizeOutput), which the pieces have had already: stdout does not scan them again.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseAll } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { diagnosisList, type Diagnosis } from '../../src/engine/diagnosis.js';
import { renderJson, renderJsonListChunks } from '../../src/report/json.js';
import { readDumps } from '../../src/sources/dump.js';
import { neutralizeOutput, unsafe } from '../../src/text/neutralize.js';

const items = diagnoseAll(new Engine(readDumps([resolve(import.meta.dirname, '../../fixtures/examples/shop.yaml')]).snapshot));

describe('renderJsonListChunks', () => {
  it.each([0, 1, 2, 3, 256])('joins to renderJson of the list, %i items per piece', (per) => {
    const chunks = [...renderJsonListChunks(diagnosisList([]), items, per || undefined)];
    expect(chunks.join('')).toBe(neutralizeOutput(renderJson(diagnosisList(items))));
    if (per > 0 && per < items.length) expect(chunks.length).toBeGreaterThan(1);
  });

  it('a list that says what it could not read, with items and without', () => {
    const meta = { unreadable: [{ kind: 'Node', reason: 'forbidden (needs list on nodes)' }], notes: ['node state not visible: forbidden'] };
    expect([...renderJsonListChunks(diagnosisList([], meta), items, 2)].join('')).toBe(neutralizeOutput(renderJson(diagnosisList(items, meta))));
    expect([...renderJsonListChunks(diagnosisList([], meta), [])].join('')).toBe(neutralizeOutput(renderJson(diagnosisList([], meta))));
  });

  it('an empty list', () => {
    expect([...renderJsonListChunks(diagnosisList([]), [])].join('')).toBe(neutralizeOutput(renderJson(diagnosisList([]))));
  });

  it('escapes C1 controls and bidi overrides in every piece, as the one-string renderer does', () => {
    const hostile: Diagnosis = { ...items[0]!, summary: 'a\u009b31mred\u202eevil' };
    const text = [...renderJsonListChunks(diagnosisList([]), [hostile, hostile], 1)].join('');
    expect(text).toBe(renderJson(diagnosisList([hostile, hostile])));
    expect(text).not.toMatch(/[\u009b\u202e]/);
  });

  // Every character the last pass changes or the renderer escapes, and every workflow command, planted alone and
  // together in a summary, a finding's message and the list's notes: the pieces are what that pass would write.
  const PLANTS = ['\u0000', '\u001b[31m', '\u001b]8;;http://x\u0007', '\u007f', '\u0085', '\u009b2J', '\u00ad', '\u061c', '\u180e', '\u200b', '\u200f', '\u2028', '\u202e', '\u2060', '\u2066', '\u206f', '\u3164', '\ufeff', '\uffa0', '\ufffb', '\udb40\udc41', '\udb40', '\n::error::x', '\n  ::add-mask::y', ' ##[error]z', '##vso[task]', '::', '##', 'plain'];
  it.each(PLANTS.map((p) => [JSON.stringify(p), p]))('a list holding %s: the pieces are the last pass\'s text, and it finds nothing left to change', (_name, plant) => {
    const planted: Diagnosis = { ...items[0]!, summary: `before${plant}after`, findings: items[0]!.findings.map((f) => ({ ...f, message: `${plant}${f.message}` })) };
    const meta = { unreadable: [], notes: [`note ${plant}`] };
    for (const per of [1, 2]) {
      const pieces = [...renderJsonListChunks(diagnosisList([], meta), [items[1]!, planted, items[1]!], per)];
      expect(pieces.join('')).toBe(neutralizeOutput(renderJson(diagnosisList([items[1]!, planted, items[1]!], meta))));
      for (const piece of pieces) expect(unsafe(piece), piece).toBe(false);
    }
  });
});
