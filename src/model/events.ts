import type { KEvent, KObject } from './k8s.js';
import { parseTime } from './time.js';
import { compareText } from '../text/collate.js';

/** One event as the rules see it: merged across duplicates, times as epoch milliseconds. */
export interface EventFact {
  reason: string;
  message: string;
  type: string;
  count: number;
  firstSeen?: number;
  lastSeen?: number;
  source: string;
  fieldPath?: string;
  involved: { kind: string; namespace: string; name: string; uid?: string };
}

const CLUSTER_SCOPED = new Set(['Node', 'PersistentVolume', 'StorageClass', 'Namespace', 'IngressClass']);

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Reads core/v1 and events.k8s.io/v1 shapes alike: `count`, `series` and `eventTime` all count. */
export function toEventFact(e: KEvent): EventFact {
  const obj = e.involvedObject ?? e.regarding ?? {};
  const series = e.series && typeof e.series === 'object' ? e.series : undefined;
  const first = parseTime(e.firstTimestamp) ?? parseTime(e.deprecatedFirstTimestamp) ?? parseTime(e.eventTime) ?? parseTime(e.metadata?.creationTimestamp);
  const last =
    parseTime(series?.lastObservedTime) ??
    parseTime(e.lastTimestamp) ??
    parseTime(e.deprecatedLastTimestamp) ??
    parseTime(e.eventTime) ??
    first;
  const rawCount = typeof series?.count === 'number' ? series.count : typeof e.count === 'number' ? e.count : typeof e.deprecatedCount === 'number' ? e.deprecatedCount : 1;
  const source = str(e.source?.component) || str(e.reportingController) || str(e.reportingComponent) || str(e.deprecatedSource?.component);
  const fact: EventFact = {
    reason: str(e.reason),
    message: str(e.message) || str(e.note),
    type: str(e.type) || 'Normal',
    count: Number.isFinite(rawCount) && rawCount > 0 ? Math.floor(rawCount) : 1,
    source,
    involved: {
      kind: str(obj.kind),
      namespace: CLUSTER_SCOPED.has(str(obj.kind)) ? '' : str(obj.namespace) || str(e.metadata?.namespace),
      name: str(obj.name),
    },
  };
  if (first !== undefined) fact.firstSeen = first;
  if (last !== undefined) fact.lastSeen = last;
  if (str(obj.fieldPath)) fact.fieldPath = str(obj.fieldPath);
  if (str(obj.uid)) fact.involved.uid = str(obj.uid);
  return fact;
}

/**
 * The same fact with its repeated strings (kinds, namespaces, reasons, sources, names, UIDs) shared
 * through `intern`: a streamed scan keeps hundreds of thousands of facts, most of whose words repeat.
 */
export function internEventFact(e: EventFact, intern: (s: string) => string): EventFact {
  e.reason = intern(e.reason);
  e.type = intern(e.type);
  e.source = intern(e.source);
  if (e.fieldPath !== undefined) e.fieldPath = intern(e.fieldPath);
  const i = e.involved;
  i.kind = intern(i.kind);
  i.namespace = intern(i.namespace);
  i.name = intern(i.name);
  if (i.uid !== undefined) i.uid = intern(i.uid);
  return e;
}

/** Up to this many events of one object, repeats are found by comparing fields; past it, by a key per event. */
const FEW_EVENTS = 16;

const sameEvent = (a: EventFact, b: EventFact): boolean => a.reason === b.reason && a.message === b.message && a.source === b.source && (a.fieldPath ?? '') === (b.fieldPath ?? '');

/**
 * Merges repeats of one event (same reason, message, source and field) and sorts oldest first. An object
 * has a handful of events: they are compared field by field, without building (and hashing) a key string
 * that repeats each message; a Node with thousands is merged through a Map of keys.
 */
export function dedupeEvents(events: EventFact[]): EventFact[] {
  let merged: EventFact[];
  if (events.length <= FEW_EVENTS) {
    // An event with no repeat is returned as it is (facts are read-only); one that absorbs a repeat is
    // copied first, so the indexed facts never change.
    merged = [];
    let copied = 0; // bit i: merged[i] is a copy
    for (const e of events) {
      let at = merged.length - 1;
      while (at >= 0 && !sameEvent(merged[at]!, e)) at--;
      if (at < 0) {
        merged.push(e);
        continue;
      }
      if ((copied & (1 << at)) === 0) {
        merged[at] = { ...merged[at]!, involved: { ...merged[at]!.involved } };
        copied |= 1 << at;
      }
      mergeInto(merged[at]!, e);
    }
  } else {
    const byKey = new Map<string, EventFact>();
    for (const e of events) {
      const key = `${e.reason}\u0000${e.message}\u0000${e.source}\u0000${e.fieldPath ?? ''}`;
      const prior = byKey.get(key);
      if (prior) mergeInto(prior, e);
      else byKey.set(key, { ...e, involved: { ...e.involved } });
    }
    merged = [...byKey.values()];
  }
  if (merged.length > FEW_EVENTS) return merged.sort(oldestFirst);
  // A handful: sorted in place by insertion (stable, as sort is), with no work area to allocate.
  for (let i = 1; i < merged.length; i++) {
    const e = merged[i]!;
    let j = i - 1;
    while (j >= 0 && oldestFirst(merged[j]!, e) > 0) {
      merged[j + 1] = merged[j]!;
      j--;
    }
    merged[j + 1] = e;
  }
  return merged;
}

const oldestFirst = (a: EventFact, b: EventFact): number => (a.lastSeen ?? 0) - (b.lastSeen ?? 0) || compareText(a.reason, b.reason) || compareText(a.message, b.message);

function mergeInto(prior: EventFact, e: EventFact): void {
  prior.count += e.count;
  if (e.firstSeen !== undefined && (prior.firstSeen === undefined || e.firstSeen < prior.firstSeen)) prior.firstSeen = e.firstSeen;
  if (e.lastSeen !== undefined && (prior.lastSeen === undefined || e.lastSeen > prior.lastSeen)) prior.lastSeen = e.lastSeen;
}

/** Events indexed for joining to objects: by UID first, by kind/namespace/name when the event has no UID. */
export class EventIndex {
  private byUid = new Map<string, EventFact[]>();
  /**
   * Kind, then namespace, then name: the parts' own strings are the keys (no key string is built and hashed
   * per event and per lookup, and the nested maps hold no copies of the names).
   */
  private byName = new Map<string, Map<string, Map<string, EventFact[]>>>();
  /** Whether an event without a UID was ever added: until one is, an object with a UID needs no lookup by name. */
  private anyWithoutUid = false;

  constructor(events: Iterable<KEvent> = []) {
    for (const raw of events) this.add(toEventFact(raw));
  }

  /** Adds one event (a page of a streamed list is indexed as it arrives; the raw objects are not kept). */
  add(e: EventFact): void {
    const i = e.involved;
    if (i.uid) push(this.byUid, i.uid, e);
    else this.anyWithoutUid = true;
    let byNs = this.byName.get(i.kind);
    if (!byNs) this.byName.set(i.kind, (byNs = new Map()));
    let byObj = byNs.get(i.namespace);
    if (!byObj) byNs.set(i.namespace, (byObj = new Map()));
    push(byObj, i.name, e);
  }

  private named(kind: string, namespace: string, name: string): EventFact[] | undefined {
    return this.byName.get(kind)?.get(namespace)?.get(name);
  }

  /**
   * Rewrites the messages of the events about objects named `namespace/name` (any kind), in place: the
   * streamed path masks a Pod's own env values in its events when the Pod arrives, after its events.
   */
  rewriteMessages(namespace: string, name: string, rewrite: (message: string) => string): void {
    for (const byNs of this.byName.values()) {
      for (const e of byNs.get(namespace)?.get(name) ?? []) e.message = rewrite(e.message);
    }
  }

  /**
   * Drops the events of one object (by its UID) once nothing will ask for them again: a streamed scan
   * forgets each Pod's events as soon as the Pod is diagnosed, so the index shrinks as the Pods arrive.
   */
  forget(obj: KObject): void {
    const uid = str(obj.metadata?.uid);
    if (!uid) return;
    this.byUid.delete(uid);
    const kind = str(obj.kind);
    const byObj = this.byName.get(kind)?.get(CLUSTER_SCOPED.has(kind) ? '' : str(obj.metadata?.namespace));
    const name = str(obj.metadata?.name);
    const named = byObj?.get(name);
    if (!byObj || !named) return;
    const rest = named.filter((e) => e.involved.uid !== uid);
    if (rest.length === 0) byObj.delete(name);
    else byObj.set(name, rest);
  }

  /** Rewrites every event's message in place (the streamed path's redaction once the context is read). */
  rewriteAll(rewrite: (message: string) => string): void {
    for (const byNs of this.byName.values()) for (const byObj of byNs.values()) for (const list of byObj.values()) for (const e of list) e.message = rewrite(e.message);
  }

  /** This object's events, never another object's that had the same name (a recreated Pod has a new UID). */
  for(obj: KObject): EventFact[] {
    return this.of(str(obj.kind), obj);
  }

  /** `for` of an object of this kind (a Pod, a Node: the wire object need not carry its kind). */
  of(kind: string, obj: KObject): EventFact[] {
    const uid = str(obj.metadata?.uid);
    // The kubelet records Node events with the node's *name* as involvedObject.uid.
    const alias = kind === 'Node' ? str(obj.metadata?.name) : '';
    if (uid && !alias && !this.anyWithoutUid) return dedupeEvents(this.byUid.get(uid) ?? []);
    const namespace = CLUSTER_SCOPED.has(kind) ? '' : str(obj.metadata?.namespace);
    const named = this.named(kind, namespace, str(obj.metadata?.name)) ?? [];
    const found = uid || alias ? [...(this.byUid.get(uid) ?? []), ...(alias && alias !== uid ? (this.byUid.get(alias) ?? []) : []), ...named.filter((e) => !e.involved.uid)] : named;
    return dedupeEvents(found);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
