import type { KObject } from '../../model/k8s.js';
import { listFor, type Snapshot, type SnapshotKind } from '../../model/snapshot.js';
import { SnapshotBuilder } from '../build-snapshot.js';
import { RESOURCES } from './resources.js';

/**
 * Applies one watch event to a Snapshot filled by lists, as an informer's cache does: the object is
 * normalised exactly as a listed one, replaces the one with its uid (or namespace/name), or is removed.
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
    if (at >= 0) list.splice(at, 1);
    return;
  }
  const builder = new SnapshotBuilder();
  builder.add(wire);
  const clean = listFor(builder.snapshot, kind)[0];
  if (!clean) return;
  if (at >= 0) list[at] = clean;
  else list.push(clean);
}
