import { diagnosisList, type Diagnosis } from '../engine/diagnosis.js';
import type { StreamedItem } from '../engine/pod-stream.js';
import type { SnapshotMeta } from '../model/snapshot.js';
import { renderJsonListChunks } from '../report/json.js';
import type { ReportOptions } from '../report/options.js';
import { localItems, localNotes, renderListChunks, type OutputFormat } from '../report/render.js';
import { renderScanText } from '../report/table.js';
import { renderYamlListChunks } from '../report/yaml.js';
import { writeReport, writeReportPiece } from './io.js';

/** Pieces are gathered up to this many characters before a write: one write per Pod would cost more than it renders. */
const PIECE = 1 << 16;

/**
 * Writes pieces of one report as they are rendered, each after the reader has taken the ones before, so a
 * report of many Pods is never one string nor a queue of them in memory.
 */
async function writePieces(pieces: Iterable<string>, format: OutputFormat): Promise<void> {
  // JSON's pieces come neutralised from their renderer (renderJsonListChunks): not scanned twice.
  const neutral = format === 'json';
  let pending = '';
  for (const piece of pieces) {
    pending += piece;
    if (pending.length >= PIECE) {
      await writeReportPiece(pending, undefined, neutral);
      pending = '';
    }
  }
  if (pending !== '') await writeReportPiece(pending, undefined, neutral);
}

/** A DiagnosisList on stdout, in every format written as it is rendered (a list of many Pods is never one string). */
export async function writeDiagnosisList(items: Diagnosis[], meta: SnapshotMeta, format: OutputFormat, report: ReportOptions): Promise<void> {
  await writePieces(renderListChunks(diagnosisList(items, meta), format, report), format);
}

/**
 * Streamed items (a scan, or `analyze` of a dump read file by file): JSON and YAML made again and written
 * one batch at a time; the text table and Markdown sort every item, so those need them all at once. Text is
 * the scan's table (`table`) or `analyze`'s table and details (`list`).
 */
export async function writeStreamedList(items: readonly StreamedItem[], meta: SnapshotMeta, format: OutputFormat, report: ReportOptions, text: 'table' | 'list' = 'table'): Promise<void> {
  if (format === 'json' || format === 'yaml') {
    const render = format === 'json' ? renderJsonListChunks : renderYamlListChunks;
    await writePieces(render(localNotes(diagnosisList([], meta), report.lang), localItems(each(items), report.lang)), format);
    return;
  }
  const all = items.map((i) => i.diagnosis());
  if (format === 'text' && text === 'table') writeReport(renderScanText(all, meta.notes, report, meta.unreadable));
  else await writePieces(renderListChunks(diagnosisList(all, meta), format, report), format);
}

function* each(items: readonly StreamedItem[]): Generator<Diagnosis> {
  for (const i of items) yield i.diagnosis();
}
