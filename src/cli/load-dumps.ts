import type { Snapshot } from '../model/snapshot.js';
import { readDumps } from '../sources/dump.js';
import { inputTiering } from './input-tiering.js';
import { EXIT } from './exit-codes.js';
import type { Lang } from '../i18n/lang.js';
import { warnNote } from './io.js';

export interface LoadedDumps {
  snapshot: Snapshot;
  /** The command's exit code given what was read: 2 (after the report) when part of a directory could not be. */
  exitCode(code: number): number;
}

/** Reads dumps and prints the reader's warnings, and one line per unreadable part, on stderr. */
export function loadDumps(paths: readonly string[], lang: Lang | undefined): LoadedDumps {
  const { snapshot, warnings, problems } = readDumps(paths, { onInput: inputTiering() });
  for (const w of warnings) warnNote(w, lang);
  for (const p of problems) warnNote(p, lang);
  // Like grep -r: the rest is reported, but a run that could not read all of its input never exits 0 or 1.
  return { snapshot, exitCode: (code) => (problems.length > 0 ? EXIT.usage : code) };
}
