import { ClusterError, NotFoundError, UsageError } from '../errors.js';
import type { KObject, Pod } from '../model/k8s.js';
import type { Snapshot } from '../model/snapshot.js';

export type TargetKind = 'Pod' | 'Deployment' | 'StatefulSet' | 'DaemonSet' | 'Job' | 'ReplicaSet' | 'Service' | 'CronJob' | 'Ingress';

/** The kind a `kind/NAME` prefix names (`deploy` → Deployment), as kubectl spells them; undefined when none. */
export function targetKindOf(alias: string): TargetKind | undefined {
  return ALIASES[alias.toLowerCase().replace(/\.(apps|batch)$/, '')];
}

const ALIASES: Record<string, TargetKind> = {
  po: 'Pod', pod: 'Pod', pods: 'Pod',
  deploy: 'Deployment', deployment: 'Deployment', deployments: 'Deployment',
  sts: 'StatefulSet', statefulset: 'StatefulSet', statefulsets: 'StatefulSet',
  ds: 'DaemonSet', daemonset: 'DaemonSet', daemonsets: 'DaemonSet',
  job: 'Job', jobs: 'Job',
  rs: 'ReplicaSet', replicaset: 'ReplicaSet', replicasets: 'ReplicaSet',
  svc: 'Service', service: 'Service', services: 'Service',
  cj: 'CronJob', cronjob: 'CronJob', cronjobs: 'CronJob',
  ing: 'Ingress', ingress: 'Ingress', ingresses: 'Ingress',
};

export interface Target {
  kind: TargetKind;
  name: string;
}

/** `NAME`, `pod/NAME`, `deploy/NAME`, `sts/NAME`, `ds/NAME`, `job/NAME`, `rs/NAME`, `svc/NAME`, `cronjob/NAME`, as kubectl takes them. */
export function parseTarget(text: string): Target {
  const slash = text.indexOf('/');
  if (slash < 0) return { kind: 'Pod', name: text };
  const alias = text.slice(0, slash).toLowerCase().replace(/\.(apps|batch|networking\.k8s\.io)$/, '');
  const kind = ALIASES[alias];
  const name = text.slice(slash + 1);
  if (!kind || !name || name.includes('/')) {
    throw new UsageError(`cannot read the target "${text}"`, { hint: 'use NAME, or KIND/NAME with KIND one of pod, deploy, sts, ds, job, rs, svc, cronjob, ingress' });
  }
  return { kind, name };
}

/**
 * The kinds kdiag must be able to list to judge these targets: the target's own kind, and the kind through
 * which it finds its Pods (a Deployment's ReplicaSets). Forbidden there is exit 3, never "not found" or "no Pods".
 */
export function requiredKinds(targets: readonly Target[]): Array<TargetKind> {
  const kinds = new Set<TargetKind>(['Pod']);
  for (const t of targets) {
    kinds.add(t.kind);
    if (t.kind === 'Deployment') kinds.add('ReplicaSet');
    if (t.kind === 'CronJob') kinds.add('Job');
  }
  return [...kinds];
}

const LIST_OF: Record<Exclude<TargetKind, 'Pod'>, keyof Snapshot> = {
  Deployment: 'deployments',
  StatefulSet: 'statefulSets',
  DaemonSet: 'daemonSets',
  Job: 'jobs',
  ReplicaSet: 'replicaSets',
  Service: 'services',
  CronJob: 'cronJobs',
  Ingress: 'ingresses',
};

/** The one object the target names in the snapshot; ambiguity and absence are errors a person can act on. */
export function findTarget(snapshot: Snapshot, target: Target, namespace: string | undefined): KObject {
  const list = (target.kind === 'Pod' ? snapshot.pods : snapshot[LIST_OF[target.kind]]) as KObject[];
  const inScope = list.filter((o) => namespace === undefined || o.metadata?.namespace === namespace);
  const exact = inScope.filter((o) => o.metadata?.name === target.name);
  if (exact.length === 1) return exact[0]!;
  if (exact.length > 1) {
    const namespaces = exact.map((o) => o.metadata?.namespace ?? '').join(', ');
    throw new UsageError(`${target.kind.toLowerCase()} "${target.name}" exists in several namespaces (${namespaces})`, { hint: 'pass -n NAMESPACE' });
  }
  const where = namespace === undefined ? 'in the input' : `in namespace "${namespace}"`;
  // Forbidden is not absent: a kind kdiag was not allowed to read says nothing about whether the object exists.
  const unreadable = snapshot.meta.unreadable.find((u) => u.kind === target.kind);
  if (unreadable) {
    throw new ClusterError('E_FORBIDDEN', `cannot tell whether ${target.kind.toLowerCase()} "${target.name}" exists ${where}: ${target.kind}s could not be read, ${unreadable.reason}`, {
      hint: 'kdiag rbac prints the minimal read-only role',
    });
  }
  const close = closestNames(target.name, inScope.map((o) => o.metadata?.name ?? ''));
  throw new NotFoundError(`${target.kind.toLowerCase()} "${target.name}" not found ${where}`, {
    hint: close.length > 0 ? `did you mean: ${close.join(', ')}` : inScope.length === 0 ? `there are no ${target.kind}s ${where}` : undefined,
  });
}

/** Up to three names that share the longest prefix with, or contain, the wanted name. */
export function closestNames(wanted: string, names: readonly string[]): string[] {
  const score = (n: string): number => {
    let i = 0;
    while (i < n.length && i < wanted.length && n[i] === wanted[i]) i++;
    return n.includes(wanted) || wanted.includes(n) ? i + wanted.length : i;
  };
  return [...new Set(names)]
    .map((n) => ({ n, s: score(n) }))
    .filter((x) => x.s >= Math.min(3, wanted.length))
    .sort((a, b) => b.s - a.s || a.n.localeCompare(b.n))
    .slice(0, 3)
    .map((x) => x.n);
}

export function isPod(o: KObject): o is Pod {
  return o.kind === 'Pod';
}

/** The Pods a workload object controls in the snapshot: directly, through its ReplicaSets (Deployment) or Jobs (CronJob), or by selector (Service). */
export function workloadPods(snapshot: Snapshot, kind: Exclude<TargetKind, 'Pod'>, object: KObject): Pod[] {
  const namespace = object.metadata?.namespace;
  const name = object.metadata?.name;
  const ownedBy = (o: KObject, k: string, n: string | undefined): boolean => o.metadata?.namespace === namespace && (o.metadata?.ownerReferences ?? []).some((r) => r?.kind === k && r?.name === n);
  if (kind === 'Deployment') {
    const sets = new Set(snapshot.replicaSets.filter((rs) => ownedBy(rs, 'Deployment', name)).map((rs) => rs.metadata?.name));
    return snapshot.pods.filter((p) => (p.metadata?.ownerReferences ?? []).some((r) => r?.kind === 'ReplicaSet' && sets.has(r?.name)) && p.metadata?.namespace === namespace);
  }
  if (kind === 'CronJob') {
    const jobs = new Set(snapshot.jobs.filter((j) => ownedBy(j, 'CronJob', name)).map((j) => j.metadata?.name));
    return snapshot.pods.filter((p) => p.metadata?.namespace === namespace && (p.metadata?.ownerReferences ?? []).some((r) => r?.kind === 'Job' && jobs.has(r?.name)));
  }
  if (kind === 'Service') {
    // A Service's Pods are the ones its (equality) selector selects; no selector selects nothing (manual endpoints).
    const selector = object.spec?.selector;
    if (!selector || typeof selector !== 'object' || Object.keys(selector).length === 0) return [];
    const wanted = Object.entries(selector as Record<string, unknown>);
    return snapshot.pods.filter((p) => p.metadata?.namespace === namespace && wanted.every(([k, v]) => p.metadata?.labels?.[k] === v));
  }
  return snapshot.pods.filter((p) => ownedBy(p, kind, name));
}
