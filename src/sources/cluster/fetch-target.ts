import { requiredKinds, workloadPods, type Target } from '../../engine/targets.js';
import { formatSelector, serviceSelector } from '../../rules/helpers/service-selector.js';
import type { Snapshot } from '../../model/snapshot.js';
import type { Collector } from './collector.js';
import { fetchStoppedLogs } from './fetch-logs.js';
import { fetchNamespaceSnapshot } from './fetch-namespace.js';
import { fetchPodSnapshot } from './fetch-pod.js';

export interface FetchTargetOptions {
  namespace: string;
  /** Lines of a stopped container's log to read; 0 for none. */
  logLines: number;
  onStep?: (text: string) => void;
  now: () => number;
}

/** Logs read for a workload target: one stopped container each for a few replicas (they usually share a cause). */
const WORKLOAD_LOGS = 3;

/**
 * What `pod TARGET` and `capture pod TARGET` read: one Pod's bounded plan, or for a workload the namespace
 * listing plus a GET of the workload itself, so that a forbidden kind is exit 3 naming the permission,
 * never "not found" (forbidden is not absent).
 */
export async function fetchTargetSnapshot(collector: Collector, target: Target, options: FetchTargetOptions): Promise<Snapshot> {
  const { namespace, now } = options;
  if (target.kind === 'Pod') return fetchPodSnapshot(collector, { namespace, name: target.name, logLines: options.logLines, now, ...(options.onStep ? { onStep: options.onStep } : {}) });
  const [got, listed] = await Promise.allSettled([
    collector.getRequired(target.kind, namespace, target.name),
    // The target itself is read by GET above (a list is not needed for it); the kinds its Pods are found through must be listed.
    fetchNamespaceSnapshot(collector, { namespace, now, required: requiredKinds([target]).filter((k) => k !== target.kind), ...(options.onStep ? { onStep: options.onStep } : {}) }),
  ]);
  // Both may fail (one identity forbidden both): the error about what the user named wins, whichever answer came first.
  if (got.status === 'rejected') throw got.reason;
  if (listed.status === 'rejected') throw listed.reason;
  const object = got.value;
  const snapshot = listed.value;
  if (!object) return snapshot;
  const more: Array<Promise<unknown>> = [];
  // A Service that selects no Pod of its namespace: the Pods its selector matches elsewhere (one request), so
  // the report can name the namespace they run in (a Service only selects Pods of its own).
  const selector = target.kind === 'Service' ? serviceSelector(object) : undefined;
  if (selector && workloadPods(snapshot, target.kind, object).length === 0) more.push(collector.list('Pod', undefined, { labelSelector: formatSelector(selector) }));
  if (options.logLines > 0) {
    options.onStep?.('reading logs of stopped containers');
    more.push(fetchStoppedLogs(collector, workloadPods(snapshot, target.kind, object), options.logLines, WORKLOAD_LOGS));
  }
  if (more.length === 0) return snapshot;
  await Promise.all(more);
  return collector.finish(now());
}

