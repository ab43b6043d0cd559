import { setV8Flag } from '../sources/v8-flags.js';

/**
 * How V8 tiers up while kdiag reads dumps or scans a cluster. A read of a few MB is over in about a second,
 * and Node 20's V8 spent much of its CPU there optimizing functions (TurboFan, on a thread of its own) whose
 * optimized code then ran for a few hundred milliseconds: 40% of the CPU of `analyze` over 89 real dumps
 * (1.6 MB), 28% over a 27.6 MB List. From 1 MiB of input V8 is told to wait 8× longer before it optimizes a
 * function (its interrupt budget), and from 64 MiB, where a run is long enough to pay the optimizations
 * back, its default again.
 *
 * Node 20 only (V8 11, which has that budget). Node 22 and later tier up through Maglev first, and the same
 * wait there saved less CPU and cost wall time on a large List. A budget given on Node's command line wins
 * (NODE_OPTIONS does not take V8's flag).
 *
 * From 1 MiB, on every Node, the run is also marked large: its code cache is kept apart from small runs'.
 */
export interface TieringPolicy {
  /** V8's version (process.versions.v8). */
  v8: string;
  /** Node's own command-line flags (process.execArgv). */
  nodeFlags: readonly string[];
  /** Sets a V8 flag, with the flag that undoes it (src/sources/v8-flags.ts). */
  set(flag: string, undo: string): void;
  /** Says, process-wide, that this run's input is large. */
  markLarge(): void;
}

export const LATER_FROM = 2 ** 20;
export const DEFAULT_FROM = 64 * 2 ** 20;
const DEFAULT_BUDGET = '--interrupt-budget=67584';
const LATER_BUDGET = '--interrupt-budget=540672';
/** Set once a run has read LATER_FROM or more, on every Node: bin/code-cache.cjs keeps the code cache of large runs apart. */
const LARGE_INPUT = Symbol.for('kdiag.large-input');

/**
 * A hook told each input's size before it is read (DumpReadOptions.onInput; a live scan's answers, ApiClientOptions.onBody):
 * tiers later while what was read in all is mid-sized, and marks the run large from LATER_FROM on.
 */
export function inputTiering(policy: TieringPolicy = processPolicy()): (bytes: number) => void {
  const tiers = /^11\./.test(policy.v8) && !policy.nodeFlags.some((f) => /^--interrupt[-_]budget(?:=|$)/.test(f));
  let read = 0;
  let later = false;
  let large = false;
  return (bytes) => {
    read += bytes;
    if (!large && read >= LATER_FROM) {
      large = true;
      policy.markLarge();
    }
    if (!tiers) return;
    // Once only: after the default is back, `read` stays past DEFAULT_FROM.
    if (!later && read >= LATER_FROM && read < DEFAULT_FROM) {
      later = true;
      policy.set(LATER_BUDGET, DEFAULT_BUDGET);
    } else if (later && read >= DEFAULT_FROM) {
      later = false;
      policy.set(DEFAULT_BUDGET, DEFAULT_BUDGET);
    }
  };
}

function processPolicy(): TieringPolicy {
  return { v8: process.versions.v8, nodeFlags: process.execArgv, set: setV8Flag, markLarge: () => ((globalThis as unknown as Record<symbol, boolean>)[LARGE_INPUT] = true) };
}
