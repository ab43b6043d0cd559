import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestBudget } from '../../src/sources/cluster/request-budget.js';

afterEach(() => vi.useRealTimers());

/** Takes `n` turns at once and returns when each was granted (fake ms since the start), or 'late' when refused. */
async function turns(budget: RequestBudget, n: number, until = Infinity): Promise<Array<number | 'late'>> {
  const start = Date.now();
  const granted = Array.from({ length: n }, () => budget.take(until).then((ok) => (ok ? Date.now() - start : 'late' as const)));
  await vi.runAllTimersAsync();
  return Promise.all(granted);
}

describe('RequestBudget', () => {
  it('grants every turn at once until the first strike', async () => {
    vi.useFakeTimers();
    expect(await turns(new RequestBudget(1000), 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it('after a strike, one turn a second for everyone together', async () => {
    vi.useFakeTimers();
    const budget = new RequestBudget(1000);
    budget.strike();
    expect(await turns(budget, 4)).toEqual([0, 1000, 2000, 3000]);
  });

  it('nothing resets it: turns stay a second apart however long it has been calm', async () => {
    vi.useFakeTimers();
    const budget = new RequestBudget(1000);
    budget.strike();
    await turns(budget, 1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await turns(budget, 3)).toEqual([0, 1000, 2000]);
  });

  it('a turn that would come at or after the deadline is refused (after waiting for the deadline)', async () => {
    vi.useFakeTimers();
    const budget = new RequestBudget(1000);
    budget.strike();
    const start = Date.now();
    expect(await turns(budget, 3, start + 1500)).toEqual([0, 1000, 'late']);
  });
});
