import type { KObject } from '../../model/k8s.js';
import { LIMIT_RANGE_REJECTION } from '../../model/limit-range.js';
import type { Collector } from './collector.js';

/** The namespace of a controller's FailedCreate event that names a LimitRange violation; undefined for any other event. */
export function limitRangeRejection(e: KObject): string | undefined {
  return e.reason === 'FailedCreate' && typeof e.message === 'string' && LIMIT_RANGE_REJECTION.test(e.message) ? String(e.metadata?.namespace ?? '') : undefined;
}

/**
 * Lists the LimitRanges of the namespaces where a FailedCreate named a LimitRange violation, so the diagnosis
 * can show the min/max/defaults the API server checked against. Nothing is read otherwise (no request in the
 * common case); forbidden is a note ("LimitRanges not visible"), never "there are none".
 */
export async function listLimitRanges(collector: Collector, rejected: ReadonlySet<string>, namespace: string | undefined): Promise<void> {
  if (rejected.size === 0) return;
  // One list for the namespace in scope, or one per rejecting namespace across all of them.
  if (namespace !== undefined) await collector.list('LimitRange', namespace);
  else await Promise.all([...rejected].filter(Boolean).map((ns) => collector.list('LimitRange', ns)));
}

/** The same, from a list of Events already read. */
export async function fetchLimitRangesIfRejected(collector: Collector, events: readonly KObject[], namespace: string | undefined): Promise<void> {
  const rejected = new Set<string>();
  for (const e of events) {
    const ns = limitRangeRejection(e);
    if (ns !== undefined) rejected.add(ns);
  }
  await listLimitRanges(collector, rejected, namespace);
}
