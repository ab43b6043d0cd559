// node-versions: Date parsing of Kubernetes times
import { describe, expect, it } from 'vitest';
import { formatAge, formatDuration, parseTime } from '../../src/model/time.js';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatAge prints ages the way kubectl does', () => {
  it.each([
    [0, '0s'], [-5 * S, '0s'], [45 * S, '45s'], [119 * S, '119s'], [2 * M, '2m'], [5 * M + 30 * S, '5m30s'], [9 * M + 59 * S, '9m59s'],
    [10 * M + 30 * S, '10m'], [179 * M, '179m'], [3 * H, '3h'], [3 * H + 10 * M, '3h10m'], [7 * H + 59 * M, '7h59m'], [8 * H + 5 * M, '8h'],
    [47 * H, '47h'], [2 * D, '2d'], [3 * D + 5 * H, '3d5h'], [7 * D + 23 * H, '7d23h'], [8 * D + 5 * H, '8d'], [729 * D, '729d'],
    [730 * D, '2y'], [3 * 365 * D + 2 * D, '3y2d'], [3 * 365 * D, '3y'], [9 * 365 * D + 40 * D, '9y'],
  ])('%d ms → %s', (ms, want) => expect(formatAge(ms)).toBe(want));
});

describe('formatDuration prints a configured duration to the second, not rounded as an age', () => {
  it.each([
    [0, '0s'], [-5 * S, '0s'], [45 * S, '45s'], [150 * S, '2m30s'], [15 * M, '15m'], [15 * M + 30 * S, '15m30s'], [H + 5 * S, '1h0m5s'], [2 * H + 3 * M, '2h3m'],
  ])('%d ms → %s', (ms, want) => expect(formatDuration(ms)).toBe(want));
});

describe('parseTime reads the API server\'s times as Date.parse does', () => {
  const dateParse = (s: string): number | undefined => (Number.isNaN(Date.parse(s)) ? undefined : Date.parse(s));
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

  it('every month and day (31 in every month, which both roll into the next month), at the edges of the clock', () => {
    for (const year of [1970, 2000, 2024, 2026, 2100]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          for (const time of ['00:00:00', '23:59:59', '24:00:00', '12:60:00', '12:00:60', '09:05:07']) {
            const s = `${year}-${pad(month)}-${pad(day)}T${time}Z`;
            expect(parseTime(s), s).toBe(dateParse(s));
          }
        }
      }
    }
  });

  it('years Date.UTC would read otherwise (0000–0099), the first and last four-digit years, and random times', () => {
    for (const year of [0, 1, 50, 99, 100, 101, 999, 1000, 9999]) {
      const s = `${pad(year, 4)}-03-01T10:00:00Z`;
      expect(parseTime(s), s).toBe(dateParse(s));
    }
    let seed = 7;
    const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 20_000; i++) {
      const s = `${pad(1900 + rand(300), 4)}-${pad(rand(14))}-${pad(rand(33))}T${pad(rand(26))}:${pad(rand(62))}:${pad(rand(62))}Z`;
      expect(parseTime(s), s).toBe(dateParse(s));
    }
  });

  it('near miss: text of the same length that is not that form is read by Date.parse (or not at all)', () => {
    for (const s of ['2026-12-04T10:00:00+', '2026-12-04 10:00:00Z', '2026-1a-04T10:00:00Z', '2026-12-04T10:0a:00Z', '20a6-12-04T10:00:00Z', '2a26-12-04T10:00:00Z', '2026/12/04T10:00:00Z', '2026-12-04T10:00:00z', 'Fri Dec 04 2026 10:0', '2026-12-04T10:00:-1Z', '2026-12-04T10:00:0.Z']) {
      expect(s).toHaveLength(20);
      expect(parseTime(s), s).toBe(dateParse(s));
    }
    expect(parseTime('2026-12-04T10:00:00.123456Z')).toBe(Date.parse('2026-12-04T10:00:00.123456Z'));
    expect(parseTime('2026-1a-04T10:00:00Z')).toBeUndefined();
    expect(parseTime('')).toBeUndefined();
    expect(parseTime(1_700_000_000)).toBeUndefined();
  });
});
