import type { Diagnosis, DiagnosisList } from '../engine/diagnosis.js';
import { clip } from './sanitize.js';
import { causeOf, subjectName } from './subject.js';
import { sortForTable } from './table.js';

const MARK = { passed: '✅', failed: '❌', pending: '⏳', unknown: '❔' } as const;
// The same bounds as the text report: cluster text can be megabytes.
const EVIDENCE_MAX = 600;
const TEXT_MAX = 1000;

function md(text: string, max = TEXT_MAX): string {
  return clip(text, max).replace(/([\\`*_[\]<>|])/g, '\\$1');
}

/** One diagnosis as Markdown, for tickets and pull-request comments. */
export function renderMarkdown(d: Diagnosis): string {
  const out: string[] = [];
  out.push(`### ${md(subjectName(d))}: ${d.status}${d.stage ? ` at \`${d.stage}\`` : ''}`, '');
  out.push(d.stages.map((s) => `${MARK[s.state]} ${s.stage}`).join(' → '), '');
  out.push(`**${md(d.summary)}**`, '');
  const [primary, ...rest] = d.findings;
  if (primary) {
    out.push(`**Cause:** ${md(primary.title)} (\`${primary.rule}\`, ${primary.severity}, ${primary.confidence} confidence)`, '');
    if (primary.evidence.length) {
      out.push('**Evidence**', '', '```text', ...primary.evidence.map((e) => clip(e.text, EVIDENCE_MAX).replace(/```/g, "'''")), '```', '');
    }
    if (primary.remediation.length) out.push('**Fix**', '', ...primary.remediation.map((r, i) => `${i + 1}. ${md(r)}`), '');
  }
  if (rest.length) out.push('**Also found**', '', ...rest.map((f) => `- ${f.severity}: ${md(f.message)} (\`${f.rule}\`)`), '');
  if (d.notes.length) out.push('**Notes**', '', ...d.notes.map((n) => `- ${md(n)}`), '');
  return out.join('\n');
}

export function renderMarkdownList(list: DiagnosisList): string {
  const items = sortForTable(list.items);
  const rows = items.map((d) => `| ${md(subjectName(d))} | ${d.status} | ${d.stage ?? '-'} | ${md(causeOf(d))} |`);
  const table = ['| Pod | Status | Stage | Cause |', '|---|---|---|---|', ...rows].join('\n');
  const details = items.filter((d) => d.status !== 'healthy').map(renderMarkdown);
  return [`## kdiag: ${list.items.length} item(s)`, '', table, '', ...details].join('\n');
}
