import type { KObject } from '../model/k8s.js';
import { type Diagnosis } from './diagnosis.js';
import type { Engine } from './diagnose.js';
import type { TargetKind } from './targets.js';

/** Every Pod in the snapshot, plus every workload whose own rules found something (e.g. FailedCreate). */
export function diagnoseAll(engine: Engine, filter: { namespace?: string; selector?: (labels: Record<string, string>) => boolean } = {}): Diagnosis[] {
  const inScope = (o: KObject): boolean =>
    (filter.namespace === undefined || o.metadata?.namespace === filter.namespace) && (!filter.selector || filter.selector(o.metadata?.labels ?? {}));
  const pods = engine.snapshot.pods.filter(inScope).map((p) => engine.diagnosePod(p));
  const workloads = engine
    .workloads()
    .filter((w) => inScope(w.object))
    .map((w) => engine.diagnoseWorkload(w))
    // A workload with context only (info) is not worth a row of its own in a listing.
    .filter((d): d is Diagnosis => d !== undefined && d.status !== 'healthy');
  return [...workloads, ...pods];
}

/** A workload's own diagnosis (when its rules find something) followed by each of its Pods'. */
export function diagnoseWorkloadTarget(engine: Engine, kind: Exclude<TargetKind, 'Pod'>, object: KObject): Diagnosis[] {
  const name = object.metadata?.name;
  const namespace = object.metadata?.namespace;
  const workload = engine.workloads().find((w) => w.kind === kind && w.name === name && w.namespace === namespace);
  if (!workload) {
    // A ReplicaSet owned by a Deployment is diagnosed through its Pods only.
    const pods = engine.snapshot.pods.filter((p) => p.metadata?.namespace === namespace && p.metadata?.ownerReferences?.some((r) => r?.kind === kind && r?.name === name));
    return pods.map((p) => engine.diagnosePod(p));
  }
  const own = engine.diagnoseWorkload(workload);
  return [...(own ? [own] : []), ...workload.pods.map((p) => engine.diagnoseFacts(p))];
}
