import { diagnosisList, type Diagnosis } from '../engine/diagnosis.js';
import type { StreamedItem } from '../engine/pod-stream.js';
import { renderJsonListChunks } from '../report/json.js';
import type { ReportOptions } from '../report/options.js';
import { renderList, type OutputFormat } from '../report/render.js';
import { renderScanText } from '../report/table.js';
import { writeReport } from './io.js';

/** A DiagnosisList on stdout; JSON is written as it is rendered (a list of many Pods is never one string). */
export function writeDiagnosisList(items: readonly Diagnosis[], format: OutputFormat, report: ReportOptions): void {
  if (format !== 'json') return writeReport(renderList(diagnosisList([...items]), format, report));
  for (const chunk of renderJsonListChunks(items)) writeReport(chunk);
}

/** A streamed scan's items: JSON rebuilt and written one item at a time; the other formats need them all at once. */
export function writeStreamedList(items: readonly StreamedItem[], format: OutputFormat, notes: string[], report: ReportOptions): void {
  if (format === 'json') {
    for (const chunk of renderJsonListChunks(each(items))) writeReport(chunk);
    return;
  }
  const all = items.map((i) => i.diagnosis());
  writeReport(format === 'text' ? renderScanText(all, notes, report) : renderList(diagnosisList(all), format, report));
}

function* each(items: readonly StreamedItem[]): Generator<Diagnosis> {
  for (const i of items) yield i.diagnosis();
}
