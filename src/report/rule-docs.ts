import { messagesFor } from '../i18n/index.js';
import type { Lang } from '../i18n/lang.js';
import { ruleText } from '../i18n/rule-text.js';
import { ALL_RULES, RETIRED_RULES } from '../rules/index.js';
import type { Rule } from '../rules/types.js';
import { wrapProse } from './prose.js';
import { trafficText } from '../i18n/traffic.js';
import type { TrafficHopName } from '../model/hops.js';

/** A rule's documentation as Markdown-flavoured text: `kdiag explain` and docs/rules.md both use this. */
/** `width`: wrapped for a terminal (`kdiag explain`); none for docs/rules.md. */
export function renderRuleDocs(rule: Rule, lang?: Lang, width?: number): string {
  const t = messagesFor(lang).ruleDocs;
  const { title, docs } = ruleText(rule, lang);
  const prose = (text: string, first: string, rest: string): string[] => (width === undefined ? [`${first}${text}`] : wrapProse(text, width, first, rest));
  const lines = [
    ...prose(`# ${rule.id}: ${title}`, '', '  '),
    '',
    ...prose(t.header({ stage: rule.stage, severity: rule.severity, scope: rule.scope, ...(rule.failureClass ? { failureClass: rule.failureClass } : {}) }), '', ''),
    '',
    ...(rule.scope === 'traffic' ? [trafficHopLine(rule.hop, lang), ''] : []),
    ...prose(docs.description, '', ''),
    '',
    t.why,
    ...docs.causes.flatMap((c) => prose(c, '  - ', '    ')),
    '',
    t.how,
    ...docs.fix.flatMap((f, i) => prose(f, `  ${i + 1}. `, '     ')),
  ];
  if (rule.docs.links?.length) lines.push('', t.seeAlso, ...rule.docs.links.map((l) => `  ${l}`));
  return lines.join('\n') + '\n';
}

function trafficHopLine(hop: TrafficHopName, lang: Lang | undefined): string {
  const m = trafficText(lang ?? 'en');
  return m.explainHop({ hop: hop === 'dns' ? m.hopNameDns : m.hop[hop], owner: m.owner[hop] });
}

/** The whole catalogue as Markdown (docs/rules.md). */
export function renderRuleCatalogue(): string {
  const rules = ALL_RULES;
  const head = [
    '# kdiag rule catalogue',
    '',
    'Generated from the rules\' own docs by `node scripts/gen-rule-docs.mjs` (the same text `kdiag explain RULE` prints). Do not edit by hand.',
    '',
    '| Rule | Stage | Scope | Severity | Class | Title |',
    '|---|---|---|---|---|---|',
    ...rules.map((r) => `| [\`${r.id}\`](#${r.id.replace(/[^a-z0-9-]/g, '')}) | ${r.stage} | ${r.scope} | ${r.severity} | ${r.failureClass ?? ''} | ${r.title} |`),
    '',
  ];
  const retired = Object.entries(RETIRED_RULES);
  if (retired.length) head.push('Retired ids (never reused):', '', ...retired.map(([id, by]) => `- \`${id}\` → \`${by}\``), '');
  return [...head, ...rules.map((r) => `<a id="${r.id.replace(/[^a-z0-9-]/g, '')}"></a>\n\n${renderRuleDocs(r).replace(/^# /, '## ')}`)].join('\n');
}
