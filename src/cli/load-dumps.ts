import type { Snapshot } from '../model/snapshot.js';
import { readDumps } from '../sources/dump.js';
import { warn } from './io.js';

/** Reads dumps and prints the reader's warnings on stderr. */
export function loadDumps(paths: readonly string[]): Snapshot {
  const { snapshot, warnings } = readDumps(paths);
  for (const w of warnings) warn(`kdiag: ${w}`);
  return snapshot;
}
