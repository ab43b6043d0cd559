import { diagnosisList, type Diagnosis } from '../engine/diagnosis.js';
import type { StreamedItem } from '../engine/pod-stream.js';
import type { SnapshotMeta } from '../model/snapshot.js';
import { renderJsonListChunks } from '../report/json.js';
import type { ReportOptions } from '../report/options.js';
import { renderList, type OutputFormat } from '../report/render.js';
import { renderScanText } from '../report/table.js';
import { writeReport, writeReportPiece } from './io.js';

/**
 * A DiagnosisList on stdout; JSON is written as it is rendered (a list of many Pods is never one string),
 * each piece after the reader has taken the ones before.
 */
export async function writeDiagnosisList(items: Diagnosis[], meta: SnapshotMeta, format: OutputFormat, report: ReportOptions): Promise<void> {
  if (format !== 'json') return writeReport(renderList(diagnosisList(items, meta), format, report));
  for (const chunk of renderJsonListChunks(diagnosisList([], meta), items)) await writeReportPiece(chunk);
}

/** A streamed scan's items: JSON made again and written one item at a time; the other formats need them all at once. */
export async function writeStreamedList(items: readonly StreamedItem[], meta: SnapshotMeta, format: OutputFormat, report: ReportOptions): Promise<void> {
  if (format === 'json') {
    for (const chunk of renderJsonListChunks(diagnosisList([], meta), each(items))) await writeReportPiece(chunk);
    return;
  }
  const all = items.map((i) => i.diagnosis());
  writeReport(format === 'text' ? renderScanText(all, meta.notes, report, meta.unreadable) : renderList(diagnosisList(all, meta), format, report));
}

function* each(items: readonly StreamedItem[]): Generator<Diagnosis> {
  for (const i of items) yield i.diagnosis();
}
