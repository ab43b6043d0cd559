import type { WorkloadFacts } from '../model/facts.js';
import type { KObject, Pod } from '../model/k8s.js';
import { type Diagnosis } from './diagnosis.js';
import type { Engine } from './diagnose.js';
import { withRevisionChange } from './revision-change.js';
import { workloadVerdict } from './rollup.js';
import { diagnoseCronJob } from './cronjob-target.js';
import { noEndpointsBlame, serviceVerdict } from './service-target.js';
import type { Client } from '../traffic/path/clients.js';
import { workloadPods, type TargetKind } from './targets.js';
import { ingressVerdict } from './traffic-verdict.js';
import statefulSetServiceName from '../rules/traffic/statefulset-service-name.js';
import { DEFAULT_RULE_OPTIONS, type Finding } from '../rules/types.js';
import type { SuppressedFinding } from './suppress.js';

export interface DiagnoseFilter {
  namespace?: string;
  selector?: (labels: Record<string, string>) => boolean;
}

/**
 * Every Pod in the snapshot, plus every workload whose own rules found something (e.g. FailedCreate); a
 * workload's row leads with its Pods' cause, not with the missed deadline that follows from it.
 */
export function diagnoseAll(
  engine: Engine,
  filter: DiagnoseFilter = {},
  hooks: { /** Called before each Pod is diagnosed: the CLI's heap budget check (may throw). */ beforeEach?: () => void } = {},
): Diagnosis[] {
  const inScope = (o: KObject): boolean =>
    (filter.namespace === undefined || o.metadata?.namespace === filter.namespace) && (!filter.selector || filter.selector(o.metadata?.labels ?? {}));
  const byPod = new Map<Pod, Diagnosis>();
  for (const p of engine.snapshot.pods) {
    if (!inScope(p)) continue;
    hooks.beforeEach?.();
    byPod.set(p, engine.diagnosePod(p));
  }
  const rows = [...workloadRows(engine, inScope, (p) => byPod.get(p)), ...byPod.values()];
  return rows.length > 0 || byPod.size > 0 ? rows : workloadsWithoutPods(engine, inScope);
}

/**
 * No Pod in scope at all (a dump of CronJobs, or of Deployments scaled to zero): the workloads read are the
 * answer, healthy ones too, rather than "No Pods found" over objects that were read.
 */
export function workloadsWithoutPods(engine: Engine, inScope: (o: KObject) => boolean): Diagnosis[] {
  return engine.workloads().filter((w) => w.kind !== 'Service' && inScope(w.object)).map((w) => diagnoseWorkloadTarget(engine, w.kind as Exclude<TargetKind, 'Pod'>, w.object)[0]!);
}

/** The rows of the workloads in scope that are not healthy; `made` gives a Pod's diagnosis when it was already made. */
export function workloadRows(engine: Engine, inScope: (o: KObject) => boolean, made: (pod: Pod) => Diagnosis | undefined): Diagnosis[] {
  const workloads: Diagnosis[] = [];
  for (const w of engine.workloads()) {
    if (!inScope(w.object)) continue;
    const own = engine.diagnoseWorkload(w);
    if (w.kind === 'Service') {
      const row = own && own.status !== 'healthy' ? own : serviceTrafficRow(engine, w, made);
      if (row) workloads.push(row);
      continue;
    }
    // A workload with context only (info) is not worth a row of its own in a listing.
    if (!own || own.status === 'healthy') {
      const row = w.kind === 'StatefulSet' ? statefulSetServiceRow(engine, w, own, made) : undefined;
      if (row) workloads.push(row);
      continue;
    }
    const pods = w.pods.map((p) => made(p.pod) ?? engine.diagnoseFacts(p));
    workloads.push(withRevisionChange(engine.snapshot, w, workloadVerdict(w, own, pods, [], engine.t)));
  }
  for (const ingress of engine.snapshot.ingresses) {
    if (!inScope(ingress)) continue;
    const verdict = ingressVerdict(engine.snapshot, ingress, engine.t.lang, undefined, undefined, (found) => engine.partitionForObject(found, 'Ingress', ingress));
    if (hasTrafficProblem(verdict)) workloads.push(verdict);
  }
  return workloads;
}

/** A Service whose own rules found nothing: a row of its own when its traffic path is broken or keeps clients out (its verdict as `pod svc/NAME` gives it). */
function serviceTrafficRow(engine: Engine, service: WorkloadFacts, made: (pod: Pod) => Diagnosis | undefined): Diagnosis | undefined {
  if (service.pods.length === 0) return undefined;
  const verdict = serviceVerdict(engine, service, service.pods.map((p) => made(p.pod) ?? engine.diagnoseFacts(p)));
  return hasTrafficProblem(verdict) ? verdict : undefined;
}

/** A StatefulSet that works, whose serviceName is not an existing headless Service: its per-Pod names never resolve. */
function statefulSetServiceRow(engine: Engine, sts: WorkloadFacts, own: Diagnosis | undefined, made: (pod: Pod) => Diagnosis | undefined): Diagnosis | undefined {
  const found = statefulSetServiceName.match({ snapshot: engine.snapshot, target: sts.object, options: { ...DEFAULT_RULE_OPTIONS, lang: engine.t.lang } });
  if (found.length === 0) return undefined;
  const verdict = workloadVerdict(sts, own, sts.pods.map((p) => made(p.pod) ?? engine.diagnoseFacts(p)), [], engine.t);
  return withStatefulSetService(verdict, found, engine.partitionForWorkload(found, sts));
}

/** The verdict with the StatefulSet's serviceName findings, those the run suppresses listed as such. */
function withStatefulSetService(verdict: Diagnosis, found: readonly Finding[], split: { kept: Finding[]; suppressed: SuppressedFinding[] }): Diagnosis {
  if (found.length === 0) return verdict;
  const known = new Set(verdict.findings.map((f) => f.message));
  return {
    ...verdict,
    findings: [...verdict.findings, ...split.kept.filter((f) => !known.has(f.message))],
    ...(split.suppressed.length > 0 ? { suppressed: [...(verdict.suppressed ?? []), ...split.suppressed] } : {}),
  };
}

const hasTrafficProblem = (d: Diagnosis): boolean => (d.traffic?.findings ?? []).some((f) => f.severity !== 'info');

/**
 * A workload target (`pod deploy/NAME`): the workload's verdict first (its Pods' cause leading, then its
 * own findings, its Services' and the Pods' warnings), then each of its Pods' diagnoses. A Service's verdict
 * (its own, or that of a Service serving the workload) is serviceVerdict's, traffic path included, as scan's
 * row of it is; `client` (--from) is the client of a Service target's path.
 */
export function diagnoseWorkloadTarget(engine: Engine, kind: Exclude<TargetKind, 'Pod'>, object: KObject, client?: Client): Diagnosis[] {
  const name = object.metadata?.name ?? '';
  const namespace = object.metadata?.namespace ?? '';
  const all = engine.workloads();
  // A ReplicaSet owned by a Deployment in the input is read through it; as a target it stands alone.
  const workload =
    all.find((w) => w.kind === kind && w.name === name && w.namespace === namespace) ??
    engine.index.workloadFacts(kind, object, workloadPods(engine.snapshot, kind, object).map((p) => engine.index.podFacts(p)));
  if (kind === 'CronJob') return diagnoseCronJob(engine, workload);
  const pods = workload.pods.map((p) => engine.diagnoseFacts(p));
  if (kind === 'Service') return [serviceVerdict(engine, workload, pods, client), ...pods];
  const own = engine.diagnoseWorkload(workload);
  const made = new Map(workload.pods.map((p, i) => [p.pod, pods[i]!]));
  // The Services that serve it: one that `pod svc/NAME` calls failing because it leaves the workload with no
  // ready endpoint (the gate's judgement too) fails the workload; otherwise its own findings say what they say.
  const services = all
    .filter((s) => s.kind === 'Service' && s.namespace === namespace && servesWorkload(s, workload))
    .map((s) => {
      const verdict = serviceVerdict(engine, s, s.pods.map((p) => made.get(p.pod) ?? engine.diagnoseFacts(p)));
      return verdict.status === 'failing' && verdict.traffic && noEndpointsBlame(engine, s, verdict.traffic)?.fails ? verdict : engine.diagnoseWorkload(s);
    })
    .filter((d): d is Diagnosis => d !== undefined && d.status !== 'healthy');
  let verdict = workloadVerdict(workload, own, pods, services, engine.t);
  if (kind === 'StatefulSet') {
    // How its Pods are reached by name (scan's row of it and each Pod's Traffic part say it too).
    const found = statefulSetServiceName.match({ snapshot: engine.snapshot, target: workload.object, options: { ...DEFAULT_RULE_OPTIONS, lang: engine.t.lang } });
    verdict = withStatefulSetService(verdict, found, engine.partitionForWorkload(found, workload));
  }
  return [withRevisionChange(engine.snapshot, workload, verdict), ...pods];
}

/** A Service belongs to a workload when it selects its Pods or its Pod template, or carries its name (a Service that selects nothing). */
export function servesWorkload(service: WorkloadFacts, workload: WorkloadFacts): boolean {
  if (service.name === workload.name) return true;
  const podNames = new Set(workload.pods.map((p) => p.name));
  if (service.pods.some((p) => podNames.has(p.name))) return true;
  const selector = service.object.spec?.selector;
  const template = workload.object.spec?.template?.metadata?.labels;
  if (selector && typeof selector === 'object' && template && typeof template === 'object' && Object.keys(selector).length > 0) {
    if (Object.entries(selector as Record<string, string>).every(([k, v]) => (template as Record<string, string>)[k] === v)) return true;
  }
  return false;
}
