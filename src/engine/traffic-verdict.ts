// The traffic path joined to a verdict: a Service's verdict carries its path (and fails when the path is
// broken for a client that was named or for every client); an Ingress's verdict is the path itself; a Pod's
// own diagnosis gains a short Traffic part: the Services of its namespace that select it, each with its path's
// first broken hop and the clients kept out, and what it must reach by name (cluster DNS, its StatefulSet's
// headless Service). The Pod that works stays healthy: the path's problems are warnings on the Pod (the
// Service's own verdict, `kdiag pod svc/NAME`, is where they fail).
import { messagesFor } from '../i18n/index.js';
import { trafficText } from '../i18n/traffic.js';
import type { Lang } from '../model/lang.js';
import type { KObject, Pod } from '../model/k8s.js';
import type { Snapshot } from '../model/snapshot.js';
import { STAGES } from '../model/stages.js';
import statefulSetServiceName from '../rules/traffic/statefulset-service-name.js';
import { DEFAULT_RULE_OPTIONS, type Finding } from '../rules/types.js';
import type { Client } from '../traffic/path/clients.js';
import { dnsFindings } from '../traffic/path/dns-path.js';
import { ingressPath } from '../traffic/path/ingress-path.js';
import { servicesSelecting, type PodTraffic } from '../traffic/path/pod-traffic.js';
import { repeatsShown } from '../traffic/path/same-cause.js';
import { servicePath } from '../traffic/path/service-path.js';
import type { TrafficPath } from '../traffic/path/types.js';
import { stageStates } from './diagnose.js';
import type { Diagnosis } from './diagnosis.js';
import type { SuppressedFinding } from './suppress.js';

/** How the run's suppressions split findings made for one Service (the engine's partitionForWorkload). */
export type PartitionFindings = (found: readonly Finding[]) => { kept: Finding[]; suppressed: SuppressedFinding[] };

/**
 * The Service's verdict with its traffic path; a broken path fails a verdict that was healthy. `partition`: the
 * run's suppressions for this Service, so a path finding that --ignore, .kdiag.yaml or an annotation names is
 * listed under suppressed[] and judged as such, as a rule's finding is.
 */
export function withServicePath(verdict: Diagnosis, snapshot: Snapshot, service: KObject, lang: Lang, client: Client | undefined, partition: PartitionFindings): Diagnosis {
  const path = servicePath(snapshot, service, { lang, ...(client ? { client } : {}) });
  return joinPath(verdict, path, partition);
}

function joinPath(verdict: Diagnosis, path: TrafficPath, partition: PartitionFindings): Diagnosis {
  const known = new Set(verdict.findings.map((f) => f.message));
  // A rule the run suppressed for this Service (its finding is in the verdict's suppressed[]) does not come
  // back through the path: the path's record (traffic.findings) keeps it, the verdict does not.
  const hidden = new Set((verdict.suppressed ?? []).map((f) => f.rule));
  const fresh = path.findings.filter((f) => !known.has(f.message) && !hidden.has(f.rule) && !repeatsShown(f, verdict.findings));
  const split = fresh.length > 0 ? partition(fresh) : { kept: fresh, suppressed: [] };
  const added = split.kept;
  if (split.suppressed.length > 0) verdict = { ...verdict, suppressed: [...(verdict.suppressed ?? []), ...split.suppressed] };
  const lead = added.find((f) => f.severity === 'error');
  const notes = [...verdict.notes, ...path.notes.filter((n) => !verdict.notes.includes(n))];
  // No ready endpoints because the selected Pods are not Ready: their own cause (already in the verdict) is the
  // root cause and leads; the traffic finding follows it.
  const ownCause = lead?.rule === 'traffic/no-ready-endpoints' && verdict.findings.length > 0;
  if (path.broken && lead && verdict.status !== 'failing' && !ownCause) {
    return { ...verdict, status: 'failing', stage: 'readiness', stages: stageStates(STAGES, 'failing', 'readiness'), summary: lead.message, findings: [lead, ...verdict.findings, ...added.filter((f) => f !== lead)], notes, traffic: path };
  }
  return { ...verdict, findings: [...verdict.findings, ...added], notes, traffic: path };
}

/**
 * `kdiag pod ingress/NAME`: the Ingress's verdict is its traffic path. `partition`: the run's suppressions for
 * this Ingress; a suppressed finding is listed under suppressed[] and fails nothing, the path keeps its record.
 */
export function ingressVerdict(snapshot: Snapshot, ingress: KObject, lang: Lang, client: Client | undefined, observedAt: string | undefined, partition: PartitionFindings): Diagnosis {
  const path = ingressPath(snapshot, ingress, { lang, ...(client ? { client } : {}) });
  const { kept, suppressed } = partition(path.findings);
  const lead = kept.find((f) => f.severity === 'error');
  const failing = path.broken !== null && lead !== undefined;
  const m = trafficText(lang);
  // A path whose only problems the run suppresses does not "pass": the summary says they are suppressed.
  const hiddenOnly = !failing && suppressed.length > 0 && !kept.some((f) => f.severity !== 'info');
  const summary = failing ? lead.message : hiddenOnly ? messagesFor(lang).suppressed.allSuppressed({ count: suppressed.length }) : path.hops.some((h) => h.state === 'unknown') ? m.pathUnknown : m.pathPasses;
  const findings = failing ? [lead, ...kept.filter((f) => f !== lead)] : kept;
  return {
    apiVersion: 'kdiag/v1',
    kind: 'Diagnosis',
    pod: null,
    workload: { kind: 'Ingress', namespace: ingress.metadata?.namespace ?? '', name: ingress.metadata?.name ?? '' },
    status: failing ? 'failing' : 'healthy',
    stage: failing ? 'readiness' : null,
    summary,
    stages: [],
    findings,
    ...(suppressed.length > 0 ? { suppressed } : {}),
    notes: [...snapshot.meta.notes, ...path.notes],
    ...(observedAt ? { observedAt } : {}),
    traffic: path,
  };
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
