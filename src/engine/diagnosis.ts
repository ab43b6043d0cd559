import { coverageFor, SNAPSHOT_KINDS, type SnapshotKind, type SnapshotMeta } from '../model/snapshot.js';
import type { DiagnosisStatus, Stage, StageState } from '../model/stages.js';
import type { Finding } from '../rules/types.js';
import type { StageOwner } from './stage-owner.js';
import type { SuppressedFinding } from './suppress.js';
import type { Change } from '../revisions/change.js';
import type { PodTraffic } from '../traffic/path/pod-traffic.js';
import type { TrafficPath } from '../traffic/path/types.js';

export type { DiagnosisStatus, StageState };

/** One Pod's (or one workload's) verdict: the JSON contract `kdiag/v1` Diagnosis. */
export interface Diagnosis {
  apiVersion: 'kdiag/v1';
  kind: 'Diagnosis';
  /** The kubeconfig context the item was read from: only when one run read several clusters (`scan --context a --context b`). */
  cluster?: string;
  /** The Pod diagnosed; null for a workload-level diagnosis (e.g. a ReplicaSet that cannot create Pods). */
  pod: {
    namespace: string;
    name: string;
    node: string | null;
    phase: string | null;
    owner: { kind: string; name: string } | null;
    /** Sum of the containers' restart counts. */
    restarts: number;
    createdAt: string | null;
  } | null;
  /** The workload, for workload-level diagnoses (kdiag addition to the minimal contract). */
  workload?: { kind: string; namespace: string; name: string };
  status: DiagnosisStatus;
  stage: Stage | null;
  summary: string;
  stages: Array<{ stage: Stage; state: StageState }>;
  /** Who is responsible for `stage` and the commands that inspect it; null when healthy. */
  stageOwner?: StageOwner | null;
  findings: Finding[];
  /** Findings a suppression kept out of the verdict (`--ignore`, `kdiag.io/ignore`, `.kdiag.yaml`), with why; only when some. */
  suppressed?: SuppressedFinding[];
  /** A failing workload: its failing revision against the last one that worked (src/revisions). */
  change?: Change;
  notes: string[];
  /** The time ages were measured from (ISO): the capture time of the input the Pod was read from, or --now. */
  observedAt?: string;
  /** The traffic path (`kdiag pod svc/NAME`, `kdiag pod ingress/NAME`): its hops, the first broken one, and why. */
  traffic?: TrafficPath;
  /** A Pod's own diagnosis: the Services that select it and their paths in short (`kdiag pod NAME`). */
  podTraffic?: PodTraffic;
  /**
   * `kdiag pod`: the kinds whose whole list the input held for this namespace (an object missing from them
   * does not exist) and the kinds it held only some objects of (a missing one is unknown). Kinds in neither
   * were not read.
   */
  input?: InputCoverage;
}

/** Which kinds the input held whole and which only in part. */
export interface InputCoverage {
  complete: string[];
  partial: string[];
  /** Lists only: kinds held whole in some namespaces only (a dump of one namespace), with those namespaces. */
  completeIn?: Record<string, string[]>;
}

/** The diagnosis with what the input held for its namespace (`input`). */
export function withInput(d: Diagnosis, meta: SnapshotMeta): Diagnosis {
  const namespace = d.pod?.namespace ?? d.workload?.namespace;
  return { ...d, input: coverageFor(meta, namespace) };
}

/** What the whole input held: kinds complete everywhere, complete in some namespaces, and only partly held. */
export function listCoverage(meta: Pick<SnapshotMeta, 'seenKinds' | 'complete'>): InputCoverage {
  const complete: string[] = [];
  const partial: string[] = [];
  const completeIn: Record<string, string[]> = {};
  for (const kind of Object.keys(SNAPSHOT_KINDS) as SnapshotKind[]) {
    const c = meta.complete?.[kind];
    if (c?.all) complete.push(kind);
    else if (c?.namespaces?.length) completeIn[kind] = [...c.namespaces].sort();
    else if (meta.seenKinds.includes(kind)) partial.push(kind);
  }
  return { complete, partial, ...(Object.keys(completeIn).length > 0 ? { completeIn } : {}) };
}

export interface DiagnosisList {
  apiVersion: 'kdiag/v1';
  kind: 'DiagnosisList';
  items: Diagnosis[];
  /** Kinds kdiag could not read (forbidden, not served): what only they would show is unknown, not absent. Only when some. */
  unreadable?: Array<{ kind: string; reason: string }>;
  /** What could not be seen, for the whole list (also in each item's notes; here even when there are no items). Only when some. */
  notes?: string[];
  /** Each cluster a run over several contexts tried to read, in order, and why one could not be read. Only then. */
  clusters?: Array<{ name: string; read: boolean; reason?: string }>;
  /** Which kinds the input held whole (absence of an object is then evidence) and which only in part. */
  input?: InputCoverage;
}

/** `meta`: the snapshot's own visibility, so an empty list still says what it could not read. */
export function diagnosisList(
  items: Diagnosis[],
  meta?: { unreadable: ReadonlyArray<{ kind: string; reason: string }>; notes: readonly string[]; seenKinds?: SnapshotKind[]; complete?: SnapshotMeta['complete'] },
  input?: InputCoverage,
): DiagnosisList {
  const coverage = input ?? (meta?.seenKinds ? listCoverage({ seenKinds: meta.seenKinds, ...(meta.complete ? { complete: meta.complete } : {}) }) : undefined);
  return {
    apiVersion: 'kdiag/v1',
    kind: 'DiagnosisList',
    items,
    ...(meta && meta.unreadable.length > 0 ? { unreadable: meta.unreadable.map((u) => ({ kind: u.kind, reason: u.reason })) } : {}),
    ...(meta && meta.notes.length > 0 ? { notes: [...meta.notes] } : {}),
    ...(coverage ? { input: coverage } : {}),
  };
}
