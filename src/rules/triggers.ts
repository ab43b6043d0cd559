// Evaluates rules' declared triggers (types.ts PodTriggers) once per Pod, so the engine can skip the
// rules that cannot find anything. Every trigger atom gets one bit; a rule runs when its bits meet the
// Pod's. Rules without triggers (or with more atoms than fit) always run.
import type { PodFacts } from '../model/facts.js';
import { containerProblems } from './helpers/restarts.js';
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

export class TriggerIndex {
  /** Per rule, in the order given: the bits that make it run, or 0 when it always runs. */
  readonly masks: readonly number[];
  private readonly flagBits = new Map<Flag, number>();
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
    let mask = 0;
    const f = this.flagBits;
    if (f.size > 0) {
      if (f.has('unscheduled') && awaitingScheduling(pod)) mask |= f.get('unscheduled')!;
      if (f.has('awaitingSandbox') && pod.deletingSince === undefined && awaitingSandbox(pod)) mask |= f.get('awaitingSandbox')!;
      if (f.has('containerProblem') && containerProblems(pod).length > 0) mask |= f.get('containerProblem')!;
      if (f.has('deleting') && pod.deletingSince !== undefined) mask |= f.get('deleting')!;
      if (f.has('claims') && pod.claims.length > 0) mask |= f.get('claims')!;
      if (f.has('services') && pod.services.length > 0) mask |= f.get('services')!;
    }
    const { waiting, events, phase, reason } = this.listBits;
    if (waiting.size > 0) for (const c of pod.containers) if (c.waiting) mask |= waiting.get(c.waiting.reason) ?? 0;
    if (events.size > 0) for (const e of pod.events) mask |= events.get(e.reason) ?? 0;
    mask |= phase.get(pod.phase) ?? 0;
    mask |= reason.get(pod.reason) ?? 0;
    return mask;
  }
}
