import type { GateResult } from '../engine/gate.js';
import { describeGroup, rollup } from '../engine/rollup.js';
import type { ReportOptions } from './options.js';
import { gateExtras } from './gate-extras.js';
import { neutralize } from './sanitize.js';
import { paint } from './style.js';
import { renderText } from './text.js';

export type GateOutcome = 'passed' | 'failed' | 'timeout';

/** The gate's final summary: one line per workload, then the diagnosis of what failed (rolled up). */
export function renderGateText(results: readonly GateResult[], outcome: GateOutcome, elapsedMs: number, options: ReportOptions, logs: Readonly<Record<string, string>> = {}): string {
  const c = paint(options.color);
  const lines: string[] = [];
  const head = outcome === 'passed' ? c.green.bold('GATE PASSED') : outcome === 'failed' ? c.red.bold('GATE FAILED') : c.yellow.bold('GATE TIMED OUT');
  lines.push(`${head} after ${(elapsedMs / 1000).toFixed(1)}s`);
  for (const r of results) {
    const mark = r.state === 'passed' ? c.green('✔') : r.state === 'failed' ? c.red('✘') : c.yellow('…');
    lines.push(`  ${mark} ${neutralize(r.namespace)}/${r.target}: ${r.state === 'waiting' && outcome === 'timeout' ? 'not finished' : r.state} (${neutralize(r.progress)})`);
    const pods = r.diagnoses.filter((d) => d.pod);
    if (r.state !== 'passed' && pods.length > 0) {
      for (const g of rollup(pods)) lines.push(`      ${neutralize(describeGroup(g, pods.length))}`);
    }
    if (r.state === 'waiting' && r.detail && pods.length === 0) lines.push(`      ${neutralize(r.detail)}`);
    if (r.reason) lines.push(`      ${neutralize(r.reason)}`);
    const extras = gateExtras(r, logs);
    for (const l of extras.logs) lines.push(`      last log lines of ${l.source}:`, ...l.lines.map((x) => `        | ${x}`));
    if (extras.rollback) lines.push(`      way back: ${extras.rollback}`);
  }
  const details = results.filter((r) => r.state !== 'passed');
  for (const r of details) {
    const shown = new Set<string>();
    for (const d of r.diagnoses) {
      if (d.status === 'healthy') continue;
      const key = `${d.status}|${d.stage}|${d.findings[0]?.rule ?? ''}`;
      if (shown.has(key)) continue; // replicas that share a cause are shown once
      shown.add(key);
      lines.push('', renderText(d, options).trimEnd());
    }
  }
  return lines.join('\n') + '\n';
}
