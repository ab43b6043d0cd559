import type { Diagnosis } from '../engine/diagnosis.js';
import { describeGroup, rollup } from '../engine/rollup.js';
import { messagesFor } from '../i18n/index.js';
import type { ReportOptions } from './options.js';
import { neutralize } from './sanitize.js';
import { paint } from './style.js';
import { renderText } from './text.js';
import { wrap } from './width.js';

/**
 * A workload and its Pods for a person: one line per group of replicas that share a verdict, then the
 * workload's verdict in full (its Pods' cause leading, with that Pod's evidence; the workload's own
 * findings, its Services' and the Pods' warnings under "Also found"). With --verbose every group's example too.
 */
export function renderWorkloadText(title: string, items: readonly Diagnosis[], options: ReportOptions): string {
  const c = paint(options.color);
  const t = messagesFor(options.lang);
  const pods = items.filter((d) => d.pod);
  const verdicts = items.filter((d) => !d.pod);
  const lines = [c.bold(neutralize(title)) + c.dim(`  (${t.workload.podCount({ pods: pods.length })})`)];
  const groups = rollup(pods);
  for (const g of groups) lines.push(...wrap(neutralize(describeGroup(g, pods.length, t)), options.width, '  ', '    '));
  if (pods.length === 0) lines.push(`  ${t.workload.noPods}`);
  const primary = verdicts[0]?.findings[0];
  for (const d of verdicts) {
    const report = renderText(d, options).trimEnd().split('\n');
    // Whose evidence the leading cause shows, and which replicas share it: under the evidence (before Fix),
    // not after the Notes, where it would belong to nothing.
    const lead = groups.find((g) => g.example.findings[0] === primary && primary !== undefined);
    if (lead) {
      const seen = wrap(t.workload.seenOn({ pod: neutralize(lead.pods[0]!), more: lead.pods.length - 1, names: `${neutralize(lead.pods.slice(1, 6).join(', '))}${lead.pods.length > 6 ? ', …' : ''}` }), options.width, '  ', '  ').map((l) => c.dim(l));
      const fix = report.findIndex((l) => l === c.bold(t.report.fix) || l === c.dim(t.report.more({ rule: primary!.rule })));
      report.splice(fix > 0 ? fix - 1 : report.length, 0, ...seen);
    }
    lines.push('', ...report);
  }
  if (options.verbose || verdicts.length === 0) {
    for (const g of groups) {
      if (g.status === 'healthy' && !options.verbose) continue;
      const more = g.pods.length > 1 ? c.dim(`\n${t.workload.sameFor({ more: g.pods.length - 1, names: `${neutralize(g.pods.slice(1, 6).join(', '))}${g.pods.length > 6 ? ', …' : ''}` })}`) : '';
      lines.push('', renderText(g.example, options).trimEnd() + more);
    }
  }
  return lines.join('\n') + '\n';
}
