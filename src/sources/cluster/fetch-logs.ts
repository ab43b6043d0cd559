import type { ContainerStatus, Pod } from '../../model/k8s.js';
import type { Collector } from './collector.js';

/** A stopped container whose log explains the stop, and which instance of it to read. */
export interface StoppedContainer {
  name: string;
  /** The instance before the current one (a crash loop), or the current, terminated one (a failed Job Pod, a failed init container under restartPolicy Never). */
  previous: boolean;
}

/** Containers that stopped with an error, init containers first (they block the rest). */
export function stoppedContainers(pod: Pod): StoppedContainer[] {
  const out: StoppedContainer[] = [];
  const statuses: ContainerStatus[] = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
  for (const s of statuses) {
    if (!s?.name) continue;
    const now = s.state?.terminated;
    if (now && (now.exitCode ?? 0) !== 0) out.push({ name: s.name, previous: false });
    else if (s.lastState?.terminated && (s.state?.waiting || (s.restartCount ?? 0) > 0)) out.push({ name: s.name, previous: true });
  }
  return out;
}

/** Reads the log tails of up to `maxContainers` stopped containers across `pods` (in parallel), into the collector's snapshot. */
export async function fetchStoppedLogs(collector: Collector, pods: readonly Pod[], tailLines: number, maxContainers: number): Promise<void> {
  if (tailLines <= 0) return;
  const wanted: Array<{ pod: Pod; c: StoppedContainer }> = [];
  for (const pod of pods) for (const c of stoppedContainers(pod)) if (wanted.length < maxContainers) wanted.push({ pod, c });
  await Promise.all(wanted.map(({ pod, c }) => collector.log(pod.metadata?.namespace ?? '', pod.metadata?.name ?? '', c.name, c.previous, tailLines)));
}
