import { ClusterError } from '../../errors.js';
import { EventIndex, internEventFact, toEventFact } from '../../model/events.js';
import type { KEvent, Pod } from '../../model/k8s.js';
import { markComplete, type Snapshot, type SnapshotKind } from '../../model/snapshot.js';
import { prepareObject } from '../build-snapshot.js';
import { checkHeapBudget } from '../heap-budget.js';
import { StreamRedactor } from '../redact-snapshot.js';
import type { Collector } from './collector.js';
import { RESOURCES } from './resources.js';
import { fetchLimitRangesIfRejected, limitRangeRejection, listLimitRanges } from './fetch-limit-ranges.js';

/** What `scan` and workload targets read: each kind listed once (paginated), joined in memory. */
export const SCAN_KINDS: readonly SnapshotKind[] = [
  'Pod', 'Event', 'Node', 'PersistentVolumeClaim', 'Service', 'EndpointSlice', 'ReplicaSet', 'Deployment', 'StatefulSet', 'DaemonSet', 'ControllerRevision', 'Job', 'CronJob',
  // The traffic path: policies and Ingresses of the namespace; Namespaces (their labels) and IngressClasses are cluster-wide.
  'NetworkPolicy', 'Ingress', 'IngressClass', 'Namespace',
];

/** The namespace a kind is listed in: none for cluster-scoped kinds. */
const scopeOf = (kind: SnapshotKind, namespace: string | undefined): string | undefined => (RESOURCES[kind].namespaced ? namespace : undefined);

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
  const settled = await Promise.allSettled(
    SCAN_KINDS.map((kind) =>
      collector.list(kind, scopeOf(kind, options.namespace), { required: kind === 'Pod' || (options.required?.includes(kind) ?? false), ...(kind === 'Pod' && options.labelSelector ? { labelSelector: options.labelSelector } : {}) }),
    ),
  );
  // Several lists may fail at once (a forbidden Deployment and its ReplicaSets): report the one the command
  // names first (Pods, then the target's own kind), not whichever answer came back first.
  const order = ['Pod', ...(options.required ?? [])];
  const rank = (i: number): number => (order.includes(SCAN_KINDS[i]!) ? order.indexOf(SCAN_KINDS[i]!) : order.length + i);
  const failed = settled.map((r, i) => ({ r, i })).filter((x) => x.r.status === 'rejected').sort((a, b) => rank(a.i) - rank(b.i));
  if (failed[0]) throw (failed[0].r as PromiseRejectedResult).reason;
  const lists = settled.map((r) => (r.status === 'fulfilled' ? r.value : []));
  await fetchLimitRangesIfRejected(collector, lists[SCAN_KINDS.indexOf('Event')] ?? [], options.namespace);
  return collector.finish(options.now());
}

/** What a streamed scan hands to the diagnosis before the first Pod: every other kind, and the Events indexed. */
export interface StreamContext {
  /** Every kind but Pods and Events (the Pods' list is marked as seen when it is complete). */
  context: Snapshot;
  events: EventIndex;
}

/**
 * `scan`'s read for large clusters: every kind but Pods and Events is listed as above; the Events page by
 * page into an index of compact facts (their raw objects are dropped); then the Pods page by page, each
 * page normalised, redacted and handed to `onPods` before the next is read. Memory holds one page of raw
 * objects at a time.
 */
export async function streamNamespace(
  collector: Collector,
  options: FetchNamespaceOptions,
  begin: (read: StreamContext) => (pods: Pod[]) => void,
): Promise<Snapshot> {
  options.onStep?.(`listing ${options.namespace === undefined ? 'all namespaces' : `namespace ${options.namespace}`}`);
  let events = new EventIndex();
  const rejected = new Set<string>();
  const podOptions = { required: true, ...(options.labelSelector ? { labelSelector: options.labelSelector } : {}) };
  // The Pods are read after the Events (each Pod is diagnosed as its page comes, with its Events at hand);
  // a small list of them is asked for now, beside the others, and taken in its turn: one round trip less.
  const asked = collector.askWholeList('Pod', options.namespace, podOptions);
  await Promise.all([
    ...SCAN_KINDS.filter((k) => k !== 'Pod' && k !== 'Event').map((kind) => collector.list(kind, scopeOf(kind, options.namespace))),
    listEvents(collector, options.namespace, rejected).then((index) => (events = index)),
  ]);
  await listLimitRanges(collector, rejected, options.namespace);
  const context = collector.finish(options.now());
  const redactor = new StreamRedactor(context);
  events.rewriteAll((m) => redactor.message(m));
  const complete = !options.labelSelector;
  if (complete) markComplete(context.meta, 'Pod', options.namespace === undefined ? 'all' : { namespace: options.namespace });
  const onPods = begin({ context, events });
  await collector.pages('Pod', options.namespace, { ...podOptions, asked }, (page) => {
    const pods = page.map((raw) => {
      const pod = prepareObject(raw) as Pod;
      const mask = redactor.pod(pod);
      if (mask) events.rewriteMessages(pod.metadata?.namespace ?? '', pod.metadata?.name ?? '', mask);
      return pod;
    });
    onPods(pods);
    budget('the pods read');
  });
  return context;
}

const budget = (what: string): void => checkHeapBudget(what, 0, (m, h) => new ClusterError('E_TOO_LARGE', m, { hint: h }));

/** Events page by page into an index of facts whose repeated words are shared; the raw objects are dropped. */
async function listEvents(collector: Collector, namespace: string | undefined, limitRangeRejected: Set<string>): Promise<EventIndex> {
  const events = new EventIndex();
  const words = new Map<string, string>();
  const intern = (s: string): string => {
    const known = words.get(s);
    if (known !== undefined) return known;
    words.set(s, s);
    return s;
  };
  const listed = await collector.pages('Event', namespace, {}, (page) => {
    for (const raw of page) {
      const rejectedIn = limitRangeRejection(raw);
      if (rejectedIn !== undefined) limitRangeRejected.add(rejectedIn);
      // Redacted once the context is read (its known values), and again for each Pod's own values when it arrives.
      events.add(internEventFact(toEventFact(prepareObject(raw) as KEvent), intern));
    }
    budget('the events read');
  });
  if (listed) collector.markListed('Event', namespace);
  return events;
}
