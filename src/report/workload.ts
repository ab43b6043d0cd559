import type { Diagnosis } from '../engine/diagnosis.js';
import { describeGroup, rollup } from '../engine/rollup.js';
import type { ReportOptions } from './options.js';
import { neutralize } from './sanitize.js';
import { paint } from './style.js';
import { renderText } from './text.js';
import { wrap } from './width.js';

/**
 * A workload and its Pods for a person: replicas that share a cause are rolled up into one line
 * ("3/3 pods failing at image: …") and shown in full once, not once per replica.
 */
export function renderWorkloadText(title: string, items: readonly Diagnosis[], options: ReportOptions): string {
  const c = paint(options.color);
  const pods = items.filter((d) => d.pod);
  const own = items.filter((d) => !d.pod);
  const lines = [c.bold(neutralize(title)) + c.dim(`  (${pods.length} pod${pods.length === 1 ? '' : 's'})`)];
  const groups = rollup(pods);
  for (const g of groups) lines.push(...wrap(neutralize(describeGroup(g, pods.length)), options.width, '  ', '    '));
  if (pods.length === 0) lines.push('  no Pods');
  for (const d of own) lines.push('', renderText(d, options).trimEnd());
  for (const g of groups) {
    if (g.status === 'healthy' && !options.verbose) continue;
    const more = g.pods.length > 1 ? c.dim(`\n(the same for ${g.pods.length - 1} more: ${neutralize(g.pods.slice(1, 6).join(', '))}${g.pods.length > 6 ? ', …' : ''})`) : '';
    lines.push('', renderText(g.example, options).trimEnd() + more);
  }
  return lines.join('\n') + '\n';
}
