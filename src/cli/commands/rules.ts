import { UsageError } from '../../errors.js';
import { ALL_RULES, findRule, RETIRED_RULES } from '../../rules/index.js';
import { loadRuleDocs } from '../../rules/docs-loader.js';
import type { Rule } from '../../rules/types.js';
import { messagesFor } from '../../i18n/index.js';
import { resolveLang, type Lang } from '../../i18n/lang.js';
import { ruleText } from '../../i18n/rule-text.js';
import { renderJson } from '../../report/json.js';
import { renderRuleDocs } from '../../report/rule-docs.js';
import { closestNames } from '../../engine/targets.js';
import { stringify } from 'yaml';
import { EXIT } from '../exit-codes.js';
import { outputFormat, type GlobalOptions } from '../global-options.js';
import { reportOptions, writeReport } from '../io.js';
import { fitTable } from '../../report/fit-table.js';
import { STAGES } from '../../model/stages.js';
import { trafficText } from '../../i18n/traffic.js';

function ruleData(r: Rule, lang: Lang) {
  const { title, docs } = ruleText(r, lang);
  return { id: r.id, stage: r.stage, scope: r.scope, severity: r.severity, title, docs };
}

/** `kdiag rules`: the catalogue. */
export async function rulesCommand(opts: GlobalOptions): Promise<number> {
  await loadRuleDocs();
  const format = outputFormat(opts.output);
  const lang = resolveLang(opts.lang);
  const t = messagesFor(lang).ruleDocs;
  if (format === 'json' || format === 'yaml') {
    const doc = { apiVersion: 'kdiag/v1', kind: 'RuleList', items: ALL_RULES.map((r) => ruleData(r, lang)), retired: RETIRED_RULES };
    writeReport(format === 'json' ? renderJson(doc) : stringify(doc));
    return EXIT.ok;
  }
  if (format === 'markdown') {
    writeReport([`| ${t.head.rule} | ${t.head.stage} | ${t.head.severity} | ${t.head.title} |`, '|---|---|---|---|', ...ALL_RULES.map((r) => `| \`${r.id}\` | ${r.stage} | ${r.severity} | ${ruleText(r, lang).title} |`)].join('\n') + '\n');
    return EXIT.ok;
  }
  const { width } = reportOptions(opts);
  // Grouped by the family of their id: the stages in the order a Pod meets them, then the traffic path (whose
  // rules belong to the readiness stage); the whole title, under its row when the terminal is narrow.
  const headings: Record<string, string> = { ...messagesFor(lang).stage, traffic: trafficText(lang).rulesHeading };
  const family = (r: Rule): string => r.id.slice(0, r.id.indexOf('/'));
  const rules = [...STAGES, 'traffic'].flatMap((group) => ALL_RULES.filter((r) => family(r) === group));
  const rows = rules.map((r) => [r.id, r.severity, ruleText(r, lang).title].map((text) => ({ text })));
  const heading = (i: number): string[] => (i === 0 || family(rules[i - 1]!) !== family(rules[i]!) ? ['', headings[family(rules[i]!)] ?? family(rules[i]!)] : []);
  const table = fitTable([t.head.rule, t.head.severity, t.head.title], rows, { ...(width !== undefined ? { width: width - INDENT.length } : {}), under: 2, before: heading });
  const lines = table.map((l, i) => (i === 0 || (l !== '' && !isHeading(l, headings)) ? `${INDENT}${l}` : l));
  writeReport(`${lines.join('\n')}\n\n${t.count({ rules: ALL_RULES.length })}\n`);
  return EXIT.ok;
}

const INDENT = '  ';
const isHeading = (line: string, stages: Readonly<Record<string, string>>): boolean => Object.values(stages).includes(line);

/** `kdiag explain RULE`: one rule's docs, generated from the same data the rule carries. */
export async function explainCommand(id: string, opts: GlobalOptions): Promise<number> {
  if (id.startsWith('stage/')) return (await import('./lifecycle.js')).lifecycleCommand(id, opts);
  await loadRuleDocs();
  const format = outputFormat(opts.output);
  const lang = resolveLang(opts.lang);
  const rule = findRule(id);
  if (!rule) {
    const replacement = RETIRED_RULES[id];
    if (replacement) throw new UsageError(`rule "${id}" was retired`, { hint: `see: kdiag explain ${replacement}` });
    const close = closestNames(id, ALL_RULES.map((r) => r.id));
    throw new UsageError(`unknown rule "${id}"`, { hint: close.length ? `did you mean: ${close.join(', ')}` : 'kdiag rules lists them all' });
  }
  if (format === 'json') writeReport(renderJson(ruleData(rule, lang)));
  else if (format === 'yaml') writeReport(stringify(ruleData(rule, lang)));
  else writeReport(renderRuleDocs(rule, lang, reportOptions(opts).width));
  return EXIT.ok;
}
