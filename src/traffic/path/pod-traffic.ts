// A Pod's own diagnosis gains a short Traffic part: the Services of its namespace that select it, each with
// its path's first broken hop and the clients kept out; and what it must reach by name (cluster DNS, its
// StatefulSet's headless Service). The Pod that works stays healthy: the path's
// problems are warnings on the Pod (the Service's own verdict, `kdiag pod svc/NAME`, is where they fail).
import type { Diagnosis } from '../../engine/diagnosis.js';
import type { Lang } from '../../model/lang.js';
import type { KObject, Pod } from '../../model/k8s.js';
import type { Snapshot } from '../../model/snapshot.js';
import statefulSetServiceName from '../../rules/traffic/statefulset-service-name.js';
import { DEFAULT_RULE_OPTIONS, type Finding } from '../../rules/types.js';
import { dnsFindings } from './dns-path.js';
import { repeatsShown } from './same-cause.js';
import { servicePath } from './service-path.js';
import type { PartitionFindings } from './target-verdict.js';
import type { HopName, HopState } from './types.js';
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

/** The StatefulSet that owns the Pod, when the input has it. */
function owningStatefulSet(snapshot: Snapshot, pod: Pod): KObject | undefined {
  const ref = (pod.metadata?.ownerReferences ?? []).find((r) => r?.kind === 'StatefulSet' && r.controller === true);
  return ref ? snapshot.statefulSets.find((s) => s.metadata?.namespace === pod.metadata?.namespace && s.metadata?.name === ref.name) : undefined;
}

/**
 * The Pod's diagnosis with its Traffic part. `partition`: the run's suppressions for this Pod, so a traffic
 * finding that --ignore, .kdiag.yaml or an annotation names is listed under suppressed[], as a rule's is.
 */
export function withPodTraffic(d: Diagnosis, snapshot: Snapshot, pod: Pod, lang: Lang, partition: PartitionFindings): Diagnosis {
  const services = servicesSelecting(snapshot, pod);
  const sts = owningStatefulSet(snapshot, pod);
  // What the Pod must reach (DNS) and how it is reached by name (its StatefulSet's headless Service).
  const reach = [...dnsFindings(snapshot, pod, lang), ...(sts ? statefulSetServiceName.match({ snapshot, target: sts, options: { ...DEFAULT_RULE_OPTIONS, lang } }) : [])];
  if (services.length === 0 && reach.length === 0) return d;
  const known = new Set(d.findings.map((f) => f.message));
  const added: Finding[] = reach.map((f) => (f.severity === 'error' ? { ...f, severity: 'warning' } : f));
  const part: PodTraffic = { services: [] };
  for (const service of services) {
    const path = servicePath(snapshot, service, { lang });
    part.services.push({
      name: service.metadata?.name ?? '',
      hops: path.hops.map((h) => ({ hop: h.hop, state: h.state })),
      broken: path.broken,
      keptOut: path.clients.filter((c) => c.result === 'denied').map((c) => c.client),
    });
    // The Pod's own failure is already its verdict; the Service's consequence of it (no ready endpoints) adds nothing.
    for (const f of path.findings) if (!known.has(f.message) && !repeatsShown(f, d.findings) && !(d.status !== 'healthy' && f.rule === 'traffic/no-ready-endpoints')) added.push(f.severity === 'error' ? { ...f, severity: 'warning' } : f);
  }
  // A rule the run suppressed for this Pod does not come back through its traffic.
  const hidden = new Set((d.suppressed ?? []).map((f) => f.rule));
  const { kept, suppressed } = partition(added.filter((f) => !hidden.has(f.rule)));
  // Only DNS or the StatefulSet's name to say (no Service selects the Pod): findings, and no empty Traffic part.
  return {
    ...d,
    findings: [...d.findings, ...kept],
    ...(suppressed.length > 0 ? { suppressed: [...(d.suppressed ?? []), ...suppressed] } : {}),
    ...(part.services.length > 0 ? { podTraffic: part } : {}),
  };
}
