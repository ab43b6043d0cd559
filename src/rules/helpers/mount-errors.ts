import type { EventFact } from '../../model/events.js';
import type { ClaimFacts, PodFacts } from '../../model/facts.js';
import type { KObject, Volume } from '../../model/k8s.js';
import { memoPod, memoPodAt } from './memo.js';
import { currentEvents } from '../../model/supersession.js';
import { awaitingSandbox, eventText } from './sandbox-errors.js';
import { minOf } from './numbers.js';
import type { VolumeRef } from '../messages/volume.js';

export type MountErrorKind =
  | 'missing-configmap'
  | 'missing-secret'
  | 'missing-configmap-key'
  | 'missing-secret-key'
  | 'not-registered'
  | 'cache-sync'
  | 'hostpath-type'
  | 'csi-driver-missing'
  | 'mount-command'
  | 'rpc'
  | 'other';

/** One `<Operation> failed for volume "<name>" : <err>` event (operation_executor.go; note the space before the colon). */
export interface MountFailure {
  event: EventFact;
  /** `MountVolume.SetUp`, `MountVolume.MountDevice`, `MapVolume.SetUpDevice`, … */
  operation: string;
  /** The volume as the kubelet names it: the Pod's volume name, or the PV name for PVC-backed volumes. */
  volume: string;
  error: string;
  kind: MountErrorKind;
  /** The ConfigMap / Secret / key / CSI driver / path the error names. */
  subject?: string;
  /** hostpath-type: what the path should be (`directory`, `file`, …); mount-command: the exit status. */
  detail?: string;
  /** mount-command: the `Output:` line of mount(8); rpc: the gRPC code. */
  output?: string;
}

const OPERATION = /^([A-Za-z]+\.[A-Za-z]+(?: [a-z]+)*) failed for volume "([^"]*)" ?: ([\s\S]*)$/;

/** Parses a FailedMount / FailedMapVolume event that names one volume; undefined for other shapes. */
export function parseMountFailure(event: EventFact): MountFailure | undefined {
  const m = OPERATION.exec(eventText(event));
  if (!m) return undefined;
  const error = m[3]!.trim();
  return { event, operation: m[1]!, volume: m[2]!, error, ...classifyMountError(error) };
}

/** Classifies the error part of a mount failure (k8s-messages.md §7.1). */
export function classifyMountError(error: string): Pick<MountFailure, 'kind' | 'subject' | 'detail' | 'output'> {
  let m: RegExpExecArray | null;
  if ((m = /\bconfigmap "([^"]+)" not found/.exec(error))) return { kind: 'missing-configmap', subject: m[1]! };
  if ((m = /\bsecret "([^"]+)" not found/.exec(error))) return { kind: 'missing-secret', subject: m[1]! };
  if ((m = /configmap references non-existent config key: (\S+)/.exec(error))) return { kind: 'missing-configmap-key', subject: m[1]! };
  if ((m = /references non-existent secret key: (\S+)/.exec(error))) return { kind: 'missing-secret-key', subject: m[1]! };
  if ((m = /object "([^"]*)"\/"([^"]*)" not registered/.exec(error))) return { kind: 'not-registered', subject: `${m[1]}/${m[2]}` };
  if ((m = /failed to sync (configmap|secret) cache/.exec(error))) return { kind: 'cache-sync', subject: m[1]! };
  // Long-standing: `hostPath type check failed: <path> is not a directory`; newer kubelets add
  // `, it's a <Type>`, say `hostPath <path> doesn't exist` for a missing path, or `… unable to determine its type`.
  if ((m = /hostPath type check failed[:,] (\S+) is not an? ([a-z ]+?)(?:,|$)/.exec(error))) return { kind: 'hostpath-type', subject: m[1]!, detail: m[2]! };
  if ((m = /^hostPath (\S+) doesn't exist/.exec(error))) return { kind: 'hostpath-type', subject: m[1]!, detail: 'missing' };
  if ((m = /driver name (\S+) not found in the list of registered CSI drivers/.exec(error))) return { kind: 'csi-driver-missing', subject: m[1]! };
  if ((m = /mount failed: exit status (\d+)/.exec(error))) {
    const output = /^Output: (.*)$/m.exec(error)?.[1]?.trim();
    return { kind: 'mount-command', detail: m[1]!, ...(output ? { output } : {}) };
  }
  if ((m = /rpc error: code = (\w+) desc = /.exec(error))) return { kind: 'rpc', output: m[1]! };
  return { kind: 'other' };
}

/** The pod-level summary `Unable to attach or mount volumes: unmounted volumes=[a b], …: <cause>`. */
export interface MountTimeout {
  event: EventFact;
  unmounted: string[];
  unattached: string[];
  failedToProcess: string[];
  /** `context deadline exceeded` (≥1.29) or `timed out waiting for the condition` (≤1.27). */
  cause: string;
}

export function parseMountTimeout(event: EventFact): MountTimeout | undefined {
  const text = eventText(event);
  if (event.reason !== 'FailedMount') return undefined;
  // kubelet.go + volume_manager.go since 1.19; before: "Unable to mount volumes for pod …: timeout expired …".
  if (!/^Unable to (attach or )?mount volumes/.test(text)) return undefined;
  const list = (name: string): string[] => {
    const m = new RegExp(`${name}=\\[([^\\]]*)\\]`).exec(text);
    return m ? m[1]!.split(/[\s,]+/).filter(Boolean) : [];
  };
  const cause = /\]:\s*([^\]]*)$/.exec(text)?.[1]?.trim() ?? '';
  return {
    event,
    unmounted: list('unmounted volumes'),
    unattached: list('unattached volumes'),
    failedToProcess: list('failed to process volumes'),
    cause,
  };
}

/** A `FailedAttachVolume` event from the attach/detach controller (§7.2). */
export interface AttachFailure {
  event: EventFact;
  kind: 'multi-attach' | 'attach';
  volume: string;
  error: string;
  /** multi-attach: the Pods already using the volume, when the controller names them. */
  usedBy?: string[];
  /** attach: the CSI driver whose external-attacher timed out, or the gRPC code. */
  driver?: string;
  code?: string;
}

export function parseAttachFailure(event: EventFact): AttachFailure | undefined {
  if (event.reason !== 'FailedAttachVolume') return undefined;
  const text = eventText(event);
  let m = /^Multi-Attach error for volume "([^"]*)" ([\s\S]*)$/.exec(text);
  if (m) {
    const out: AttachFailure = { event, kind: 'multi-attach', volume: m[1]!, error: m[2]!.trim() };
    const used = /used by pod\(s\) (.+?)(?: and \d+ pod\(s\) in different namespaces)?$/.exec(out.error);
    if (used) out.usedBy = used[1]!.split(/,\s*/).filter(Boolean);
    return out;
  }
  m = /^AttachVolume\.Attach failed for volume "([^"]*)" ?: ([\s\S]*)$/.exec(text);
  if (!m) return undefined;
  const out: AttachFailure = { event, kind: 'attach', volume: m[1]!, error: m[2]!.trim() };
  const attacher = /timed out waiting for external-attacher of (\S+) CSI driver/.exec(out.error);
  if (attacher) out.driver = attacher[1]!;
  const code = /rpc error: code = (\w+)/.exec(out.error);
  if (code) out.code = code[1]!;
  return out;
}

/** True while volume problems can still be what holds the Pod: waiting for its sandbox, not being deleted. */
export function volumesPending(pod: PodFacts): boolean {
  return pod.deletingSince === undefined && awaitingSandbox(pod);
}

/** Transient cache races count only while they recur: the kubelet retries a failing mount at least every ~2 minutes. */
export const TRANSIENT_RECUR_MS = 5 * 60_000;

/**
 * Mount failures that still hold the Pod: newer than any sign the kubelet got past mounting, and
 * not for a volume that a later `Unable to attach or mount volumes` summary no longer lists.
 */
export function currentMountFailures(pod: PodFacts, now: number): readonly MountFailure[] {
  if (!volumesPending(pod)) return [];
  return mountFailuresCached(pod, now);
}

const mountFailuresCached = memoPodAt((pod: PodFacts, now: number): readonly MountFailure[] => {
  const current = currentEvents(pod);
  const summaries = current.map(parseMountTimeout).filter((t): t is MountTimeout => t !== undefined);
  const summary = summaries[summaries.length - 1];
  const pending = summary ? new Set([...summary.unmounted, ...summary.unattached, ...summary.failedToProcess]) : undefined;
  return current
    .filter((e) => e.reason === 'FailedMount' || e.reason === 'FailedMapVolume')
    .map(parseMountFailure)
    .filter((f): f is MountFailure => f !== undefined)
    .filter((f) => {
      if (!summary || !pending || (summary.event.lastSeen ?? 0) <= (f.event.lastSeen ?? 0)) return true;
      const outer = podVolume(pod, f.volume).volume?.name ?? f.volume;
      return pending.has(outer) || pending.has(f.volume);
    })
    .filter((f) => !TRANSIENT_KINDS.has(f.kind) || f.event.lastSeen === undefined || now - f.event.lastSeen <= TRANSIENT_RECUR_MS);
});

/** Kubelet cache races that usually clear on the next retry. */
export const TRANSIENT_KINDS: ReadonlySet<MountErrorKind> = new Set(['not-registered', 'cache-sync']);

export function currentAttachFailures(pod: PodFacts): readonly AttachFailure[] {
  if (!volumesPending(pod)) return [];
  return attachFailuresCached(pod);
}

const attachFailuresCached = memoPod((pod: PodFacts): readonly AttachFailure[] => {
  // A later successful attach of the same volume (or anything after mounting) makes older failures history.
  return currentEvents(pod)
    .map(parseAttachFailure)
    .filter((f): f is AttachFailure => f !== undefined);
});

/** The latest failure per key (volume + kind), oldest first: one finding per stuck volume. */
export function latestPer<T extends { event: EventFact }>(items: readonly T[], key: (t: T) => string): T[] {
  const by = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    const prior = by.get(k);
    if (!prior || (item.event.lastSeen ?? 0) >= (prior.event.lastSeen ?? 0)) by.set(k, item);
  }
  return [...by.values()].sort((a, b) => (a.event.lastSeen ?? 0) - (b.event.lastSeen ?? 0));
}

/** The Pod's volume the kubelet means by `name` (its own name, or the PV behind one of its claims). */
export function podVolume(pod: PodFacts, name: string): { volume?: Volume; claim?: ClaimFacts } {
  const volumes = Array.isArray(pod.pod.spec?.volumes) ? pod.pod.spec.volumes : [];
  const direct = volumes.find((v) => v?.name === name);
  const claim = pod.claims.find((c) => c.volume === name || str(c.pv?.metadata?.name) === name || str(c.pvc?.spec?.volumeName) === name);
  const volume = direct ?? (claim ? volumes.find((v) => v?.name === claim.volume) : undefined);
  return { ...(volume ? { volume } : {}), ...(claim ? { claim } : {}) };
}

/** The volume `name` (a Pod volume or the PersistentVolume the kubelet named) as messages name it: its claim and PV too. */
export function volumeRef(pod: PodFacts, name: string): VolumeRef {
  const { volume, claim } = podVolume(pod, name);
  if (claim) return { volume: claim.volume, claim: claim.claimName, ...(claim.volume !== name ? { pv: name } : {}) };
  return { volume: volume?.name ?? name };
}

/**
 * Keys a ConfigMap holds (data and binaryData) or a Secret holds (the snapshot keeps only `dataKeys`);
 * undefined when they were not seen (a Secret read as metadata only, as kdiag reads them live).
 */
export function objectKeys(obj: KObject): string[] | undefined {
  if (obj.kind === 'Secret' && !Array.isArray(obj['dataKeys'])) return undefined;
  const keys = new Set<string>();
  for (const field of ['data', 'binaryData']) {
    const data = obj[field];
    if (data && typeof data === 'object') for (const k of Object.keys(data)) keys.add(k);
  }
  const dataKeys = obj['dataKeys'];
  if (Array.isArray(dataKeys)) for (const k of dataKeys) if (typeof k === 'string') keys.add(k);
  return [...keys].sort();
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

// ---- PersistentVolumeClaim provisioning (events on the claim, §7.3) ----

export type ProvisioningProblemKind = 'failed' | 'class-missing' | 'no-provisioner' | 'slow';

export interface ProvisioningProblem {
  kind: ProvisioningProblemKind;
  events: EventFact[];
  /** The external provisioner named by ExternalProvisioning, or the StorageClass. */
  provisioner?: string;
  storageClass?: string;
  /** The newest ProvisioningFailed text. */
  error?: string;
  since?: number;
}

export function pvcPhase(claim: ClaimFacts): string {
  return str(claim.pvc?.status?.phase);
}

/**
 * What is wrong with provisioning a Pending claim, if anything: a current ProvisioningFailed, or
 * ExternalProvisioning with no provisioner ever answering (`Provisioning` event) after `graceMs`.
 */
export function provisioningProblem(claim: ClaimFacts, now: number, graceMs: number, stuckMs: number): ProvisioningProblem | undefined {
  if (!claim.pvc || pvcPhase(claim) !== 'Pending') return undefined;
  const events = claim.events;
  const succeeded = latest(events.filter((e) => e.reason === 'ProvisioningSucceeded'));
  const after = (e: EventFact): boolean => !succeeded || (e.lastSeen ?? 0) > (succeeded.lastSeen ?? 0);
  const storageClass = str(claim.pvc.spec?.storageClassName) || undefined;
  const failed = events.filter((e) => e.reason === 'ProvisioningFailed' && after(e));
  const last = latest(failed);
  if (last) {
    const error = eventText(last);
    const kind: ProvisioningProblemKind = /storageclass\.storage\.k8s\.io "[^"]+" not found/.test(error) ? 'class-missing' : 'failed';
    return { kind, events: [last], error, ...(storageClass ? { storageClass } : {}), ...since(failed) };
  }
  const external = events.filter((e) => e.reason === 'ExternalProvisioning' && after(e));
  const lastExternal = latest(external);
  if (!lastExternal) return undefined;
  const provisioner = /external provisioner '([^']+)'/.exec(lastExternal.message)?.[1] ?? /external provisioner "([^"]+)"/.exec(lastExternal.message)?.[1];
  const started = events.filter((e) => e.reason === 'Provisioning' && after(e));
  const base = { ...(provisioner ? { provisioner } : {}), ...(storageClass ? { storageClass } : {}) };
  if (started.length === 0) {
    const s = since(external);
    if (s.since !== undefined && now - s.since > graceMs) return { kind: 'no-provisioner', events: [lastExternal], ...base, ...s };
    return undefined;
  }
  const s = since(started);
  if (s.since !== undefined && now - s.since > stuckMs) return { kind: 'slow', events: [latest(started)!, lastExternal], ...base, ...s };
  return undefined;
}

function latest(events: readonly EventFact[]): EventFact | undefined {
  return [...events].sort((a, b) => (a.lastSeen ?? 0) - (b.lastSeen ?? 0))[events.length - 1];
}

function since(events: readonly EventFact[]): { since?: number } {
  const times = events.map((e) => e.firstSeen ?? e.lastSeen).filter((t): t is number => t !== undefined);
  return times.length > 0 ? { since: minOf(times) } : {};
}
