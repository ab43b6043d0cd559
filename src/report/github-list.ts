import type { Diagnosis } from '../engine/diagnosis.js';
import { messagesFor } from '../i18n/index.js';
import type { Lang } from '../i18n/lang.js';
import { data, prop, suppressedNotice } from './github.js';
import { neutralize } from './sanitize.js';
import { subjectName } from './subject.js';

/**
 * GitHub Actions annotations for a list: one per item that is not healthy or has a warning (`::error` for
 * failing, `::warning` otherwise), and one `::notice` counting suppressed findings, so nothing is hidden.
 */
export function renderGithubListAnnotations(items: Iterable<Diagnosis>, lang?: Lang): string {
  const t = messagesFor(lang);
  const errors: string[] = [];
  const out: string[] = [];
  let suppressed = 0;
  const sources = new Set<string>();
  for (const d of items) {
    for (const f of d.suppressed ?? []) {
      suppressed++;
      sources.add(f.suppressedBy.source);
    }
    const primary = d.findings[0];
    const warned = d.findings.some((f) => f.severity === 'warning');
    if (d.status === 'healthy' && !warned) continue;
    if (d.status === 'progressing' && !primary) continue;
    const level = d.status === 'failing' ? 'error' : 'warning';
    const title = `${subjectName(d)}: ${t.status[d.status]}${d.stage ? ` (${t.stage[d.stage]})` : ''}`;
    const lead = d.status === 'healthy' ? (d.findings.find((f) => f.severity === 'warning') ?? primary) : primary;
    const message = `${d.status === 'healthy' && lead ? lead.message : d.summary}${lead ? ` [${lead.rule}]` : ''}${lead?.remediation[0] ? `\n${t.gate.githubFix} ${lead.remediation[0]}` : ''}`;
    (level === 'error' ? errors : out).push(`::${level} title=${prop(neutralize(title))}::${data(neutralize(message))}\n`);
  }
  // Failing items first, as in every other view of a list.
  return errors.join('') + out.join('') + suppressedNotice(suppressed, sources, lang);
}
