import type { KObject } from '../model/k8s.js';
import { normalizeObject } from '../model/normalize.js';
import { CLUSTER_SCOPED_KINDS, clockKey, emptySnapshot, isSnapshotKind, listFor, markComplete, SNAPSHOT_KINDS, type KindCoverage, type Snapshot, type SnapshotKind, type SourceClock } from '../model/snapshot.js';
import { later, parseTime } from '../model/time.js';
import { CONTAINER_GROUPS } from '../model/containers.js';
import { clip, neutralize } from '../text/neutralize.js';
import { redactText } from '../text/redact.js';
import type { KnownValues } from '../text/known-values.js';
import { otherPolicyName } from './other-policies.js';
import { ObjectWords, redactSnapshot } from './redact-snapshot.js';

/**
 * Documents nested deeper than this are refused. Kubernetes objects are a few dozen levels deep at most;
 * deeper input is an attack or garbage, and recursive code (structuredClone, serialisers) would overflow
 * the stack on it.
 */
export const MAX_NESTING = 256;

/**
 * True when `value` is nested deeper than `limit` levels. Any input depth is safe to measure: the walk
 * recurses at most `limit` calls deep (a few hundred frames) and stops there. It allocates nothing per
 * array (it is run over every parsed document, tens of MB of objects): no [value, depth] pair per node.
 */
export function nestedDeeperThan(value: unknown, limit: number = MAX_NESTING): boolean {
  return value !== null && typeof value === 'object' && deeper(value, limit);
}

/**
 * Whether `v` (an object or array) holds an object `left` or more levels below it. An object's values are
 * walked with for…in, not Object.values (an array per object: 1.2-2.5x the time over a scan's Pods); parsed
 * documents inherit nothing enumerable, so both see the same values.
 */
function deeper(v: object, left: number): boolean {
  if (left <= 0) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const child: unknown = v[i];
      if (child !== null && typeof child === 'object' && deeper(child, left - 1)) return true;
    }
    return false;
  }
  const o = v as Record<string, unknown>;
  for (const key in o) {
    const child = o[key];
    if (child !== null && typeof child === 'object' && deeper(child, left - 1)) return true;
  }
  return false;
}

const LIST_KIND_TO_ITEM: Record<string, SnapshotKind> = Object.fromEntries(
  (Object.keys(SNAPSHOT_KINDS) as SnapshotKind[]).map((k) => [`${k}List`, k]),
);

/** Annotation a kdiag bundle carries on its List so "now" is the capture time, not the newest object. */
export const CAPTURED_AT_ANNOTATION = 'kdiag.io/captured-at';
/** The kinds a kdiag bundle looked at (comma-separated). */
export const SEEN_KINDS_ANNOTATION = 'kdiag.io/seen-kinds';
/** Where a kdiag bundle holds a kind's whole list: JSON of `SnapshotMeta.complete`. */
export const COMPLETE_KINDS_ANNOTATION = 'kdiag.io/complete-kinds';

/** A bundle's recorded completeness, kept to the shape it must have (the file may be hand-edited). */
function readCoverage(text: unknown): Array<[SnapshotKind, KindCoverage]> | undefined {
  if (typeof text !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);
  const out: Array<[SnapshotKind, KindCoverage]> = [];
  for (const [kind, c] of Object.entries(parsed)) {
    if (!isSnapshotKind(kind) || !c || typeof c !== 'object') continue;
    const r = c as Record<string, unknown>;
    const namespaces = strings(r['namespaces']);
    const names = strings(r['names']);
    out.push([kind, { ...(r['all'] === true ? { all: true as const } : {}), ...(namespaces ? { namespaces } : {}), ...(names ? { names } : {}) }]);
  }
  return out;
}

/** What one input says about its own capture time. */
interface InputClock {
  source: string;
  /** The file's modification time, or the wall clock for standard input. */
  fallback?: { at: number; basis: 'mtime' | 'wall' };
  declared?: number;
  newest?: number;
}

/**
 * Where a builder sends Pods instead of its Snapshot (a dump read file by file): `words` gathers what the
 * redaction needs of them (their names and env values) in the first pass, `pod` takes them, normalised,
 * with noise dropped and the first of each UID only, in the second. Every other kind is kept in the first
 * pass and ignored in the second.
 */
export interface PodDivert {
  pass: 'context' | 'pods';
  words?: ObjectWords;
  pod?: (pod: KObject) => void;
}

/** Fills a Snapshot from parsed objects; returns the kinds it skipped so the CLI can say so. */
export class SnapshotBuilder {
  readonly snapshot: Snapshot = emptySnapshot();
  readonly skipped = new Map<string, number>();
  private newest: number | undefined;
  private declaredCapture: number | undefined;
  /** One per input read (`beginInput`); objects added before any input have none. */
  private readonly inputs: InputClock[] = [];
  private readonly objectClock: Record<string, number> = {};
  /**
   * Objects read while the first input is the only one, not yet in `objectClock`: most runs read one input,
   * where every object's clock is that input's and a key per object (a string built and hashed: 3% of a
   * large List's `analyze`) tells nothing. Their entries are made when a second input begins; otherwise
   * `meta.defaultClock` names the input's clock. Undefined once every object gets its entry: after a
   * second input began, when Pods go elsewhere (`divert`), or when an object came before any input.
   */
  private firstInputObjects: KObject[] | undefined = [];
  private readonly seenUids = new Set<string>();
  /** A dump's Secret values, only to mask them where messages or logs repeat them; never in the Snapshot. */
  private readonly secretValues = new Set<string>();
  /** Objects, Lists and logs read: zero means the input held nothing kdiag reads. */
  accepted = 0;
  /** Pods sent to `divert` (none are in the Snapshot then). */
  diverted = 0;
  /** The known values the redaction used (finish), for objects redacted after it. */
  known: KnownValues | undefined;

  constructor(private readonly divert?: PodDivert) {}

  addSource(name: string): void {
    this.snapshot.meta.sources.push(name);
  }

  /**
   * Starts one input (a file, standard input): the objects added until the next call are judged against
   * its clock. `fallback` is its modification time (files) or the wall clock (stdin); a capture time the
   * input records wins over it.
   */
  beginInput(source: string, fallback?: { at: number; basis: 'mtime' | 'wall' }): void {
    this.inputs.push({ source, ...(fallback ? { fallback } : {}) });
    if (this.inputs.length > 1) this.keyFirstInput();
  }

  /** Adds an object; `markSeen: false` for a single GET, which says nothing about the rest of its kind. */
  add(value: unknown, options: { markSeen?: boolean } = {}, depth = 0): void {
    if (depth > 8) {
      this.skip('(List nested more than 8 levels deep)');
      return;
    }
    if (Array.isArray(value)) {
      // A bare array of objects (what `jq .items` prints) reads like a List.
      this.addList(value, undefined, options, depth);
      return;
    }
    if (!value || typeof value !== 'object') {
      this.skip('(not an object)');
      return;
    }
    const read = value as KObject;
    const kind = typeof read.kind === 'string' ? read.kind : '';
    if (Array.isArray(read.items) && (kind === 'List' || kind.endsWith('List') || kind === '')) {
      this.accepted++;
      // Calico's NetworkPolicyList is not a list of networking.k8s.io NetworkPolicies.
      const foreign = kind === 'NetworkPolicyList' && typeof read.apiVersion === 'string' && read.apiVersion.includes('/') && !read.apiVersion.startsWith('networking.k8s.io/');
      const itemKind = foreign ? undefined : LIST_KIND_TO_ITEM[kind];
      if (itemKind) this.markSeen(itemKind);
      // A kdiag bundle says itself which lists it holds whole; any other List is judged by its items.
      const recorded = this.readBundleAnnotations(read.metadata?.annotations);
      this.addList(read.items, itemKind, recorded ? { ...options, markSeen: false } : options, depth);
      return;
    }
    if (kind === 'ContainerLog' && read.apiVersion === 'kdiag/v1') {
      const log = read as KObject & { container?: unknown; text?: unknown };
      const part = (v: unknown): string => (typeof v === 'string' ? v : '');
      if (typeof log.text === 'string') this.addLog(`${part(read.metadata?.namespace)}/${part(read.metadata?.name)}/${part(log.container)}`, log.text);
      this.accepted++;
      return;
    }
    const other = otherPolicyName(read);
    if (other !== undefined) {
      // Named in every traffic verdict as present but not evaluated (the text is the dump's: clipped).
      const list = (this.snapshot.meta.otherPolicies ??= []);
      const shown = clip(other, 200).replace(/[\n\t]+/g, ' ');
      if (!list.includes(shown)) list.push(shown);
      this.accepted++;
      return;
    }
    if (!isSnapshotKind(kind)) {
      this.skip(kind || '(no kind)');
      return;
    }
    if (this.divert?.pass === 'pods' && kind !== 'Pod') return;
    const obj = normalizeObject(read); // from here on the fields kdiag reads have the types k8s.ts declares
    const uid = typeof obj.metadata?.uid === 'string' ? `${kind}/${obj.metadata.uid}` : undefined;
    if (uid && this.seenUids.has(uid)) return; // the same object in two files of one dump
    if (uid) this.seenUids.add(uid);
    if (kind === 'Secret') this.keepSecretValues(obj);
    const clean = kind === 'Secret' ? redactSecret(obj) : dropNoise(obj);
    if (this.divert && kind === 'Pod') {
      this.diverted++;
      this.divert.words?.add(clean);
      this.divert.pod?.(clean);
      if (this.divert.pass === 'pods') return; // the first pass counted it, timed it and noted its clock
    } else listFor(this.snapshot, kind).push(clean);
    this.accepted++;
    // One object outside any list (`kubectl get KIND NAME`): the kind is seen, its list not complete.
    if (options.markSeen !== false) this.markSeen(kind);
    this.noteTimes(clean);
    this.noteInput(clean);
  }

  /** Which input an object was read from (the first one read wins for the same kind, namespace and name). */
  private noteInput(obj: KObject): void {
    if (this.inputs.length === 0) {
      this.firstInputObjects = undefined; // it has no clock: every object read later is named with its own
      return;
    }
    if (this.firstInputObjects !== undefined && this.divert === undefined) {
      this.firstInputObjects.push(obj);
      return;
    }
    this.keyFirstInput();
    const key = clockKey(obj);
    if (!Object.hasOwn(this.objectClock, key)) this.objectClock[key] = this.inputs.length - 1;
  }

  /** Gives the first input's objects their entries: from here on each object is named with its own. */
  private keyFirstInput(): void {
    const objects = this.firstInputObjects;
    this.firstInputObjects = undefined;
    for (const obj of objects ?? []) {
      const key = clockKey(obj);
      if (!Object.hasOwn(this.objectClock, key)) this.objectClock[key] = 0;
    }
  }

  /**
   * The items of one list (a `kind: List`, a typed `PodList`, a bare array), and what the list says about
   * completeness: the output of one `kubectl get KINDS` holds each kind it lists whole, in its one namespace
   * (`-n NS`), or everywhere when its items span several namespaces (`-A`: one kubectl run has one scope);
   * a cluster-scoped kind's list is whole everywhere, and so is an empty typed list (`ServiceList` with no
   * items) whose namespace cannot be told. Each kind is complete only where the list holds it: a `kind:
   * List` with no Secrets says nothing about Secrets.
   */
  private addList(items: readonly unknown[], itemKind: SnapshotKind | undefined, options: { markSeen?: boolean }, depth: number): void {
    const kinds = new Set<SnapshotKind>();
    const namespaces = new Set<string>();
    if (itemKind) kinds.add(itemKind);
    for (const item of items) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
      const o = item as KObject;
      // PodList items carry no kind of their own in some client outputs.
      if (itemKind && !o.kind) o.kind = itemKind;
      if (!isSnapshotKind(o.kind)) continue;
      kinds.add(o.kind);
      const ns = o.metadata?.namespace;
      if (!CLUSTER_SCOPED_KINDS.has(o.kind) && typeof ns === 'string' && ns !== '') namespaces.add(ns);
    }
    for (const item of items) this.add(item, options, depth + 1);
    if (options.markSeen === false) return;
    const [only] = namespaces;
    for (const kind of kinds) markComplete(this.snapshot.meta, kind, namespaces.size === 1 && only !== undefined && !CLUSTER_SCOPED_KINDS.has(kind) ? { namespace: only } : 'all');
  }

  /** Marks a kind as looked at even when no object of it was found (an empty list is still an answer). */
  markSeen(kind: SnapshotKind): void {
    if (!this.snapshot.meta.seenKinds.includes(kind)) this.snapshot.meta.seenKinds.push(kind);
  }

  /** Records that the input holds the whole list of a kind in a namespace, everywhere, or for one name looked up. */
  markComplete(kind: SnapshotKind, scope: 'all' | { namespace: string } | { namespace: string; name: string }): void {
    markComplete(this.snapshot.meta, kind, scope);
  }

  /** Logs enter the Snapshot redacted and neutralised: whatever shows or saves them cannot leak a credential it recognises. */
  addLog(key: string, text: string): void {
    this.snapshot.logs[key] = redactText(neutralize(text));
  }

  finish(): Snapshot {
    this.known = redactSnapshot(this.snapshot, this.secretValues, this.divert?.words);
    this.secretValues.clear();
    if (this.inputs.length > 0) {
      const clocks = this.inputs.map(inputClock).filter((c): c is SourceClock => c !== undefined);
      // An input that yields no clock (nothing timed in it) cannot be pointed at: drop its objects' entries.
      const index = this.inputs.map((i) => clocks.findIndex((c) => c.source === i.source));
      // Every input has its clock at its own place (one file, nearly always): every entry stays as it is.
      const unchanged = index.every((at, i) => at === i);
      if (!unchanged) for (const [key, i] of Object.entries(this.objectClock)) {
        const at = index[i] ?? -1;
        if (at < 0) delete this.objectClock[key];
        else this.objectClock[key] = at;
      }
      this.snapshot.meta.clocks = clocks;
      if (this.firstInputObjects === undefined) this.snapshot.meta.objectClock = this.objectClock;
      else if (index[0]! >= 0) this.snapshot.meta.defaultClock = index[0]!;
      this.firstInputObjects = undefined;
      const latest = Math.max(...clocks.map((c) => Date.parse(c.at)));
      if (clocks.length > 0) this.snapshot.meta.capturedAt = new Date(latest).toISOString();
      return this.snapshot;
    }
    const captured = this.declaredCapture ?? this.newest;
    if (captured !== undefined) this.snapshot.meta.capturedAt = new Date(captured).toISOString();
    return this.snapshot;
  }

  /**
   * A kdiag bundle's List carries its capture time, what was looked at, and what could not be seen; true
   * when it records which lists it holds whole (then its items say nothing more about completeness).
   */
  private readBundleAnnotations(annotations: Record<string, string> | undefined): boolean {
    if (!annotations || typeof annotations !== 'object') return false;
    const captured = parseTime(annotations[CAPTURED_AT_ANNOTATION]);
    if (captured !== undefined) {
      this.declaredCapture = Math.max(this.declaredCapture ?? 0, captured);
      const input = this.inputs.at(-1);
      if (input) input.declared = Math.max(input.declared ?? 0, captured);
    }
    const seen = annotations[SEEN_KINDS_ANNOTATION];
    const complete = readCoverage(annotations[COMPLETE_KINDS_ANNOTATION]);
    if (typeof seen === 'string') {
      for (const k of seen.split(',')) {
        if (!isSnapshotKind(k)) continue;
        this.markSeen(k);
        // A bundle from before completeness was recorded: what it looked at, it listed.
        if (!complete) this.markComplete(k, 'all');
      }
    }
    if (complete) {
      for (const [kind, c] of complete) {
        if (c.all) this.markComplete(kind, 'all');
        for (const ns of c.namespaces ?? []) this.markComplete(kind, { namespace: ns });
        for (const key of c.names ?? []) {
          const at = key.indexOf('/');
          if (at >= 0) this.markComplete(kind, { namespace: key.slice(0, at), name: key.slice(at + 1) });
        }
      }
    }
    const notes = annotations['kdiag.io/notes'];
    if (typeof notes === 'string') {
      try {
        const parsed: unknown = JSON.parse(notes);
        if (Array.isArray(parsed)) for (const n of parsed) if (typeof n === 'string' && !this.snapshot.meta.notes.includes(n)) this.snapshot.meta.notes.push(n);
      } catch {
        // a hand-edited bundle: the notes are only informative
      }
    }
    return typeof seen === 'string' || complete !== undefined;
  }

  /** Both forms a Secret value can be echoed in: `data` decoded (and as stored, base64), `stringData` as is. */
  private keepSecretValues(obj: KObject): void {
    const add = (v: unknown): void => {
      if (typeof v === 'string' && v.length <= 1 << 20) this.secretValues.add(v);
    };
    const data = obj['data'];
    if (data && typeof data === 'object') {
      for (const v of Object.values(data)) {
        if (typeof v !== 'string') continue;
        add(v);
        const decoded = Buffer.from(v, 'base64').toString('utf8');
        if (!decoded.includes('\uFFFD')) add(decoded);
      }
    }
    const stringData = obj['stringData'];
    if (stringData && typeof stringData === 'object') for (const v of Object.values(stringData)) add(v);
  }

  private skip(kind: string): void {
    // The kind is the dump's text: it reaches the terminal in a warning, so it is neutralised and clipped.
    const shown = clip(kind, 80).replace(/[\n\t]+/g, ' ');
    this.skipped.set(shown, (this.skipped.get(shown) ?? 0) + 1);
  }

  private noteTimes(obj: KObject): void {
    const t = newestTime(obj);
    if (t === undefined) return;
    if (this.newest === undefined || t > this.newest) this.newest = t;
    const input = this.inputs.at(-1);
    if (input && (input.newest === undefined || t > input.newest)) input.newest = t;
  }
}

/** The later of a time and a field's time (undefined when neither is one). */
const laterThan = (t: number | undefined, v: unknown): number | undefined => later(t, parseTime(v));

/** The newest of the times an object records about itself (its creation, deletion, events, conditions, containers). */
function newestTime(obj: KObject): number | undefined {
  const e = obj as Record<string, any>;
  let t = laterThan(undefined, obj.metadata?.creationTimestamp);
  t = laterThan(t, obj.metadata?.deletionTimestamp);
  t = laterThan(t, e.lastTimestamp);
  t = laterThan(t, e.eventTime);
  t = laterThan(t, e.series?.lastObservedTime);
  const status = obj.status;
  if (!status || typeof status !== 'object') return t;
  t = laterThan(t, status.startTime);
  if (Array.isArray(status.conditions)) {
    for (const c of status.conditions) {
      t = laterThan(t, c?.lastTransitionTime);
      t = laterThan(t, c?.lastHeartbeatTime);
      t = laterThan(t, c?.lastProbeTime);
      t = laterThan(t, c?.lastUpdateTime);
    }
  }
  for (const { statusKey } of CONTAINER_GROUPS) {
    const list: unknown = status[statusKey];
    if (!Array.isArray(list)) continue;
    for (const s of list) {
      t = laterThan(t, s?.state?.running?.startedAt);
      t = laterThan(t, s?.state?.terminated?.finishedAt);
      t = laterThan(t, s?.lastState?.terminated?.finishedAt);
    }
  }
  return t;
}

/**
 * One input's clock: its recorded capture time; else its modification time (or the wall clock for stdin),
 * unless objects in it are newer than that (a copied file, a skewed clock): then its newest timestamp.
 */
function inputClock(input: InputClock): SourceClock | undefined {
  const iso = (ms: number): string => new Date(ms).toISOString();
  if (input.declared !== undefined) return { source: input.source, at: iso(input.declared), basis: 'recorded' };
  const { fallback, newest } = input;
  if (fallback && (newest === undefined || newest <= fallback.at)) return { source: input.source, at: iso(fallback.at), basis: fallback.basis };
  if (newest === undefined) return undefined;
  return { source: input.source, at: iso(newest), basis: 'newest', ...(fallback ? { rejectedMtime: iso(fallback.at) } : {}) };
}

/** An object as the builder keeps it (normalised, noise and Secret values dropped), for a streamed list that is not kept in a Snapshot. */
export function prepareObject(read: KObject): KObject {
  const obj = normalizeObject(read);
  return obj.kind === 'Secret' ? redactSecret(obj) : dropNoise(obj);
}

/** Secret values never enter a Snapshot: only the key names survive (rules check "key missing"). */
function redactSecret(obj: KObject): KObject {
  const keys = new Set<string>();
  for (const field of ['data', 'stringData']) {
    const data = obj[field];
    if (data && typeof data === 'object') for (const k of Object.keys(data)) keys.add(k);
  }
  // A Secret read as metadata only (live: kdiag never fetches Secret data) has no data field: its keys are unknown, not none.
  const known = ['data', 'stringData'].some((f) => obj[f] && typeof obj[f] === 'object') || Array.isArray(obj['dataKeys']);
  if (Array.isArray(obj['dataKeys'])) for (const k of obj['dataKeys'] as unknown[]) if (typeof k === 'string') keys.add(k);
  const { data: _data, stringData: _stringData, dataKeys: _dataKeys, ...rest } = obj;
  const metadata = rest.metadata ? stripMetadata(rest.metadata) : undefined;
  return { ...rest, ...(metadata ? { metadata } : {}), ...(known ? { dataKeys: [...keys].sort() } : {}) };
}

function dropNoise(obj: KObject): KObject {
  const meta = obj.metadata as { annotations?: unknown } | undefined;
  const lastApplied = Boolean(meta && typeof meta.annotations === 'object' && meta.annotations !== null && 'kubectl.kubernetes.io/last-applied-configuration' in meta.annotations);
  // last-applied-configuration holds the whole applied object (env values, ConfigMap data): always dropped.
  if (!meta || typeof meta !== 'object' || (!('managedFields' in meta) && !lastApplied)) return obj;
  return { ...obj, metadata: stripMetadata(obj.metadata!) };
}

function stripMetadata(meta: NonNullable<KObject['metadata']>): NonNullable<KObject['metadata']> {
  const { managedFields: _m, ...rest } = meta as Record<string, unknown>;
  const annotations = rest.annotations as Record<string, string> | undefined;
  if (annotations && typeof annotations === 'object' && 'kubectl.kubernetes.io/last-applied-configuration' in annotations) {
    const { 'kubectl.kubernetes.io/last-applied-configuration': _l, ...kept } = annotations;
    rest.annotations = kept;
  }
  return rest as NonNullable<KObject['metadata']>;
}
