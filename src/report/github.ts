import type { GateResult } from '../engine/gate.js';
import { messagesFor } from '../i18n/index.js';
import type { Lang } from '../i18n/lang.js';
import type { GateOutcome } from './gate.js';
import { changeLines } from './change.js';
import { gateExtras } from './gate-extras.js';
import { neutralize } from './sanitize.js';

// Workflow-command escaping (as @actions/core does): %, CR, LF in data; also : and , in properties.
export const data = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
// Annotations start their lines with a capital ("Last log lines of …"), the JUnit body does not.
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
export const prop = (s: string): string => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One `::notice` counting the suppressed findings and naming where they were asked; empty when none. */
export function suppressedNotice(count: number, sources: ReadonlySet<string>, lang?: Lang): string {
  if (count === 0) return '';
  const t = messagesFor(lang);
  const line = t.suppressed.line({ count, sources: [...sources].map((source) => t.suppressed.source({ source })).join(t.report.listSeparator), shown: false });
  return `::notice title=kdiag::${data(neutralize(line))}\n`;
}

/** GitHub Actions annotations (`::error title=…::…`) for every workload that did not pass. */
export function renderGithubAnnotations(results: readonly GateResult[], outcome: GateOutcome, logs: Readonly<Record<string, string>> = {}, lang?: Lang): string {
  const t = messagesFor(lang).gate;
  // Suppressed findings (passed workloads' too) are counted in one notice: a suppression never hides anything.
  const hidden = results.flatMap((r) => r.diagnoses.flatMap((d) => d.suppressed ?? []));
  const notice = suppressedNotice(hidden.length, new Set(hidden.map((f) => f.suppressedBy.source)), lang);
  return results
    .filter((r) => r.state !== 'passed')
    .map((r) => {
      const level = r.state === 'failed' ? 'error' : 'warning';
      const title = t.githubTitle({ target: `${r.namespace}/${r.target}`, state: r.state === 'failed' ? 'failed' : outcome === 'timeout' ? 'timedOut' : r.state === 'missing' ? 'missing' : 'waiting' });
      const primary = r.diagnoses.find((d) => d.status === 'failing') ?? r.diagnoses.find((d) => d.status !== 'healthy');
      const extras = gateExtras(r, logs);
      const message = [
        `${t.rollout({ progress: r.reason ?? r.progress })}${primary?.findings[0] ? ` [${primary.findings[0].rule}]` : ''}${primary?.findings[0]?.remediation[0] ? `\n${t.githubFix} ${primary.findings[0].remediation[0]}` : ''}`,
        ...(r.change ? [changeLines(r.change, messagesFor(lang)).join('\n')] : []),
        ...extras.logs.map((l) => `${cap(t.lastLogLines({ source: l.source }))}\n${l.lines.join('\n')}`),
        ...(extras.rollback ? [`${cap(t.wayBack)} ${extras.rollback}`] : []),
      ].join('\n');
      return `::${level} title=${prop(neutralize(title))}::${data(neutralize(message))}\n`;
    })
    .join('') + notice;
}
