// A three-valued match: a selector on labels kdiag did not read can neither admit nor refuse.

export type Match = { result: 'yes' } | { result: 'no'; why: string } | { result: 'unknown'; why: string };

export const YES: Match = { result: 'yes' };
export const no = (why: string): Match => ({ result: 'no', why });
export const unknown = (why: string): Match => ({ result: 'unknown', why });

/** Both must match (within one peer, within one rule); the first refusal explains, else the first doubt. */
export function both(a: Match, b: Match): Match {
  if (a.result === 'no') return a;
  if (b.result === 'no') return b;
  if (a.result === 'unknown') return a;
  return b;
}

/** Any may match (the peers of a rule, the rules of the policies: allows are a union). */
export function anyOf(matches: Match[]): Match {
  return matches.find((m) => m.result === 'yes') ?? matches.find((m) => m.result === 'unknown') ?? matches[0] ?? no('nothing to match');
}
