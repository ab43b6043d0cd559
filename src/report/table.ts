import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import { STAGES } from '../model/stages.js';
import { formatAge, parseTime } from '../model/time.js';
import { messagesFor } from '../i18n/index.js';
import { alignColumns } from './columns.js';
import type { ReportOptions } from './options.js';
import { clip } from './sanitize.js';
import { paint } from './style.js';
import { causeOf } from './subject.js';

const STATUS_ORDER = { failing: 0, progressing: 1, healthy: 2 } as const;

/** Failing first, then progressing, then healthy; by namespace and name within each. */
export function sortForTable(items: readonly Diagnosis[]): Diagnosis[] {
  return [...items].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      name(a).localeCompare(name(b)),
  );
}

function name(d: Diagnosis): string {
  return d.pod ? `${d.pod.namespace}/${d.pod.name}` : d.workload ? `${d.workload.namespace}/${d.workload.kind.toLowerCase()}/${d.workload.name}` : '';
}

/** The scan table: pod, status, stage, cause, restarts, age; then one line per failing stage. */
export function renderSummaryTable(list: DiagnosisList, options: ReportOptions): string {
  const c = paint(options.color);
  const t = messagesFor(options.lang);
  const h = t.table.head;
  const rows: string[][] = [];
  for (const d of sortForTable(list.items)) {
    const word = t.status[d.status];
    const status = d.status === 'failing' ? c.red(word) : d.status === 'progressing' ? c.yellow(word) : c.green(word);
    const created = parseTime(d.pod?.createdAt);
    const now = parseTime(d.observedAt) ?? options.now; // each Pod's own input clock
    const age = created !== undefined && now !== undefined ? formatAge(now - created) : '-';
    rows.push([clip(name(d), 320), status, d.stage ? t.stage[d.stage] : '-', clip(causeOf(d, t), 70), d.pod ? String(d.pod.restarts) : '-', age]);
  }
  const lines = [alignColumns([h.name, h.status, h.stage, h.cause, h.restarts, h.age], rows, c).join('\n')];
  const counts = { failing: 0, progressing: 0, healthy: 0 };
  for (const d of list.items) counts[d.status]++;
  lines.push('', t.table.totals({ items: list.items.length, ...counts }));
  for (const stage of STAGES) {
    const stuck = list.items.filter((d) => d.status === 'failing' && d.stage === stage);
    if (stuck.length === 0) continue;
    const causes = new Map<string, number>();
    for (const d of stuck) causes.set(d.findings[0]?.rule ?? '?', (causes.get(d.findings[0]?.rule ?? '?') ?? 0) + 1);
    lines.push(`  ${t.table.stageLine({ stage, failing: stuck.length, causes: [...causes].map(([r, n]) => `${n} ${r}`).join(', ') })}`);
  }
  return lines.join('\n') + '\n';
}

/** The scan report: the table (or "No Pods found."), then what could not be seen. */
export function renderScanText(items: Diagnosis[], notes: readonly string[], options: ReportOptions): string {
  const t = messagesFor(options.lang);
  const body = items.length === 0 ? `${t.report.noPods}\n` : renderSummaryTable({ apiVersion: 'kdiag/v1', kind: 'DiagnosisList', items }, options);
  return notes.length === 0 ? body : `${body}\n${t.report.notes}\n${notes.map((n) => `  - ${clip(n, 1000)}`).join('\n')}\n`;
}
