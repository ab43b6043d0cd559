import type { KObject } from '../../model/k8s.js';
import { LIMIT_RANGE_REJECTION } from '../../model/limit-range.js';
import type { Collector } from './collector.js';

/**
 * Lists the LimitRanges of the namespaces where a controller's FailedCreate names a LimitRange violation, so
 * the diagnosis can show the min/max/defaults the API server checked against. Nothing is read otherwise (no
 * request in the common case); forbidden is a note ("LimitRanges not visible"), never "there are none".
 */
export async function fetchLimitRangesIfRejected(collector: Collector, events: readonly KObject[], namespace: string | undefined): Promise<void> {
  const namespaces = new Set<string>();
  for (const e of events) {
    if (e.reason === 'FailedCreate' && typeof e.message === 'string' && LIMIT_RANGE_REJECTION.test(e.message)) namespaces.add(String(e.metadata?.namespace ?? ''));
  }
  if (namespaces.size === 0) return;
  // One list for the namespace in scope, or one per rejecting namespace across all of them.
  if (namespace !== undefined) await collector.list('LimitRange', namespace);
  else await Promise.all([...namespaces].filter(Boolean).map((ns) => collector.list('LimitRange', ns)));
}
