// Evaluates rules' declared triggers (types.ts PodTriggers) once per Pod, so the engine can skip the
// rules that cannot find anything. Every trigger atom gets one bit; a rule runs when its bits meet the
// Pod's. Rules without triggers (or with more atoms than fit) always run.
import type { PodFacts } from '../model/facts.js';
import { awaitingSandbox } from './helpers/sandbox-errors.js';
import { awaitingScheduling } from './helpers/scheduler-message.js';
import type { PodRule, PodTriggers } from './types.js';

const FLAGS = ['unscheduled', 'awaitingSandbox', 'containerProblem', 'deleting', 'claims', 'services'] as const;
type Flag = (typeof FLAGS)[number];
const LISTS = ['waiting', 'events', 'phase', 'reason'] as const;
type List = (typeof LISTS)[number];

/** Bits 0–30: an int32 mask, so `&` stays exact. */
const MAX_BITS = 31;
/** Every bit set: run every rule. */
const ALL = -1;

/**
 * True whenever containerProblems(pod) can be non-empty (it may be true when it is empty: the rules'
 * own checks then decide): some container other than an ephemeral one waits, has stopped, or restarted.
 */
function mayHaveProblem(pod: PodFacts): boolean {
  for (const c of pod.containers) {
    if (c.kind === 'ephemeral') continue;
    if (c.waiting !== undefined || c.terminated !== undefined || (c.running !== undefined && c.lastTerminated !== undefined)) return true;
  }
  return false;
}

export class TriggerIndex {
  /** Per rule, in the order given: the bits that make it run, or 0 when it always runs. */
  readonly masks: readonly number[];
  private readonly flagBits = new Map<Flag, number>();
  /** The bit of each flag, 0 when no rule names it. */
  private readonly flags: Record<Flag, number>;
  private readonly listBits: Record<List, Map<string, number>> = { waiting: new Map(), events: new Map(), phase: new Map(), reason: new Map() };

  constructor(rules: readonly PodRule[]) {
    let next = 0;
    const bit = (lookup: Map<string, number>, key: string): number | undefined => {
      let b = lookup.get(key);
      if (b === undefined && next < MAX_BITS) lookup.set(key, (b = 1 << next++));
      return b;
    };
    this.masks = rules.map((rule) => {
      const t: PodTriggers | undefined = rule.triggers;
      if (!t) return 0;
      let mask = 0;
      for (const flag of FLAGS) {
        if (t[flag] !== true) continue;
        const b = bit(this.flagBits as Map<string, number>, flag);
        if (b === undefined) return 0;
        mask |= b;
      }
      for (const list of LISTS) {
        for (const value of t[list] ?? []) {
          const b = bit(this.listBits[list], value);
          if (b === undefined) return 0;
          mask |= b;
        }
      }
      return mask; // an empty triggers object names nothing: the rule always runs
    });
    this.flags = Object.fromEntries(FLAGS.map((flag) => [flag, this.flagBits.get(flag) ?? 0])) as Record<Flag, number>;
  }

  /** The bits that hold for this Pod (every bit when a check fails: then every rule runs and reports as before). */
  podMask(pod: PodFacts): number {
    try {
      return this.evaluate(pod);
    } catch {
      return ALL;
    }
  }

  private evaluate(pod: PodFacts): number {
    const f = this.flags;
    let mask = 0;
    if (f.unscheduled !== 0 && awaitingScheduling(pod)) mask |= f.unscheduled;
    if (f.awaitingSandbox !== 0 && pod.deletingSince === undefined && awaitingSandbox(pod)) mask |= f.awaitingSandbox;
    if (f.containerProblem !== 0 && mayHaveProblem(pod)) mask |= f.containerProblem;
    if (f.deleting !== 0 && pod.deletingSince !== undefined) mask |= f.deleting;
    if (f.claims !== 0 && pod.claims.length > 0) mask |= f.claims;
    if (f.services !== 0 && pod.services.length > 0) mask |= f.services;
    const { waiting, events, phase, reason } = this.listBits;
    if (waiting.size > 0) for (const c of pod.containers) if (c.waiting) mask |= waiting.get(c.waiting.reason) ?? 0;
    if (events.size > 0) for (const e of pod.events) mask |= events.get(e.reason) ?? 0;
    if (phase.size > 0) mask |= phase.get(pod.phase) ?? 0;
    if (reason.size > 0) mask |= reason.get(pod.reason) ?? 0;
    return mask;
  }
}
