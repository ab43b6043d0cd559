import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import type { Finding } from '../rules/types.js';
import { messagesFor, type Messages } from '../i18n/index.js';
import type { ReportOptions } from './options.js';
import { renderPipeline } from './pipeline.js';
import { clip } from './sanitize.js';
import { paint, type Paint } from './style.js';
import { subjectName } from './subject.js';
import { renderSummaryTable } from './table.js';

// Cluster text can be megabytes (a 1 MB event message, a stranger's 1 MB pod name): every piece of it is
// clipped with a visible marker so one report stays readable and bounded.
const EVIDENCE_MAX = 600;
const TEXT_MAX = 1000;
const NAME_MAX = 320; // namespace/name of a valid object never needs more

/** One Pod's diagnosis for a person: pipeline, verdict, evidence, fix, other findings, notes. */
export function renderText(d: Diagnosis, options: ReportOptions): string {
  const c = paint(options.color);
  const t = messagesFor(options.lang);
  const lines: string[] = [];
  const where = d.pod
    ? [d.pod.node ? t.report.node({ node: d.pod.node }) : t.report.noNode, d.pod.phase ? t.report.phase({ phase: d.pod.phase }) : '', d.pod.owner ? t.report.owner(d.pod.owner) : ''].filter(Boolean).join(t.report.listSeparator)
    : '';
  lines.push(`${c.bold(clip(subjectName(d), NAME_MAX))}${where ? c.dim(`  (${clip(where, 2 * NAME_MAX)})`) : ''}`);
  lines.push(renderPipeline(d, c, t));
  lines.push('');
  lines.push(`${verdict(d, c, t)}${t.report.labelGap}${clip(d.summary, TEXT_MAX)}`);
  if (d.stageOwner) lines.push(c.dim(whereToLook(d.stageOwner, t)));

  const [primary, ...rest] = d.findings;
  if (primary && (d.status !== 'healthy' || primary.severity !== 'info' || options.verbose)) {
    lines.push(...renderPrimary(primary, c, t));
  }
  const others = (primary && d.status === 'healthy' && primary.severity === 'info' && !options.verbose ? d.findings : rest).filter(
    (f) => options.verbose || f.severity !== 'info' || d.status !== 'healthy',
  );
  if (others.length > 0) {
    lines.push('', c.bold(t.report.alsoFound));
    for (const f of others) lines.push(`  ${severityMark(f, c, t)} ${clip(f.message, TEXT_MAX)} ${c.dim(`[${f.rule}]`)}`);
  }
  if (d.notes.length > 0) {
    lines.push('', c.bold(t.report.notes));
    for (const n of d.notes) lines.push(`  - ${clip(n, TEXT_MAX)}`);
  }
  return lines.join('\n') + '\n';
}

function renderPrimary(f: Finding, c: Paint, t: Messages): string[] {
  const lines = ['', `${c.bold(t.report.cause)}  ${clip(f.title, TEXT_MAX)} ${c.dim(t.report.findingTag(f))}`];
  if (f.evidence.length > 0) {
    lines.push('', c.bold(t.report.evidence));
    for (const e of f.evidence) lines.push(...indent(`• ${clip(e.text, EVIDENCE_MAX)}`, '    '));
  }
  if (f.remediation.length > 0) {
    lines.push('', c.bold(t.report.fix));
    f.remediation.forEach((step, i) => lines.push(...indent(`${i + 1}. ${clip(step, TEXT_MAX)}`, '     ')));
  }
  lines.push('', c.dim(t.report.more({ rule: f.rule })));
  return lines;
}

function indent(text: string, continuation: string): string[] {
  return text.split('\n').map((line, i) => (i === 0 ? `  ${line}` : `${continuation}${line}`));
}

function verdict(d: Diagnosis, c: Paint, t: Messages): string {
  if (d.status === 'failing') return c.red.bold(t.report.failing({ stage: d.stage }));
  if (d.status === 'progressing') return c.yellow.bold(t.report.progressing({ stage: d.stage }));
  return c.green.bold(t.report.healthy);
}

/** `Where to look: kube-scheduler — kubectl describe pod …`: one line under the diagnosis. */
function whereToLook(owner: NonNullable<Diagnosis['stageOwner']>, t: Messages): string {
  // The commands carry the Pod's, namespace's and node's names: cluster text, neutralised and bounded.
  return t.report.whereToLook({ components: owner.components.map((x) => t.component[x]).join(t.report.listSeparator), commands: clip(owner.commands.slice(0, 2).join('; '), 2 * NAME_MAX) });
}

function severityMark(f: Finding, c: Paint, t: Messages): string {
  const width = Math.max(...Object.values(t.severity).map((w) => w.length));
  const word = t.severity[f.severity].padEnd(width);
  if (f.severity === 'error') return c.red(`✘ ${word}`);
  if (f.severity === 'warning') return c.yellow(`⚠ ${word}`);
  return c.blue(`ℹ ${word}`);
}

/** Several diagnoses: the summary table, then the full report of every Pod that is not healthy. */
export function renderTextList(list: DiagnosisList, options: ReportOptions): string {
  if (list.items.length === 0) return `${messagesFor(options.lang).report.noPods}\n`;
  const parts = [renderSummaryTable(list, options)];
  const detailed = list.items.filter((d) => d.status !== 'healthy' || options.verbose);
  for (const d of detailed) parts.push(renderText(d, options));
  return parts.join('\n');
}
