// How V8 is told to tier up while dumps are read: the policy alone, with V8's version, Node's flags and the
// flag setter given (the process-wide effect is tested through the built CLI in test/e2e/input-tiering.test.ts).
import { describe, expect, it } from 'vitest';
import { DEFAULT_FROM, inputTiering, LATER_FROM } from '../../src/cli/input-tiering.js';

const KiB = 2 ** 10;
const MiB = 2 ** 20;
const LATER = ['--interrupt-budget=540672', '--interrupt-budget=67584'];
const DEFAULT = ['--interrupt-budget=67584', '--interrupt-budget=67584'];

/** The flags set (flag, undo) when inputs of these sizes are read in turn. */
function flagsSet(sizes: number[], v8 = '11.3.244.8-node.38', nodeFlags: string[] = []): string[][] {
  const set: string[][] = [];
  const onInput = inputTiering({ v8, nodeFlags, set: (flag, undo) => set.push([flag, undo]), markLarge: () => {} });
  for (const bytes of sizes) onInput(bytes);
  return set;
}

/** How many times the run was marked large when inputs of these sizes are read in turn. */
function markedLarge(sizes: number[], v8 = '11.3.244.8-node.38', nodeFlags: string[] = []): number {
  let marks = 0;
  const onInput = inputTiering({ v8, nodeFlags, set: () => {}, markLarge: () => marks++ });
  for (const bytes of sizes) onInput(bytes);
  return marks;
}

describe('inputTiering: a large run, for the code cache (every Node)', () => {
  it.each([
    ['a small dump', [40 * KiB], 0],
    ['just under 1 MiB', [LATER_FROM - 1], 0],
    ['1 MiB', [LATER_FROM], 1],
    ['several inputs that pass 1 MiB together, once', [600 * KiB, 600 * KiB, 600 * KiB], 1],
    ['a 223 MB cluster-info dump, then more', [223e6, 5 * MiB], 1],
  ])('%s', (_, sizes, expected) => {
    for (const v8 of ['11.3.244.8-node.38', '12.4.254.21-node.57', '13.6.233.17-node.63']) expect(markedLarge(sizes, v8)).toBe(expected);
    expect(markedLarge(sizes, '11.3.244.8-node.38', ['--interrupt-budget=1000'])).toBe(expected);
  });
});

describe('inputTiering', () => {
  it.each([
    ['a small dump', [40 * KiB], []],
    ['just under 1 MiB', [LATER_FROM - 1], []],
    ['1 MiB', [LATER_FROM], [LATER]],
    ['a directory of 1.6 MB', [1.6e6], [LATER]],
    ['several inputs that pass 1 MiB together, once', [600 * KiB, 600 * KiB, 600 * KiB], [LATER]],
    ['a 27.6 MB List', [27.6e6], [LATER]],
    ['past 64 MiB in a later input: the default again', [2 * MiB, 70 * MiB], [LATER, DEFAULT]],
    ['inputs that reach 64 MiB bit by bit', Array.from({ length: 70 }, () => MiB), [LATER, DEFAULT]],
    ['one input of 64 MiB or more: never later', [DEFAULT_FROM], []],
    ['a 223 MB cluster-info dump', [223e6, 5 * MiB], []],
  ])('%s', (_, sizes, expected) => {
    expect(flagsSet(sizes)).toEqual(expected);
  });

  it.each([
    ['Node 22 (V8 12)', '12.4.254.21-node.57', []],
    ['Node 24 (V8 13)', '13.6.233.17-node.63', []],
    ['a V8 whose major only starts with 11', '111.0.0', []],
  ])('%s keeps its defaults', (_, v8, nodeFlags) => {
    expect(flagsSet([2 * MiB], v8, nodeFlags)).toEqual([]);
  });

  it.each([
    [['--interrupt-budget=1000'], []],
    [['--interrupt_budget=1000'], []],
    [['--interrupt-budget', '1000'], []],
    // Near misses: other flags that start the same way, or say it only in a value.
    [['--interrupt-budget-for-feedback-allocation=940'], [LATER]],
    [['--interrupt-budget-factor-for-feedback-allocation=8'], [LATER]],
    [['--title=--interrupt-budget=1'], [LATER]],
  ])('Node flags %j: a budget given wins', (nodeFlags, expected) => {
    expect(flagsSet([2 * MiB], '11.3.244.8-node.38', nodeFlags)).toEqual(expected);
  });
});
