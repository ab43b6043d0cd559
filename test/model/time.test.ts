// node-versions: Date parsing of Kubernetes times
import { describe, expect, it } from 'vitest';
import { formatAge, formatDuration } from '../../src/model/time.js';

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
