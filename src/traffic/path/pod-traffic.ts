// A Pod's Traffic part as data: the Services of its namespace that select it, each with its path's hops, the
// first broken one and the clients kept out (engine/traffic-verdict.ts joins it to the Pod's diagnosis).
import type { HopName } from '../../model/hops.js';
import type { Pod } from '../../model/k8s.js';
import type { Snapshot } from '../../model/snapshot.js';
import type { HopState } from './types.js';
import { labelsOf } from './view.js';

export interface PodTrafficService {
  name: string;
  hops: Array<{ hop: HopName; state: HopState }>;
  /** The first failed hop, or null. */
  broken: HopName | null;
  /** Clients a policy keeps out (`namespace monitoring`). */
  keptOut: string[];
}

export interface PodTraffic {
  services: PodTrafficService[];
}

/** The Services of the Pod's namespace whose selector picks it (an empty or absent selector picks nothing). */
export function servicesSelecting(snapshot: Snapshot, pod: Pod): Snapshot['services'] {
  const labels = labelsOf(pod);
  return snapshot.services.filter((s) => {
    const selector = s.spec?.selector;
    if (s.metadata?.namespace !== pod.metadata?.namespace || !selector || typeof selector !== 'object' || Object.keys(selector).length === 0) return false;
    return Object.entries(selector as Record<string, string>).every(([k, v]) => labels[k] === v);
  });
}
