// The traffic path joined to a target's verdict: a Service's verdict carries it (and fails when the path is
// broken for a client that was named or for every client); an Ingress's verdict is the path itself.
import { UsageError } from '../../errors.js';
import type { Diagnosis } from '../../engine/diagnosis.js';
import type { SuppressedFinding } from '../../engine/suppress.js';
import type { Finding } from '../../rules/types.js';
import type { Lang } from '../../model/lang.js';
import type { KObject } from '../../model/k8s.js';
import type { Snapshot } from '../../model/snapshot.js';
import { STAGES } from '../../model/stages.js';
import { stageStates } from '../../engine/diagnose.js';
import { messagesFor } from '../../i18n/index.js';
import { trafficText } from '../../i18n/traffic.js';
import { namedClient, parseClient, type Client } from './clients.js';
import { ingressPath } from './ingress-path.js';
import { repeatsShown } from './same-cause.js';
import { servicePath } from './service-path.js';
import type { TrafficPath } from './types.js';

/** The client --from names, checked; undefined without --from. */
export function clientOf(snapshot: Snapshot, from: string | undefined, namespace: string): Client | undefined {
  if (from === undefined) return undefined;
  const spec = parseClient(from, namespace);
  if (!spec) throw new UsageError(`cannot read the client "${from}"`, { hint: 'use --from pod/NAME, pod/NAMESPACE/NAME or ns/NAME' });
  return namedClient(snapshot, spec, new Set());
}

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
