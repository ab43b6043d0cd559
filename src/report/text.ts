import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import type { Finding } from '../rules/types.js';
import type { ReportOptions } from './options.js';
import { renderPipeline } from './pipeline.js';
import { clip } from './sanitize.js';
import { paint, type Paint } from './style.js';
import { subjectName } from './subject.js';
import { columns, wrap } from './width.js';
import { renderSummaryTable, sortForTable } from './table.js';

// Cluster text can be megabytes (a 1 MB event message, a stranger's 1 MB pod name): every piece of it is
// clipped with a visible marker so one report stays readable and bounded.
const EVIDENCE_MAX = 600;
const TEXT_MAX = 1000;
const NAME_MAX = 320; // namespace/name of a valid object never needs more

/** One Pod's diagnosis for a person: pipeline, verdict, evidence, fix, other findings, notes; wrapped to the width. */
export function renderText(d: Diagnosis, options: ReportOptions): string {
  const c = paint(options.color);
  const w = options.width;
  const lines: string[] = [];
  const where = d.pod
    ? [d.pod.node ? `node ${d.pod.node}` : 'no node', d.pod.phase ? `phase ${d.pod.phase}` : '', d.pod.owner ? `owner ${d.pod.owner.kind}/${d.pod.owner.name}` : ''].filter(Boolean).join(', ')
    : '';
  const subject = clip(subjectName(d), NAME_MAX);
  const context = where ? `(${clip(where, 2 * NAME_MAX)})` : '';
  if (context && w !== undefined && columns(`${subject}  ${context}`) > w) lines.push(...wrap(subject, w, '', '  ').map((l) => c.bold(l)), ...wrap(context, w, '  ', '   ').map((l) => c.dim(l)));
  else lines.push(`${c.bold(subject)}${context ? c.dim(`  ${context}`) : ''}`);
  lines.push(...renderPipeline(d, c, w));
  lines.push('');
  lines.push(...wrap(`${verdict(d, c)} ${clip(d.summary, TEXT_MAX)}`, w, '', '  '));

  const [primary, ...rest] = d.findings;
  if (primary && (d.status !== 'healthy' || primary.severity !== 'info' || options.verbose)) {
    lines.push(...renderPrimary(primary, c, w));
  }
  const others = (primary && d.status === 'healthy' && primary.severity === 'info' && !options.verbose ? d.findings : rest).filter(
    (f) => options.verbose || f.severity !== 'info' || d.status !== 'healthy',
  );
  if (others.length > 0) {
    lines.push('', c.bold('Also found'));
    for (const f of failingFirst(others)) lines.push(...wrap(`${clip(f.message, TEXT_MAX)} ${c.dim(`[${f.rule}]`)}`, w, `  ${severityMark(f, c)} `, ' '.repeat(12)));
  }
  if (d.notes.length > 0) {
    lines.push('', c.bold('Notes'));
    for (const n of d.notes) lines.push(...wrap(clip(n, TEXT_MAX), w, '  - ', '    '));
  }
  return lines.join('\n') + '\n';
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Errors, then warnings, then info; the engine's order within each. */
function failingFirst(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

function renderPrimary(f: Finding, c: Paint, w: number | undefined): string[] {
  const lines = ['', ...wrap(`${clip(f.title, TEXT_MAX)} ${c.dim(`[${f.rule}, ${f.severity}, ${f.confidence} confidence]`)}`, w, `${c.bold('Cause')}  `, '       ')];
  if (f.evidence.length > 0) {
    lines.push('', c.bold('Evidence'));
    for (const e of f.evidence) lines.push(...wrap(clip(e.text, EVIDENCE_MAX), w, '  • ', '    '));
  }
  if (f.remediation.length > 0) {
    lines.push('', c.bold('Fix'));
    f.remediation.forEach((step, i) => lines.push(...wrap(clip(step, TEXT_MAX), w, `  ${i + 1}. `, '     ')));
  }
  lines.push('', c.dim(`More: kdiag explain ${f.rule}`));
  return lines;
}

function verdict(d: Diagnosis, c: Paint): string {
  if (d.status === 'failing') return c.red.bold(`FAILING${d.stage ? ` at ${d.stage}:` : ':'}`);
  if (d.status === 'progressing') return c.yellow.bold(`PROGRESSING${d.stage ? ` (${d.stage})` : ''}:`);
  return c.green.bold('HEALTHY:');
}

function severityMark(f: Finding, c: Paint): string {
  if (f.severity === 'error') return c.red('✘ error  ');
  if (f.severity === 'warning') return c.yellow('⚠ warning');
  return c.blue('ℹ info   ');
}

/** Several diagnoses: the summary table, then the full report of every Pod that is not healthy. */
export function renderTextList(list: DiagnosisList, options: ReportOptions): string {
  if (list.items.length === 0) return 'No Pods found.\n';
  const parts = [renderSummaryTable(list, options)];
  const detailed = sortForTable(list.items).filter((d) => d.status !== 'healthy' || options.verbose);
  for (const d of detailed) parts.push(renderText(d, options));
  return parts.join('\n');
}
