import type { KObject } from '../model/k8s.js';
import type { Snapshot } from '../model/snapshot.js';
import { REDACTED, redactMessage, redactText } from '../text/redact.js';

/** Shorter env values ("true", "8080", "info") are words, not secrets: masking them would garble messages. */
const MIN_KNOWN_VALUE = 8;
const SECRET_HEADER = /authorization|cookie|token|api-?key|secret|password/i;
const PROBES = ['livenessProbe', 'readinessProbe', 'startupProbe'] as const;

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null;

function maskKnown(text: string, known: readonly string[], redact: (t: string) => string = redactMessage): string {
  let out = redact(text);
  for (const v of known) if (out.includes(v)) out = out.split(v).join(REDACTED);
  return out;
}

/** Every container of a Pod spec (init, app, ephemeral). */
function containers(spec: unknown): Array<Record<string, any>> {
  if (!isObject(spec)) return [];
  return ['initContainers', 'containers', 'ephemeralContainers'].flatMap((g) => (Array.isArray(spec[g]) ? spec[g] : [])).filter(isObject);
}

/** The env values a Pod's spec holds: if the app echoes one into a message, kdiag knows to mask it. */
function knownValues(pod: KObject): string[] {
  const values = new Set<string>();
  for (const c of containers(pod.spec)) for (const e of Array.isArray(c.env) ? c.env : []) if (isObject(e) && typeof e.value === 'string' && e.value.length >= MIN_KNOWN_VALUE) values.add(e.value);
  return [...values].sort((a, b) => b.length - a.length);
}

/** Masks credentials the spec carries outside env: probe and hook headers, exec commands of probes and hooks. */
function maskSpecCredentials(spec: unknown): void {
  for (const c of containers(spec)) {
    const handlers = [...PROBES.map((p) => c[p]), c.lifecycle?.postStart, c.lifecycle?.preStop].filter(isObject);
    for (const h of handlers) {
      for (const header of Array.isArray(h.httpGet?.httpHeaders) ? h.httpGet.httpHeaders : []) {
        if (isObject(header) && typeof header.value === 'string' && (SECRET_HEADER.test(String(header.name)) || redactText(header.value) !== header.value)) header.value = REDACTED;
      }
      if (isObject(h.exec) && Array.isArray(h.exec.command)) h.exec.command = h.exec.command.map((a: unknown) => (typeof a === 'string' ? redactText(a) : a));
    }
  }
}

function maskPodStatus(status: unknown, known: readonly string[]): void {
  if (!isObject(status)) return;
  if (typeof status.message === 'string') status.message = maskKnown(status.message, known);
  for (const c of Array.isArray(status.conditions) ? status.conditions : []) if (isObject(c) && typeof c.message === 'string') c.message = maskKnown(c.message, known);
  for (const group of ['initContainerStatuses', 'containerStatuses', 'ephemeralContainerStatuses']) {
    for (const s of Array.isArray(status[group]) ? status[group] : []) {
      if (!isObject(s)) continue;
      for (const state of [s.state, s.lastState]) {
        if (!isObject(state)) continue;
        for (const phase of [state.waiting, state.terminated]) if (isObject(phase) && typeof phase.message === 'string') phase.message = maskKnown(phase.message, known);
      }
    }
  }
}

/**
 * The same pass for one Pod of a streamed list (its Events already indexed with `redactMessage` applied):
 * masks the Pod in place and returns its env values, which its Events' messages must have masked too.
 */
export function redactPod(pod: KObject): string[] {
  const known = knownValues(pod);
  maskSpecCredentials(pod.spec);
  maskPodStatus(pod.status, known);
  return known;
}

/** Masks known values only (the credential patterns were masked already). */
export function maskValues(text: string, known: readonly string[]): string {
  return maskKnown(text, known, (t) => t);
}

/**
 * The redaction pass every Snapshot gets before anything reads it: credential patterns in free text
 * (status, condition and event messages, logs), credentials in probe/hook headers and commands, and
 * each Pod's own env values wherever its messages, events or logs repeat them.
 */
export function redactSnapshot(snapshot: Snapshot): void {
  const knownByPod = new Map<string, string[]>();
  for (const pod of snapshot.pods as KObject[]) {
    const known = knownValues(pod);
    const key = `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
    if (known.length > 0) knownByPod.set(key, known);
    maskSpecCredentials(pod.spec);
    maskPodStatus(pod.status, known);
  }
  for (const event of snapshot.events as KObject[]) {
    const involved = (event.involvedObject ?? event.regarding) as { namespace?: string; name?: string } | undefined;
    const known = knownByPod.get(`${involved?.namespace ?? event.metadata?.namespace ?? ''}/${involved?.name ?? ''}`) ?? [];
    for (const field of ['message', 'note']) if (typeof event[field] === 'string') event[field] = maskKnown(event[field] as string, known);
  }
  for (const [key, text] of Object.entries(snapshot.logs)) {
    const [namespace, pod] = key.split('/');
    snapshot.logs[key] = maskKnown(text, knownByPod.get(`${namespace}/${pod}`) ?? [], redactText);
  }
}
