import type { Diagnosis } from '../engine/diagnosis.js';
import { describeGroup, rollup } from '../engine/rollup.js';
import { messagesFor } from '../i18n/index.js';
import type { ReportOptions } from './options.js';
import { neutralize } from './sanitize.js';
import { paint } from './style.js';
import { renderText } from './text.js';

/**
 * A workload and its Pods for a person: replicas that share a cause are rolled up into one line
 * ("3/3 pods failing at image: …") and shown in full once, not once per replica.
 */
export function renderWorkloadText(title: string, items: readonly Diagnosis[], options: ReportOptions): string {
  const c = paint(options.color);
  const t = messagesFor(options.lang);
  const pods = items.filter((d) => d.pod);
  const own = items.filter((d) => !d.pod);
  const lines = [c.bold(neutralize(title)) + c.dim(`  (${t.workload.podCount({ pods: pods.length })})`)];
  const groups = rollup(pods);
  for (const g of groups) lines.push(`  ${neutralize(describeGroup(g, pods.length, t))}`);
  if (pods.length === 0) lines.push(`  ${t.workload.noPods}`);
  for (const d of own) lines.push('', renderText(d, options).trimEnd());
  for (const g of groups) {
    if (g.status === 'healthy' && !options.verbose) continue;
    const more = g.pods.length > 1 ? c.dim(`\n${t.workload.sameFor({ more: g.pods.length - 1, names: `${neutralize(g.pods.slice(1, 6).join(', '))}${g.pods.length > 6 ? ', …' : ''}` })}`) : '';
    lines.push('', renderText(g.example, options).trimEnd() + more);
  }
  return lines.join('\n') + '\n';
}
