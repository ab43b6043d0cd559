import { CONTAINER_GROUPS } from '../model/containers.js';
import type { KObject } from '../model/k8s.js';
import type { Snapshot } from '../model/snapshot.js';
import { KnownValues, MIN_KNOWN_VALUE } from '../text/known-values.js';
import { REDACTED, redactMessage, redactText } from '../text/redact.js';

const SECRET_HEADER = /authorization|cookie|token|api-?key|secret|password/i;
const PROBES = ['livenessProbe', 'readinessProbe', 'startupProbe'] as const;
/** Kubernetes caps event messages at 1 KiB and termination messages at 4 KiB: longer free text is noise or an attack. */
export const MAX_MESSAGE = 16 * 1024;
/** A ConfigMap value that is one plain word ("production", "enabled") is configuration, not a secret. */
const PLAIN_WORD = /^[a-z]{8,15}$/;

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null;

/** The answer when there is nothing: one shared empty list, never written to. */
const NONE: readonly never[] = Object.freeze([]);

/** Every container of a Pod spec (init, app, ephemeral). */
function containers(spec: unknown): readonly Record<string, any>[] {
  if (!isObject(spec)) return NONE;
  let out: Array<Record<string, any>> | undefined;
  for (const { specKey } of CONTAINER_GROUPS) {
    const list: unknown = spec[specKey];
    if (!Array.isArray(list)) continue;
    for (const c of list) if (isObject(c)) (out ??= []).push(c);
  }
  return out ?? NONE;
}

/** The Pod specs an object carries: its own (a Pod), or its template's (workloads; a CronJob's Job template). */
function podSpecs(o: KObject): readonly unknown[] {
  // A ControllerRevision keeps its StatefulSet's or DaemonSet's template in data (a patch), with no spec.
  if (o.kind === 'ControllerRevision') return [(o.data as Record<string, any> | undefined)?.spec?.template?.spec].filter(isObject);
  const spec = o.spec as Record<string, any> | undefined;
  if (!isObject(spec)) return NONE;
  if (o.kind === 'Pod') return [spec];
  return [spec.template?.spec, spec.jobTemplate?.spec?.template?.spec].filter(isObject);
}

/** Every object of the Snapshot; `events: false` leaves the Events out (they have no status). */
const everyObject = (snapshot: Snapshot, events = true): KObject[] =>
  Object.entries(snapshot).flatMap(([key, list]) => (key !== 'logs' && key !== 'meta' && (events || key !== 'events') && Array.isArray(list) ? (list as KObject[]) : []));

/**
 * What kdiag has read and must not print: env values of every Pod and Pod template, the data of every
 * ConfigMap, and `secretValues` (Secret data from a dump, taken before the Secret's data was dropped).
 * Names (objects, namespaces, images) are exempt: a value equal to one is not what makes a message secret.
 * `more`: values will be added later (a streamed scan), so every name is kept exempt, not only the names
 * that equal a value given now.
 */
function knownValues(snapshot: Snapshot, secretValues: Iterable<string>, elsewhere?: ObjectWords, more = false): KnownValues {
  const words = elsewhere ?? new ObjectWords();
  for (const o of everyObject(snapshot)) words.add(o);
  const given: unknown[] = [...words.values];
  for (const cm of snapshot.configMaps as KObject[]) {
    const data = cm.data;
    if (isObject(data)) for (const v of Object.values(data)) if (typeof v === 'string' && !PLAIN_WORD.test(v.trim())) given.push(v);
  }
  for (const v of secretValues) given.push(v);
  const known = new KnownValues(more ? words.names : words.namesAmong(given));
  for (const v of given) known.add(v);
  return known;
}

/**
 * What an object adds to the known values: its names and images (exempt: names, not secrets) and its Pod
 * specs' env values. Gathered from objects that are not kept in the Snapshot (the Pods of a dump read file
 * by file), so their values are masked everywhere, as if they were.
 */
export class ObjectWords {
  /** Every name and image, kept in a list: a set of the tens of thousands a large dump holds costs more than the few values it is asked about. */
  readonly names: string[] = [];
  readonly values = new Set<unknown>();

  add(o: KObject): void {
    if (typeof o.metadata?.name === 'string') this.names.push(o.metadata.name);
    if (typeof o.metadata?.namespace === 'string') this.names.push(o.metadata.namespace);
    for (const spec of podSpecs(o)) {
      for (const c of containers(spec)) {
        if (typeof c.image === 'string') this.names.push(c.image);
        for (const e of Array.isArray(c.env) ? c.env : []) if (isObject(e)) this.values.add(e.value);
      }
    }
  }

  /** The names equal to one of `values` as KnownValues compares them (trimmed): the only names its exemption can match. */
  namesAmong(values: readonly unknown[]): Set<string> {
    // Only values KnownValues keeps can be exempted: none shorter than MIN_KNOWN_VALUE once trimmed.
    const wanted = new Set<string>();
    let shortest = Infinity;
    let longest = 0;
    for (const v of values) {
      if (typeof v !== 'string') continue;
      const t = v.trim();
      if (t.length < MIN_KNOWN_VALUE) continue;
      wanted.add(t);
      shortest = Math.min(shortest, t.length);
      longest = Math.max(longest, t.length);
    }
    const found = new Set<string>();
    if (wanted.size > 0) {
      for (const name of this.names) if (name.length >= shortest && name.length <= longest && wanted.has(name)) found.add(name);
    }
    return found;
  }
}

/** Masks credentials the spec carries outside env: probe and hook headers, exec commands of probes and hooks. */
function maskSpecCredentials(spec: unknown): void {
  for (const c of containers(spec)) {
    for (const p of PROBES) maskHandler(c[p]);
    if (isObject(c.lifecycle)) {
      maskHandler(c.lifecycle.postStart);
      maskHandler(c.lifecycle.preStop);
    }
  }
}

/** One probe's or hook's credentials: secret-looking headers, and credentials in its command. */
function maskHandler(h: unknown): void {
  if (!isObject(h)) return;
  for (const header of Array.isArray(h.httpGet?.httpHeaders) ? h.httpGet.httpHeaders : NONE) {
    if (isObject(header) && typeof header.value === 'string' && (SECRET_HEADER.test(String(header.name)) || redactText(header.value) !== header.value)) header.value = REDACTED;
  }
  if (isObject(h.exec) && Array.isArray(h.exec.command)) h.exec.command = h.exec.command.map((a: unknown) => (typeof a === 'string' ? redactText(a) : a));
}

/**
 * One message as the rules and every output may see it: credential patterns and known values masked, then
 * bounded. Masked before it is cut (a value across the cut is still masked); only twice the bound is scanned.
 */
function boundedMessage(text: string, known: KnownValues): string {
  const head = text.length > 2 * MAX_MESSAGE ? text.slice(0, 2 * MAX_MESSAGE) : text;
  const out = known.mask(redactMessage(head));
  return out.length <= MAX_MESSAGE ? out : `${out.slice(0, MAX_MESSAGE)}… [clipped by kdiag: ${text.length} characters in all]`;
}

/** Messages in an object's status: its own, its conditions', and (Pods) each container state's. */
function maskStatus(status: unknown, known: KnownValues): void {
  if (!isObject(status)) return;
  if (typeof status.message === 'string') status.message = boundedMessage(status.message, known);
  const conditions: unknown = status.conditions;
  if (Array.isArray(conditions)) for (const c of conditions) if (isObject(c) && typeof c.message === 'string') c.message = boundedMessage(c.message, known);
  for (const { statusKey } of CONTAINER_GROUPS) {
    const statuses: unknown = status[statusKey];
    if (!Array.isArray(statuses)) continue;
    for (const s of statuses) {
      if (!isObject(s)) continue;
      maskState(s.state, known);
      maskState(s.lastState, known);
    }
  }
}

/** A container state's messages (waiting, terminated). */
function maskState(state: unknown, known: KnownValues): void {
  if (!isObject(state)) return;
  const { waiting, terminated } = state;
  if (isObject(waiting) && typeof waiting.message === 'string') waiting.message = boundedMessage(waiting.message, known);
  if (isObject(terminated) && typeof terminated.message === 'string') terminated.message = boundedMessage(terminated.message, known);
}

/**
 * The same pass for a streamed scan, where Pods arrive page by page after their Events: the known values
 * are the context's (workload templates, ConfigMaps) and grow with each Pod's env values as it arrives.
 * A value of one Pod repeated in another Pod's messages is masked only when the template also holds it
 * or the other Pod arrives later; names of Pods not yet read are not exempt.
 */
export class StreamRedactor {
  private readonly known: KnownValues;

  constructor(context: Snapshot) {
    this.known = knownValues(context, [], undefined, true);
  }

  /** An Event's message (or note): patterns and known values masked, bounded. */
  message(text: string): string {
    return boundedMessage(text, this.known);
  }

  /** Masks a Pod in place; returns the mask to apply again to what was read before it when it added values. */
  pod(pod: KObject): ((text: string) => string) | undefined {
    const before = this.known.size;
    for (const c of containers(pod.spec)) for (const e of Array.isArray(c.env) ? c.env : []) if (isObject(e)) this.known.add(e.value);
    maskSpecCredentials(pod.spec);
    maskStatus(pod.status, this.known);
    return this.known.size > before ? (t) => this.known.mask(t) : undefined;
  }
}

/**
 * The redaction pass every Snapshot gets before anything reads it: credential patterns in free text
 * (status, condition and event messages of every kind, logs), credentials in probe/hook headers and
 * commands, and every value kdiag knows (env, ConfigMap data, a dump's Secret data) wherever messages,
 * events or logs repeat it. Messages are bounded to MAX_MESSAGE characters.
 */
export function redactSnapshot(snapshot: Snapshot, secretValues: Iterable<string> = [], elsewhere?: ObjectWords): KnownValues {
  const known = knownValues(snapshot, secretValues, elsewhere);
  for (const event of snapshot.events as Array<Record<string, unknown>>) {
    for (const field of ['message', 'note']) if (typeof event[field] === 'string') event[field] = boundedMessage(event[field] as string, known);
  }
  for (const o of everyObject(snapshot, false)) {
    for (const spec of podSpecs(o)) maskSpecCredentials(spec);
    maskStatus(o.status, known);
  }
  for (const [key, text] of Object.entries(snapshot.logs)) snapshot.logs[key] = known.mask(redactText(text));
  return known;
}

/** The same pass for one object read after its Snapshot was redacted (a dump's Pod read file by file), with that Snapshot's known values. */
export function redactObject(o: KObject, known: KnownValues): void {
  for (const spec of podSpecs(o)) maskSpecCredentials(spec);
  maskStatus(o.status, known);
}

/** Text read after the Snapshot was built (the gate's log reads): the same patterns and known values masked. */
export function redactLateText(snapshot: Snapshot, text: string): string {
  return knownValues(snapshot, []).mask(redactText(text));
}
