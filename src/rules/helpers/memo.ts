// Caches for pure functions, so that work many rules (or many Pods) share is done once. Results are
// shared between callers: they must be treated as read-only. Anything that ends up in a Finding must be
// copied per call (see copyEvidence): the YAML report turns one object seen twice into an anchor.
import type { PodFacts } from '../../model/facts.js';
import type { Evidence } from '../types.js';

/**
 * Caches a pure function of one string: many Pods share one scheduler message or pull error. Bounded
 * (the oldest entry goes when full) so that a stream of unique messages cannot grow it without end.
 */
export function memoString<T>(fn: (text: string) => T, max = 4096): (text: string) => T {
  return memoKey<string, T>(fn, max);
}

/** memoString for a number key (an epoch-ms time many events share). */
export function memoNumber<T>(fn: (n: number) => T, max = 4096): (n: number) => T {
  return memoKey<number, T>(fn, max);
}

function memoKey<K extends string | number, T>(fn: (key: K) => T, max: number): (key: K) => T {
  const cache = new Map<K, T>();
  return (key: K): T => {
    const hit = cache.get(key);
    if (hit !== undefined || cache.has(key)) return hit as T;
    const value = fn(key); // a throw caches nothing, so it throws again next time
    if (cache.size >= max) cache.delete(cache.keys().next().value as K);
    cache.set(key, value);
    return value;
  };
}

/**
 * Caches a pure function of one Pod's facts while the engine runs the rules on that Pod: several rules
 * ask the same question of one Pod (its scheduling failure, its pull errors, its container problems).
 * One entry is enough, since the engine runs every rule on one Pod before the next, and a WeakMap
 * would cost the garbage collector more than it saves.
 */
export function memoPod<T>(fn: (pod: PodFacts) => T): (pod: PodFacts) => T {
  let key: PodFacts | undefined;
  let value: T;
  return (pod: PodFacts): T => {
    if (pod !== key) {
      value = fn(pod);
      key = pod;
    }
    return value;
  };
}

/** memoPod for functions that also read `now` (evidence says "5m ago"). */
export function memoPodAt<T>(fn: (pod: PodFacts, now: number) => T): (pod: PodFacts, now: number) => T {
  let key: PodFacts | undefined;
  let at = NaN;
  let value: T;
  return (pod: PodFacts, now: number): T => {
    if (pod !== key || !Object.is(now, at)) {
      value = fn(pod, now);
      key = pod;
      at = now;
    }
    return value;
  };
}

/** Fresh Evidence objects (same content) for a Finding built from a cached result. */
export function copyEvidence(list: readonly Evidence[]): Evidence[] {
  return list.map((e) => ({ ...e }));
}
