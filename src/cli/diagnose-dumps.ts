import type { DiagnoseFilter } from '../engine/diagnose-all.js';
import type { DiagnoseOptions } from '../engine/diagnose.js';
import { PodStream, type StreamedItem } from '../engine/pod-stream.js';
import { EventIndex } from '../model/events.js';
import type { Snapshot, SnapshotMeta } from '../model/snapshot.js';
import { readDumpsFileByFile, type DumpReadOptions } from '../sources/dump.js';

/** What `analyze` of a dump read file by file reports: the streamed items, and what the list says besides them. */
export interface FileByFileDiagnosis {
  items: StreamedItem[];
  snapshot: Snapshot;
  /** How many Pods the dump held (workloads are in `snapshot`). */
  pods: number;
  now: number;
  warnings: string[];
  problems: string[];
  /** The notes and unreadable kinds of the list, given its items. */
  listMeta(items: readonly StreamedItem[]): Pick<SnapshotMeta, 'unreadable' | 'notes'>;
}

/**
 * `diagnoseAll` over dumps too large to hold: every kind but Pods read first (Events indexed as compact
 * facts), then the files that held Pods read again one at a time, each file's Pods diagnosed as `scan`
 * diagnoses a page (only their skeletons and compact diagnoses kept). The same items, in the same order,
 * as the whole-snapshot path. `afterFile` runs after each file's Pods (the CLI's heap check).
 */
export function diagnoseDumpsFileByFile(paths: readonly string[], options: DiagnoseOptions, filter: DiagnoseFilter, read: Omit<DumpReadOptions, 'divert' | 'podFiles'> = {}, afterFile?: () => void): FileByFileDiagnosis {
  const dumps = readDumpsFileByFile(paths, read);
  const { snapshot } = dumps;
  const events = new EventIndex(snapshot.events);
  snapshot.events = [];
  const stream = new PodStream(snapshot, events, options, filter);
  dumps.readPods((pods) => {
    stream.add(pods);
    afterFile?.();
  });
  return {
    items: stream.finish(),
    snapshot,
    pods: dumps.pods,
    now: stream.now,
    warnings: dumps.warnings,
    problems: dumps.problems,
    listMeta: (items) => ({ unreadable: snapshot.meta.unreadable, notes: [...snapshot.meta.notes, ...(items.length > 0 ? stream.clockNotes() : [])] }),
  };
}
