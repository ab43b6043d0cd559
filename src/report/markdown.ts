import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import { evidenceForPeople } from './evidence.js';
import { messagesFor, type Messages } from '../i18n/index.js';
import type { Lang } from '../i18n/lang.js';
import { clip, clipIn } from './sanitize.js';
import { causeOf, subjectName } from './subject.js';
import { sortForTable } from './table.js';

const MARK = { passed: '✅', failed: '❌', pending: '⏳', unknown: '❔' } as const;
// The same bounds as the text report: cluster text can be megabytes.
const EVIDENCE_MAX = 600;
const TEXT_MAX = 1000;

function md(t: Pick<Messages, 'lang' | 'report'>, text: string, max = TEXT_MAX): string {
  return clipIn(t, text, max).replace(/([\\`*_[\]<>|])/g, '\\$1');
}

/** One diagnosis as Markdown, for tickets and pull-request comments. */
export function renderMarkdown(d: Diagnosis, lang?: Lang): string {
  const t = messagesFor(lang);
  const out: string[] = [];
  out.push(`### ${t.markdown.heading({ subject: md(t, subjectName(d)), status: d.status, stage: d.stage })}`, '');
  out.push(d.stages.map((s) => `${MARK[s.state]} ${t.stage[s.stage]}`).join(' → '), '');
  out.push(`**${md(t, d.summary)}**`, '');
  // A healthy verdict has no cause: its warnings are listed under "Also found".
  const primary = d.status === 'healthy' ? undefined : d.findings[0];
  const rest = d.status === 'healthy' ? d.findings : d.findings.slice(1);
  if (primary) {
    out.push(t.markdown.cause({ title: md(t, primary.title), rule: primary.rule, severity: primary.severity, confidence: primary.confidence }), '');
    if (primary.evidence.length) {
      out.push(`**${t.report.evidence}**`, '', '```text', ...evidenceForPeople(primary.evidence, t.lang, d.observedAt).map((e) => clipIn(t, e, EVIDENCE_MAX).replace(/```/g, "'''")), '```', '');
    }
    if (primary.remediation.length) out.push(`**${t.report.fix}**`, '', ...primary.remediation.map((r, i) => `${i + 1}. ${md(t, r)}`), '');
  }
  if (d.stageOwner) out.push(`${t.report.whereToLook({ components: d.stageOwner.components.map((c) => t.component[c]).join(t.report.listSeparator), commands: d.stageOwner.commands.map((c) => `\`${clip(c, 700).replace(/`/g, "'")}\``).join(t.report.listSeparator) })}`, '');
  if (rest.length) out.push(`**${t.report.alsoFound}**`, '', ...rest.map((f) => `- ${t.severity[f.severity]}: ${md(t, f.message)} (\`${f.rule}\`)`), '');
  if (d.notes.length) out.push(`**${t.report.notes}**`, '', ...d.notes.map((n) => `- ${md(t, t.errors.text({ text: n }))}`), '');
  return out.join('\n');
}

export function renderMarkdownList(list: DiagnosisList, lang?: Lang): string {
  return [...renderMarkdownListChunks(list, lang)].join('');
}

/** The same text as `renderMarkdownList`, in pieces: the heading and table, then one Pod's section at a time. */
export function* renderMarkdownListChunks(list: DiagnosisList, lang?: Lang): Generator<string> {
  const t = messagesFor(lang);
  const h = t.markdown.head;
  const items = sortForTable(list.items);
  const rows = items.map((d) => `| ${md(t, subjectName(d))} | ${t.status[d.status]} | ${d.stage ? t.stage[d.stage] : '-'} | ${md(t, causeOf(d, t))} |`);
  yield [`## ${t.markdown.items({ items: list.items.length })}`, '', `| ${h.pod} | ${h.status} | ${h.stage} | ${h.cause} |`, '|---|---|---|---|', ...rows, ''].join('\n');
  for (const d of items) if (d.status !== 'healthy') yield `\n${renderMarkdown(d, lang)}`;
}
