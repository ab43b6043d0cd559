// The watch stream's line splitter (src/sources/cluster/watch-lines.ts): raw bytes in, whole lines out, the line
// not yet ended held once in bytes that are its own. Every row is also cut at every byte: the lines must be
// those of the whole text, whatever the chunks (events split across chunks, several in one chunk, a UTF-8
// character split between two).
import { describe, expect, it } from 'vitest';
import { WatchLines } from '../../src/sources/cluster/watch-lines.js';

const event = (type: string, name: string) => JSON.stringify({ type, object: { kind: 'Pod', metadata: { name, resourceVersion: '7' } } });

/** Feeds `chunks` and returns the lines handed out, what is left held and whether every push fitted. */
function split(chunks: Buffer[], max = 1024): { lines: string[]; held: number; rest: string; fits: boolean } {
  const reader = new WatchLines(max);
  const lines: string[] = [];
  let fits = true;
  for (const c of chunks) fits &&= reader.push(c, (l) => (lines.push(l), true));
  return { lines, held: reader.held, rest: reader.rest(), fits };
}

const rows: Array<{ name: string; text: string; lines: string[]; rest: string }> = [
  { name: 'one event', text: `${event('ADDED', 'a')}\n`, lines: [event('ADDED', 'a')], rest: '' },
  { name: 'several events, the last one not ended', text: `${event('ADDED', 'a')}\n${event('MODIFIED', 'a')}\n${event('DELETED', 'a').slice(0, 25)}`, lines: [event('ADDED', 'a'), event('MODIFIED', 'a')], rest: event('DELETED', 'a').slice(0, 25) },
  { name: 'two-, three- and four-byte UTF-8 characters', text: `${event('ADDED', 'café-€-😀')}\n${event('MODIFIED', '名前')}\n`, lines: [event('ADDED', 'café-€-😀'), event('MODIFIED', '名前')], rest: '' },
  { name: 'empty lines and CRLF (the caller trims)', text: `\n${event('ADDED', 'a')}\r\n\n`, lines: ['', `${event('ADDED', 'a')}\r`, ''], rest: '' },
  { name: 'nothing ended yet', text: '{"type":"ADDED","object":{"metadata":{"name":"é', lines: [], rest: '{"type":"ADDED","object":{"metadata":{"name":"é' },
];

describe('WatchLines', () => {
  for (const row of rows) {
    it(`${row.name}: in one chunk, and cut at every byte into two and into three chunks`, () => {
      const bytes = Buffer.from(row.text);
      const cuts: number[][] = [[]];
      for (let i = 1; i < bytes.length; i++) cuts.push([i], [Math.floor(i / 2), i]);
      for (const at of cuts) {
        const chunks = [0, ...at].map((from, k) => bytes.subarray(from, [...at, bytes.length][k]));
        const r = split(chunks);
        expect(r, `cut at ${at.join(',')}`).toEqual({ lines: row.lines, held: Buffer.byteLength(row.rest), rest: row.rest, fits: true });
      }
    });
  }

  it('holds the line not yet ended in bytes of its own: a tail cut from a larger chunk does not keep that chunk', () => {
    const reader = new WatchLines(1024);
    const chunk = Buffer.from(`${'x'.repeat(500)}\n{"type"`);
    reader.push(chunk, () => true);
    expect(reader.held).toBe(7);
    const held = (reader as unknown as { pieces: Buffer[] }).pieces;
    expect(held.map((p) => p.buffer.byteLength)).toEqual([7]);
    // A chunk with no newline that is its own memory (as node:http hands them out) is kept as it is, not copied.
    const whole = Buffer.alloc(7, 'x');
    reader.push(whole, () => true);
    expect((reader as unknown as { pieces: Buffer[] }).pieces[1]).toBe(whole);
    expect(reader.held).toBe(14);
  });

  it('stops handing out lines when told to', () => {
    const reader = new WatchLines(1024);
    const seen: string[] = [];
    expect(reader.push(Buffer.from('a\nb\nc\n'), (l) => (seen.push(l), l !== 'b'))).toBe(true);
    expect(seen).toEqual(['a', 'b']);
  });

  it('refuses a line longer than its limit, ended or not, and takes one exactly as long', () => {
    expect(split([Buffer.from('12345\n')], 5)).toMatchObject({ lines: ['12345'], fits: true });
    expect(split([Buffer.from('123'), Buffer.from('456\n')], 5)).toMatchObject({ lines: [], fits: false });
    expect(split([Buffer.from('ok\n123'), Buffer.from('456')], 5)).toMatchObject({ lines: ['ok'], fits: false });
    expect(split([Buffer.from('12345')], 5)).toMatchObject({ held: 5, fits: true });
  });
});
