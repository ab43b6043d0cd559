import type { GateResult } from '../engine/gate.js';
import { describeGroup, rollup } from '../engine/rollup.js';
import { messagesFor } from '../i18n/index.js';
import type { ReportOptions } from './options.js';
import { changeSummary } from './change.js';
import { gateExtras } from './gate-extras.js';
import { neutralize } from './sanitize.js';
import { paint } from './style.js';
import { suppressedLines } from './suppressed.js';
import { renderText } from './text.js';
import { wrap } from './width.js';

export type GateOutcome = 'passed' | 'failed' | 'timeout';

/** The gate's final summary: one line per workload, then the diagnosis of what failed (rolled up). */
export function renderGateText(results: readonly GateResult[], outcome: GateOutcome, elapsedMs: number, options: ReportOptions, logs: Readonly<Record<string, string>> = {}): string {
  const c = paint(options.color);
  const t = messagesFor(options.lang);
  const lines: string[] = [];
  const seconds = elapsedMs / 1000;
  lines.push(outcome === 'passed' ? c.green.bold(t.gate.passed({ seconds })) : outcome === 'failed' ? c.red.bold(t.gate.failed({ seconds })) : c.yellow.bold(t.gate.timedOut({ seconds })));
  // At a terminal a line longer than the width wraps under its own indentation (the diagnosis below does the
  // same); piped, each stays one line, as grep and CI logs want it.
  const say = (text: string, first: string, rest: string): void => void lines.push(...wrap(text, options.width, first, rest));
  for (const r of results) {
    const mark = r.state === 'passed' ? c.green('✔') : r.state === 'failed' ? c.red('✘') : c.yellow('…');
    say(t.gate.targetLine({ target: `${neutralize(r.namespace)}/${r.target}`, state: r.state === 'waiting' && outcome === 'timeout' ? t.gate.state.notFinished : t.gate.state[r.state], detail: neutralize(t.gate.rollout({ progress: r.progress })) }), `  ${mark} `, '      ');
    const pods = r.diagnoses.filter((d) => d.pod);
    if (r.state !== 'passed' && pods.length > 0) {
      for (const g of rollup(pods)) say(neutralize(describeGroup(g, pods.length, t)), '      ', '        ');
    }
    if (r.state === 'waiting' && r.detail && pods.length === 0) say(neutralize(r.detail), '      ', '        ');
    if (r.reason) say(neutralize(t.gate.rollout({ progress: r.reason })), '      ', '        ');
    const extras = gateExtras(r, logs);
    // The diagnosis below quotes the engine's selected log lines; the raw tail only when it quotes none (JUnit and GitHub keep it: they carry no evidence).
    const quoted = r.diagnoses.some((d) => d.status !== 'healthy' && d.findings.some((f) => f.evidence.some((e) => e.source === 'log')));
    if (!quoted) for (const l of extras.logs) lines.push(`      ${t.gate.lastLogLines({ source: l.source })}`, ...l.lines.map((x) => `        | ${x}`));
    const changed = r.state === 'failed' ? changeSummary(r.change, t) : undefined;
    if (changed) say(changed, '      ', '        ');
    if (extras.rollback) lines.push(`      ${t.gate.wayBack} ${extras.rollback}`);
  }
  // What suppressions kept out of the verdict, for every workload (passed ones too): never hidden.
  const hidden = suppressedLines(results.flatMap((r) => r.diagnoses), options, t, true);
  if (hidden.length > 0) lines.push(...hidden.map((l) => `  ${l}`));
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
