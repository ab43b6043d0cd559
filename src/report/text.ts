import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import { evidenceForPeople } from './evidence.js';
import type { Finding } from '../rules/types.js';
import { messagesFor, type Messages } from '../i18n/index.js';
import type { ReportOptions } from './options.js';
import { renderChange } from './change.js';
import { renderPipeline } from './pipeline.js';
import { clipIn } from './sanitize.js';
import { paint, type Paint } from './style.js';
import { subjectName } from './subject.js';
import { columns, wrap } from './width.js';
import { wrapProse } from './prose.js';
import { isClockNote, oneClockNote, renderSummaryTable, sortForTable } from './table.js';
import { suppressedLines } from './suppressed.js';
import { renderPodTraffic, renderTrafficPath } from './traffic.js';

// Cluster text can be megabytes (a 1 MB event message, a stranger's 1 MB pod name): every piece of it is
// clipped with a visible marker so one report stays readable and bounded.
const EVIDENCE_MAX = 600;
const TEXT_MAX = 1000;
const NAME_MAX = 320; // namespace/name of a valid object never needs more

/** One Pod's diagnosis for a person: pipeline, verdict, evidence, fix, other findings, notes; wrapped to the width. */
export function renderText(d: Diagnosis, options: ReportOptions): string {
  const c = paint(options.color);
  const t = messagesFor(options.lang);
  const w = options.width;
  const lines: string[] = [];
  const where = d.pod
    ? [d.pod.node ? t.report.node({ node: d.pod.node }) : t.report.noNode, d.pod.phase ? t.report.phase({ phase: d.pod.phase }) : '', d.pod.owner ? t.report.owner(d.pod.owner) : ''].filter(Boolean).join(t.report.listSeparator)
    : '';
  const subject = clipIn(t, subjectName(d), NAME_MAX);
  const context = where ? `(${clipIn(t, where, 2 * NAME_MAX)})` : '';
  if (context && w !== undefined && columns(`${subject}  ${context}`) > w) lines.push(...wrap(subject, w, '', '  ').map((l) => c.bold(l)), ...wrap(context, w, '  ', '   ').map((l) => c.dim(l)));
  else lines.push(`${c.bold(subject)}${context ? c.dim(`  ${context}`) : ''}`);
  if (d.stages.length > 0) lines.push(...renderPipeline(d, c, w, t));
  if (d.traffic) lines.push(...renderTrafficPath(d.traffic, c, w, t.lang));
  if (d.podTraffic) lines.push(...renderPodTraffic(d.podTraffic, c, w, t.lang));
  lines.push('');
  lines.push(...wrapProse(`${verdict(d, c, t)}${t.report.labelGap}${clipIn(t, d.summary, TEXT_MAX)}`, w, '', '  '));
  if (d.stageOwner) lines.push(...wrapProse(whereToLook(d.stageOwner, t), w, '', '  ').map((l) => c.dim(l)));

  const [primary, ...rest] = d.findings;
  // A healthy verdict has no cause: its warnings and context are listed, never headed "Cause".
  if (primary && d.status !== 'healthy') lines.push(...renderPrimary(primary, c, w, t, d.observedAt));
  lines.push(...renderChange(d.change, c, w, t));
  const others = (d.status === 'healthy' ? d.findings : rest).filter(
    (f) => options.verbose || f.severity !== 'info' || d.status !== 'healthy',
  );
  if (others.length > 0) {
    lines.push('', c.bold(t.report.alsoFound));
    for (const f of failingFirst(others)) lines.push(...wrapProse(`${clipIn(t, f.message, TEXT_MAX)} ${c.dim(`[${f.rule}]`)}`, w, `  ${severityMark(f, c, t)} `, ' '.repeat(5 + markWidth(t))));
  }
  const suppressed = suppressedLines([d], options, t, false);
  if (suppressed.length > 0) lines.push('', ...suppressed);
  if (d.notes.length > 0) {
    lines.push('', c.bold(t.report.notes));
    // The same note twice (two readers saying one thing): once, with its count.
    const times = new Map<string, number>();
    for (const n of d.notes) times.set(n, (times.get(n) ?? 0) + 1);
    for (const [n, k] of times) lines.push(...wrapProse(`${clipIn(t, t.errors.text({ text: n }), TEXT_MAX)}${k > 1 ? ` (×${k})` : ''}`, w, '  - ', '    '));
  }
  return lines.join('\n') + '\n';
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Errors, then warnings, then info; the engine's order within each. */
function failingFirst(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

function renderPrimary(f: Finding, c: Paint, w: number | undefined, t: Messages, observedAt: string | undefined): string[] {
  const lines = ['', ...wrap(`${clipIn(t, f.title, TEXT_MAX)} ${c.dim(t.report.findingTag(f))}`, w, `${c.bold(t.report.cause)}  `, ' '.repeat(columns(t.report.cause) + 2))];
  if (f.evidence.length > 0) {
    lines.push('', c.bold(t.report.evidence));
    for (const e of evidenceForPeople(f.evidence, t.lang, observedAt)) lines.push(...wrap(clipIn(t, e, EVIDENCE_MAX), w, '  • ', '    '));
  }
  if (f.remediation.length > 0) {
    lines.push('', c.bold(t.report.fix));
    f.remediation.forEach((step, i) => lines.push(...wrapProse(clipIn(t, step, TEXT_MAX), w, `  ${i + 1}. `, '     ')));
  }
  lines.push('', c.dim(t.report.more({ rule: f.rule })));
  return lines;
}

function verdict(d: Diagnosis, c: Paint, t: Messages): string {
  if (d.status === 'failing') return c.red.bold(t.report.failing({ stage: d.stage }));
  if (d.status === 'progressing') return c.yellow.bold(t.report.progressing({ stage: d.stage }));
  return c.green.bold(t.report.healthy);
}

/** `Where to look: kube-scheduler — kubectl describe pod …`: one line under the diagnosis. */
function whereToLook(owner: NonNullable<Diagnosis['stageOwner']>, t: Messages): string {
  // The commands carry the Pod's, namespace's and node's names: cluster text, neutralised and bounded.
  return t.report.whereToLook({ components: owner.components.map((x) => t.component[x]).join(t.report.listSeparator), commands: clipIn(t, owner.commands.slice(0, 2).join('; '), 2 * NAME_MAX) });
}

/** Columns of the widest severity word (`warning`, or two full-width characters in zh-TW). */
function markWidth(t: Messages): number {
  return Math.max(...Object.values(t.severity).map(columns));
}

function severityMark(f: Finding, c: Paint, t: Messages): string {
  const word = t.severity[f.severity] + ' '.repeat(markWidth(t) - columns(t.severity[f.severity]));
  if (f.severity === 'error') return c.red(`✘ ${word}`);
  if (f.severity === 'warning') return c.yellow(`⚠ ${word}`);
  return c.blue(`ℹ ${word}`);
}

/** Several diagnoses: the summary table, then the full report of every Pod that is not healthy. */
export function renderTextList(list: DiagnosisList, options: ReportOptions): string {
  return [...renderTextListChunks(list, options)].join('');
}

/** The same text as `renderTextList`, in pieces: the table, then one Pod's report at a time. */
export function* renderTextListChunks(list: DiagnosisList, options: ReportOptions): Generator<string> {
  if (list.items.length === 0) {
    if (!options.names && !options.noHeaders) yield `${messagesFor(options.lang).report.noPods}\n`;
    return;
  }
  // One sort for the table and the details.
  const sorted = sortForTable(list.items);
  yield renderSummaryTable(list, options, sorted);
  if (options.names || options.noHeaders) return;
  // A note many items carry (the clock of their file, what could not be read) is said once, at the end,
  // with how many items carry it; the clocks of many files make one line. --verbose: every item's own notes.
  const t = messagesFor(options.lang);
  const shared = options.verbose || list.items.length < 2 ? undefined : sharedNotes(list.items, t);
  let shown = 0;
  for (const d of sorted) {
    if (d.status === 'healthy' && !options.verbose) continue;
    shown++;
    yield `\n${renderText(shared ? { ...d, notes: d.notes.filter((n) => !shared.notes.has(n)) } : d, options)}`;
  }
  // Only the reports' notes: a table alone has none.
  if (shared && shown > 0 && shared.lines.length > 0) yield `\n${paint(options.color).bold(t.report.listNotes)}\n${shared.lines.flatMap((n) => wrapProse(n, options.width, '  - ', '    ')).join('\n')}\n`;
}

/** The notes more than one item carries, and every clock note: which they are, and their lines for the list's end. */
function sharedNotes(items: readonly Diagnosis[], t: Messages): { notes: Set<string>; lines: string[] } {
  const count = new Map<string, number>();
  for (const d of items) for (const n of new Set(d.notes)) count.set(n, (count.get(n) ?? 0) + 1);
  const isClock = (n: string): boolean => isClockNote(n, t);
  const notes = new Set([...count].filter(([n, c]) => c > 1 || isClock(n)).map(([n]) => n));
  const lines: string[] = [];
  for (const n of oneClockNote([...notes], t)) {
    const c = count.get(n);
    const said = clipIn(t, t.errors.text({ text: n }), TEXT_MAX);
    lines.push(c === undefined || c < 2 || isClock(n) ? said : t.notes.inItems({ note: said, items: c }));
  }
  return { notes, lines };
}
