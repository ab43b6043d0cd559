import type { Snapshot, SnapshotKind } from '../../model/snapshot.js';
import type { Collector } from './collector.js';
import { fetchLimitRangesIfRejected } from './fetch-limit-ranges.js';

/** What `scan` and workload targets read: each kind listed once (paginated), joined in memory. */
export const SCAN_KINDS: readonly SnapshotKind[] = [
  'Pod', 'Event', 'Node', 'PersistentVolumeClaim', 'Service', 'EndpointSlice', 'ReplicaSet', 'Deployment', 'StatefulSet', 'DaemonSet', 'Job',
];

export interface FetchNamespaceOptions {
  /** undefined for every namespace. */
  namespace: string | undefined;
  labelSelector?: string;
  /** Kinds the command cannot judge without (its target's kind): forbidden is exit 3 naming the permission. Pods always. */
  required?: readonly SnapshotKind[];
  onStep?: (text: string) => void;
  now: () => number;
}

/** Lists every kind the rules read, in parallel: O(kinds × pages) requests, never one per Pod. */
export async function fetchNamespaceSnapshot(collector: Collector, options: FetchNamespaceOptions): Promise<Snapshot> {
  options.onStep?.(`listing ${options.namespace === undefined ? 'all namespaces' : `namespace ${options.namespace}`}`);
  const lists = await Promise.all(
    SCAN_KINDS.map((kind) =>
      collector.list(kind, kind === 'Node' ? undefined : options.namespace, { required: kind === 'Pod' || (options.required?.includes(kind) ?? false), ...(kind === 'Pod' && options.labelSelector ? { labelSelector: options.labelSelector } : {}) }),
    ),
  );
  await fetchLimitRangesIfRejected(collector, lists[SCAN_KINDS.indexOf('Event')] ?? [], options.namespace);
  return collector.finish(options.now());
}
