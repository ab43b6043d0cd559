import type { KObject } from '../../model/k8s.js';
import { listFor, SNAPSHOT_KINDS, type Snapshot, type SnapshotKind } from '../../model/snapshot.js';
import { SnapshotBuilder } from '../build-snapshot.js';
import { RESOURCES } from './resources.js';

/**
 * Applies one watch event to a Snapshot filled by lists, as an informer's cache does: the object is
 * normalised exactly as a listed one, replaces the one with its uid (or namespace/name), or is removed.
 * The kind's list is replaced by a new one, never changed in place: what the engine and the traffic path
 * remember per list (a namespace's Pods, a Node's usage) is keyed on the list, and a Pod changed in place
 * would leave a list of the same length that looks unchanged.
 */
export function applyWatchEvent(snapshot: Snapshot, kind: SnapshotKind, type: 'ADDED' | 'MODIFIED' | 'DELETED', object: Record<string, unknown>): void {
  const r = RESOURCES[kind];
  const wire = { ...object, kind, apiVersion: r.group ? `${r.group}/${r.version}` : r.version } as KObject;
  const uid = wire.metadata?.uid;
  const ns = wire.metadata?.namespace;
  const name = wire.metadata?.name;
  const list = listFor(snapshot, kind);
  const at = list.findIndex((o) => (uid !== undefined && o.metadata?.uid === uid) || (o.metadata?.namespace === ns && o.metadata?.name === name));
  if (type === 'DELETED') {
    if (at >= 0) replaceList(snapshot, kind, [...list.slice(0, at), ...list.slice(at + 1)]);
    return;
  }
  const builder = new SnapshotBuilder();
  builder.add(wire);
  const clean = listFor(builder.snapshot, kind)[0];
  if (!clean) return;
  const next = [...list];
  if (at >= 0) next[at] = clean;
  else next.push(clean);
  replaceList(snapshot, kind, next);
}

function replaceList(snapshot: Snapshot, kind: SnapshotKind, list: KObject[]): void {
  (snapshot as unknown as Record<string, KObject[]>)[SNAPSHOT_KINDS[kind]] = list;
}
