import type { Diagnosis } from '../engine/diagnosis.js';
import type { GateResult } from '../engine/gate.js';
import type { Lang } from '../i18n/lang.js';
import { messagesFor } from '../i18n/index.js';
import type { GateOutcome } from './gate.js';
import { changeLines } from './change.js';
import { gateExtras } from './gate-extras.js';

// XML 1.0 forbids most control characters even when escaped.
const INVALID_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function xml(text: string): string {
  return text.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The findings suppressions kept out of these verdicts, as a test case's `<system-out>` (empty: none). */
export function suppressedOut(diagnoses: readonly Diagnosis[]): string {
  const lines = diagnoses.flatMap((d) => (d.suppressed ?? []).map((f) => `suppressed [${f.rule}] by ${f.suppressedBy.source}${f.suppressedBy.reason ? `: ${f.suppressedBy.reason}` : ''}`));
  return lines.length > 0 ? `\n      <system-out>${xml(lines.join('\n'))}</system-out>` : '';
}

/** JUnit XML: one test case per workload; a failure carries the diagnosis, `<system-out>` what was suppressed. */
export function renderJunit(results: readonly GateResult[], outcome: GateOutcome, elapsedMs: number, timestamp: string, logs: Readonly<Record<string, string>> = {}, lang?: Lang): string {
  const t = messagesFor(lang).gate;
  const failed = results.filter((r) => r.state !== 'passed');
  const seconds = (elapsedMs / 1000).toFixed(3);
  const cases = results.map((r) => {
    const open = `    <testcase classname="kdiag.gate.${xml(r.namespace)}" name="${xml(r.target)}" time="${seconds}">`;
    const hidden = suppressedOut(r.diagnoses);
    if (r.state === 'passed') return hidden ? `${open}${hidden}\n    </testcase>` : `${open}</testcase>`;
    const type = r.state === 'failed' ? 'failing' : outcome === 'timeout' ? 'timeout' : r.state;
    const progress = t.rollout({ progress: r.progress });
    const message = r.reason ? t.rollout({ progress: r.reason }) : (type === 'timeout' ? t.junitTimedOut({ progress }) : progress);
    const body = r.diagnoses
      .filter((d) => d.status !== 'healthy')
      .map((d) => `${t.junitSubject({ ...(d.pod ? { pod: d.pod.name } : { kind: d.workload?.kind ?? '', name: d.workload?.name ?? '' }), status: d.status, stage: d.stage })}: ${d.summary}${d.findings[0] ? ` [${d.findings[0].rule}]` : ''}${d.findings[0]?.remediation.length ? `\n  ${t.junitFix} ${d.findings[0].remediation.join(`\n  ${t.junitFix} `)}` : ''}`)
      .join('\n');
    const extras = gateExtras(r, logs);
    const more = [
      ...(r.change ? [changeLines(r.change, messagesFor(lang)).join('\n')] : []),
      ...extras.logs.map((l) => `${t.lastLogLines({ source: l.source })}\n${l.lines.map((x) => `  | ${x}`).join('\n')}`),
      ...(extras.rollback ? [`${t.wayBack} ${extras.rollback}`] : []),
    ].join('\n');
    return `${open}\n      <failure message="${xml(message)}" type="${type}">${xml([body || message, more].filter(Boolean).join('\n'))}</failure>${hidden}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="kdiag gate" tests="${results.length}" failures="${failed.length}" errors="0" time="${seconds}">`,
    `  <testsuite name="kdiag gate" tests="${results.length}" failures="${failed.length}" errors="0" skipped="0" time="${seconds}" timestamp="${xml(timestamp)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
