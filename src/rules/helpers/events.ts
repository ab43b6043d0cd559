import type { EventFact } from '../../model/events.js';
import type { Evidence } from '../types.js';
import { ago, isoTime } from './time.js';

/** Events with one of the reasons (and matching the optional test), oldest first. */
export function eventsWith(events: readonly EventFact[], reasons: string | readonly string[], test?: (e: EventFact) => boolean): EventFact[] {
  const wanted = typeof reasons === 'string' ? [reasons] : reasons;
  return events.filter((e) => wanted.includes(e.reason) && (!test || test(e)));
}

/** True when some event has this reason (dedupe never changes which reasons a Pod's events have). */
export function hasEventReason(events: readonly EventFact[], reason: string): boolean {
  for (const e of events) if (e.reason === reason) return true;
  return false;
}

/** The most recently seen event with one of the reasons. */
export function latestEvent(events: readonly EventFact[], reasons: string | readonly string[], test?: (e: EventFact) => boolean): EventFact | undefined {
  const found = eventsWith(events, reasons, test);
  return found[found.length - 1];
}

/** True when the event was seen at or after `since` (epoch ms); events with no time count as current. */
export function seenSince(e: EventFact, since: number | undefined): boolean {
  return since === undefined || e.lastSeen === undefined || e.lastSeen >= since;
}

/** `Warning FailedMount ×12 over 10m (last seen 30s ago): <message>` as kubectl describe would summarise it. */
export function eventEvidence(e: EventFact, now: number): Evidence {
  const span = e.count > 1 && e.firstSeen !== undefined && e.lastSeen !== undefined ? ` over ${ago(e.lastSeen, e.firstSeen).replace(' ago', '')}` : '';
  const count = e.count > 1 ? ` ×${e.count}${span}` : '';
  const from = e.source ? ` from ${e.source}` : '';
  const evidence: Evidence = { source: 'event', text: `${e.type} ${e.reason}${count}${from} (last seen ${ago(now, e.lastSeen)}): ${e.message}` };
  if (e.lastSeen !== undefined) evidence.at = isoTime(e.lastSeen);
  return evidence;
}
