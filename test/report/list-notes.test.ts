// A list's notes in text: what many items carry is said once, at the end, with how many carry it; the clocks of
// many files are one line (--verbose: every item's own notes); JSON keeps every item's notes.
import { describe, expect, it } from 'vitest';
import { kdiagInProcess } from '../support/cli.js';

const FILES = ['fixtures/real/container-crash-loop.yaml', 'fixtures/real/image-not-found.yaml', 'fixtures/real/sched-unbound-pvc.yaml'];

describe('notes of a list', () => {
  it('one clock line for many files, at the end under its own heading', async () => {
    const out = (await kdiagInProcess(['analyze', ...FILES])).stdout;
    expect(out.match(/ages measured from/g)).toHaveLength(1);
    expect(out).toMatch(/\nNotes for the whole list\n {2}- ages measured from each file's own time \(3 files, \S+ to \S+\); --verbose lists them\n$/);
    const zh = (await kdiagInProcess(['analyze', ...FILES, '--lang', 'zh-TW'])).stdout;
    expect(zh.match(/經過時間/g)).toHaveLength(1);
    expect(zh).toContain('整份清單的備註');
  });

  it('--verbose: each item keeps its own clock note', async () => {
    const out = (await kdiagInProcess(['analyze', ...FILES, '--verbose'])).stdout;
    for (const f of FILES) expect(out).toContain(`the capture time recorded in ${f}`);
  });

  it('one file with several items: its clock once', async () => {
    const out = (await kdiagInProcess(['analyze', 'fixtures/real/traffic-publish-not-ready.yaml'])).stdout;
    expect(out.match(/ages measured from/g)).toHaveLength(1);
  });

  it('JSON keeps every item\'s notes', async () => {
    const doc = JSON.parse((await kdiagInProcess(['analyze', ...FILES, '-o', 'json'])).stdout) as { items: Array<{ notes: string[] }> };
    for (const item of doc.items) expect(item.notes.some((n) => n.startsWith('ages measured from'))).toBe(true);
  });
});
