import type { CreatorRef } from '../messages/admission.js';
// A workload controller's CURRENT failure to create Pods (k8s-messages.md §8.1–8.2): the ReplicaSet
// `ReplicaFailure` condition, or a `FailedCreate` event newer than the last `SuccessfulCreate` while
// replicas are still missing. A failure followed by a success with every replica created is history.
import type { EventFact } from '../../model/events.js';
import type { WorkloadFacts } from '../../model/facts.js';
import type { KObject } from '../../model/k8s.js';
import type { Evidence } from '../types.js';
import { eventEvidence, latestEvent } from './events.js';
import { fieldEvidence } from './evidence.js';
import { parseTime } from './time.js';

export interface CreateFailure {
  /** The controller that tried: the Deployment's ReplicaSet, or the workload itself. */
  kind: string;
  name: string;
  object: KObject;
  /** The API server's error, without `Error creating: ` or the StatefulSet wrapper. */
  error: string;
  /** StatefulSet: the Pod it tried to create. */
  pod?: string;
  event?: EventFact;
  fromCondition: boolean;
  /** The status agrees (ReplicaFailure condition, or fewer replicas than wanted): high confidence. */
  confirmed: boolean;
  evidence: Evidence[];
  /** Epoch ms of the first failure seen. */
  since?: number;
}

const STS = /^create Pod (\S+) in StatefulSet (\S+) failed error: ([\s\S]*)$/i;

/** The API error inside a FailedCreate message. */
export function createError(message: string): { error: string; pod?: string } {
  const sts = STS.exec(message);
  if (sts) return { error: sts[3]!.trim(), pod: sts[1]! };
  return { error: message.replace(/^Error creating:\s*/, '').trim() };
}

const num = (v: unknown, dflt: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : dflt);

/** True when the controller still lacks Pods it wants; undefined when its status does not say. */
function missingPods(kind: string, o: KObject): boolean | undefined {
  const status = o.status;
  if (!status || typeof status !== 'object') return undefined;
  switch (kind) {
    case 'ReplicaSet':
    case 'StatefulSet':
      return num(o.spec?.replicas, 1) > num(status.replicas, 0);
    case 'DaemonSet':
      return num(status.desiredNumberScheduled, 0) > num(status.currentNumberScheduled, 0);
    case 'Job': {
      const conds = Array.isArray(status.conditions) ? status.conditions : [];
      if (conds.some((c: { type?: string; status?: string }) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True')) return false;
      return undefined;
    }
    default:
      return undefined;
  }
}

function failureOf(kind: string, object: KObject, events: readonly EventFact[], now: number): CreateFailure | undefined {
  const name = object.metadata?.name ?? '';
  const conds = Array.isArray(object.status?.conditions) ? object.status.conditions : [];
  const cond = conds.find((c: { type?: string; status?: string }) => c?.type === 'ReplicaFailure' && c.status === 'True') as { reason?: string; message?: string; lastTransitionTime?: string } | undefined;
  const failed = latestEvent(events, 'FailedCreate');
  const created = latestEvent(events, 'SuccessfulCreate');
  const evidence: Evidence[] = [];
  if (cond?.message) {
    const path = `${kind.toLowerCase()}/${name}.status.conditions[type=ReplicaFailure]`;
    evidence.push(fieldEvidence('workload', `${path}.reason`, cond.reason ?? ''), fieldEvidence('workload', `${path}.message`, cond.message));
    if (failed) evidence.push(eventEvidence(failed, now));
    const out: CreateFailure = { kind, name, object, ...createError(cond.message), fromCondition: true, confirmed: true, evidence };
    if (failed) out.event = failed;
    const since = failed?.firstSeen ?? parseTime(cond.lastTransitionTime);
    if (since !== undefined) out.since = since;
    return out;
  }
  if (!failed) return undefined;
  if (created && (created.lastSeen ?? 0) > (failed.lastSeen ?? 0)) return undefined;
  const missing = missingPods(kind, object);
  if (missing === false) return undefined;
  evidence.push(eventEvidence(failed, now));
  const out: CreateFailure = { kind, name, object, ...createError(failed.message), event: failed, fromCondition: false, confirmed: missing === true, evidence };
  if (failed.firstSeen !== undefined) out.since = failed.firstSeen;
  return out;
}

/** The workload's current Pod-creation failures (for a Deployment, from its ReplicaSets, newest first). */
export function currentCreateFailures(w: WorkloadFacts, now: number): CreateFailure[] {
  const controllers = w.kind === 'Deployment' ? w.replicaSets.map((rs) => ({ kind: 'ReplicaSet', object: rs.object, events: rs.events })) : [{ kind: w.kind, object: w.object, events: w.events }];
  return controllers.map((c) => failureOf(c.kind, c.object, c.events, now)).filter((f): f is CreateFailure => f !== undefined);
}

/** `Deployment "api" (ReplicaSet "api-7d9f")` or `StatefulSet "db"`, for messages. */
export function creatorOf(w: WorkloadFacts, f: CreateFailure): CreatorRef {
  return w.kind === f.kind && w.name === f.name ? { kind: w.kind, name: w.name } : { kind: w.kind, name: w.name, via: { kind: f.kind, name: f.name } };
}

/** `kubectl describe rs/api-7d9f -n shop`, for remediation. */
export function describeCommand(w: WorkloadFacts, f: CreateFailure): string {
  const short: Record<string, string> = { ReplicaSet: 'rs', StatefulSet: 'sts', DaemonSet: 'ds', Job: 'job' };
  return `kubectl describe ${short[f.kind] ?? f.kind.toLowerCase()}/${f.name} -n ${w.namespace}`;
}
