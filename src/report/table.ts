import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import { STAGES } from '../model/stages.js';
import { formatAge, parseTime } from '../model/time.js';
import type { Cell } from './columns.js';
import { fitTable } from './fit-table.js';
import { messagesFor, type Messages } from '../i18n/index.js';
import type { ReportOptions } from './options.js';
import { clip, clipIn } from './sanitize.js';
import { paint } from './style.js';
import { causeOf } from './subject.js';
import { wrap } from './width.js';
import { compareText } from '../text/collate.js';
import { suppressedLines } from './suppressed.js';
import { wrapProse } from './prose.js';

const STATUS_ORDER = { failing: 0, progressing: 1, healthy: 2 } as const;

/** Failing first, then progressing, then healthy; by namespace and name within each. */
export function sortForTable(items: readonly Diagnosis[]): Diagnosis[] {
  // Each item's rank and name are made once, not twice per comparison (a sort of n items compares n·log n times).
  const keyed = items.map((d) => ({ d, rank: STATUS_ORDER[d.status], name: name(d) }));
  keyed.sort((a, b) => a.rank - b.rank || compareText(a.name, b.name));
  return keyed.map((k) => k.d);
}

function namespaceOf(d: Diagnosis): string {
  return d.pod?.namespace ?? d.workload?.namespace ?? '';
}

/** The Pod's name, or `deployment/web` for a workload's own row. */
function shortName(d: Diagnosis): string {
  return d.pod ? d.pod.name : d.workload ? `${d.workload.kind.toLowerCase()}/${d.workload.name}` : '';
}

/** `-o name`, as kubectl prints it: pod/NAME, deployment/NAME. */
function kindName(d: Diagnosis): string {
  return d.pod ? `pod/${d.pod.name}` : d.workload ? `${d.workload.kind.toLowerCase()}/${d.workload.name}` : '';
}

function name(d: Diagnosis): string {
  return (d.cluster !== undefined ? `${d.cluster}/` : '') + (d.pod ? `${d.pod.namespace}/${d.pod.name}` : d.workload ? `${d.workload.namespace}/${d.workload.kind.toLowerCase()}/${d.workload.name}` : '');
}

/** The scan table like `kubectl get`: NAME STATUS STAGE RESTARTS AGE CAUSE (CAUSE last, cut to the width); `sorted`: the items as sortForTable orders them, when the caller has them. */
export function renderSummaryTable(list: DiagnosisList, options: ReportOptions, sorted: readonly Diagnosis[] = sortForTable(list.items)): string {
  if (options.names) return sorted.map((d) => `${kindName(d)}\n`).join('');
  const c = paint(options.color);
  const t = messagesFor(options.lang);
  const h = t.table.head;
  // Like `kubectl get -A`: a NAMESPACE column only when the rows span namespaces.
  const spans = new Set(sorted.map(namespaceOf)).size > 1;
  // A run over several clusters: a CLUSTER column first (only then do items carry one).
  const clusters = sorted.some((d) => d.cluster !== undefined);
  const head = [...(clusters ? [h.cluster] : []), ...(spans ? [h.namespace] : []), h.name, h.status, h.stage, h.restarts, h.age, ...(options.wide ? [h.node, h.rule] : []), h.cause];
  const rows: Cell[][] = [];
  for (const d of sorted) {
    const status: Cell = { text: t.status[d.status], paint: d.status === 'failing' ? c.red : d.status === 'progressing' ? c.yellow : c.green };
    const created = parseTime(d.pod?.createdAt);
    const now = parseTime(d.observedAt) ?? options.now; // each Pod's own input clock
    const age = created !== undefined && now !== undefined ? formatAge(now - created) : '-';
    const wide: Cell[] = options.wide ? [{ text: clip(d.pod?.node ?? '', 320) || '-' }, { text: d.findings[0]?.rule ?? '-' }] : [];
    const nsCell: Cell[] = spans ? [{ text: clip(namespaceOf(d), 320) }] : [];
    const clusterCell: Cell[] = clusters ? [{ text: clip(d.cluster ?? '', 320) }] : [];
    rows.push([...clusterCell, ...nsCell, { text: clip(shortName(d), 320) }, status, { text: d.stage ? t.stage[d.stage] : '-' }, { text: d.pod ? String(d.pod.restarts) : '-' }, { text: age }, ...wide, { text: clipIn(t, causeOf(d, t), 1000) }]);
  }
  // Nothing is cut: at a narrow terminal CAUSE goes under its row, then RESTARTS, AGE and STAGE are left out,
  // then STATUS joins CAUSE under the row.
  const at = (h: string): number => head.indexOf(h);
  const drop = [...(options.wide ? [at(h.rule), at(h.node)] : []), at(h.restarts), at(h.age), at(h.stage)];
  const table = fitTable(head, rows, { ...(options.width !== undefined ? { width: options.width } : {}), under: head.length - 1, drop, lastUnder: at(h.status), ...(options.noHeaders ? { noHeaders: true } : {}) });
  if (options.noHeaders) return table.map((l) => `${l}\n`).join('');
  const lines = [(options.color ? [c.bold(table[0] ?? ''), ...table.slice(1)] : table).join('\n')];
  const counts = { failing: 0, progressing: 0, healthy: 0 };
  for (const d of list.items) counts[d.status]++;
  lines.push('', t.table.totals({ items: list.items.length, ...counts }));
  for (const stage of STAGES) {
    const stuck = list.items.filter((d) => d.status === 'failing' && d.stage === stage);
    if (stuck.length === 0) continue;
    const causes = new Map<string, number>();
    for (const d of stuck) causes.set(d.findings[0]?.rule ?? '?', (causes.get(d.findings[0]?.rule ?? '?') ?? 0) + 1);
    // A count stays on the row of the rule it counts (a no-break space while wrapping).
    const line = t.table.stageLine({ stage, failing: stuck.length, causes: [...causes].map(([r, n]) => `${n}\u00a0${r}`).join(', ') });
    lines.push(...wrap(line, options.width, '  ', '    ').map((l) => l.replace(/\u00a0/g, ' ')));
  }
  lines.push(...suppressedLines(list.items, options, t, true));
  return lines.join('\n') + '\n';
}

/** The scan report: the table (or "No Pods found."), the kinds it could not read, then what could not be seen. */
export function renderScanText(items: Diagnosis[], notes: readonly string[], options: ReportOptions, unreadable: ReadonlyArray<{ kind: string }> = []): string {
  const t = messagesFor(options.lang);
  // Rows for a script: nothing else (an empty list is no line at all, as kubectl's).
  if (options.names || options.noHeaders) return items.length === 0 ? '' : renderSummaryTable({ apiVersion: 'kdiag/v1', kind: 'DiagnosisList', items }, options);
  let body = items.length === 0 ? `${t.report.noPods}\n` : renderSummaryTable({ apiVersion: 'kdiag/v1', kind: 'DiagnosisList', items }, options);
  // Forbidden is not absent: say which kinds were not checked, so an empty or all-healthy table is not read as "nothing wrong there".
  const unknown = [...new Set(unreadable.map((u) => u.kind))];
  if (unknown.length > 0) body += wrap(t.table.unknownKinds({ kinds: unknown.join(t.report.listSeparator) }), options.width, '', '  ').join('\n') + '\n';
  notes = options.verbose ? notes : oneClockNote(notes, t);
  return notes.length === 0 ? body : `${body}\n${t.report.notes}\n${notes.flatMap((n) => wrapProse(clipIn(t, t.errors.text({ text: n }), 1000), options.width, '  - ', '    ')).join('\n')}\n`;
}

/** Whether a note says which clock ages were measured from (`notes.clock`, in English as the readers write it). */
export function isClockNote(note: string, t: Messages): boolean {
  const prefix = t.notes.clock({ at: '\u0000', source: undefined, basis: 'recorded' }).split('\u0000')[0] ?? '';
  return prefix !== '' && note.startsWith(prefix);
}

/** The "ages measured from" notes of many files made one line (the first and last time, how many files). */
export function oneClockNote(notes: readonly string[], t: Messages): readonly string[] {
  const clocks = notes.filter((n) => isClockNote(n, t));
  if (clocks.length < 2) return notes;
  const times = clocks.map((n) => /\d{4}-\d\d-\d\dT[\d:.]+Z/.exec(n)?.[0] ?? '').filter((x) => x !== '').sort();
  const first = notes.indexOf(clocks[0]!);
  const merged = t.notes.manyClocks({ files: clocks.length, first: times[0] ?? '?', last: times.at(-1) ?? '?' });
  return [...notes.slice(0, first).filter((n) => !clocks.includes(n)), merged, ...notes.slice(first).filter((n) => !clocks.includes(n))];
}
