import type { Diagnosis } from '../engine/diagnosis.js';
import { messagesFor } from '../i18n/index.js';
import type { Lang } from '../i18n/lang.js';
import { suppressedOut, xml } from './junit.js';

/**
 * JUnit XML for a list (`analyze`, `scan`): one test case per Pod or workload, a failure for each item
 * `failed` says counts against the run (the same rule as the exit code, so the file and the exit code agree).
 * Suppressed findings are named in the case's system-out, never dropped.
 */
export function renderJunitList(items: Iterable<Diagnosis>, command: 'analyze' | 'scan', failed: (d: Diagnosis) => boolean, timestamp: string, lang?: Lang): string {
  const t = messagesFor(lang).gate;
  const cases: string[] = [];
  let count = 0;
  let failures = 0;
  for (const d of items) {
    count++;
    const namespace = d.pod?.namespace ?? d.workload?.namespace ?? '';
    const name = d.pod ? d.pod.name : `${d.workload?.kind.toLowerCase() ?? ''}/${d.workload?.name ?? ''}`;
    const open = `    <testcase classname="kdiag.${command}.${xml(namespace)}" name="${xml(name)}" time="0">`;
    const out = suppressedOut([d]);
    if (!failed(d)) {
      cases.push(out ? `${open}${out}\n    </testcase>` : `${open}</testcase>`);
      continue;
    }
    failures++;
    const f = d.findings[0];
    const subject = t.junitSubject({ ...(d.pod ? { pod: d.pod.name } : { kind: d.workload?.kind ?? '', name: d.workload?.name ?? '' }), status: d.status, stage: d.stage });
    const body = `${subject}: ${d.summary}${f ? ` [${f.rule}]` : ''}${f?.remediation.length ? `\n  ${t.junitFix} ${f.remediation.join(`\n  ${t.junitFix} `)}` : ''}`;
    const others = d.findings.slice(1).filter((x) => x.severity !== 'info').map((x) => `  ${x.severity}: ${x.message} [${x.rule}]`);
    cases.push(`${open}\n      <failure message="${xml(d.summary)}" type="${d.status === 'failing' ? 'failing' : 'warning'}">${xml([body, ...others].join('\n'))}</failure>${out}\n    </testcase>`);
  }
  const suite = `kdiag ${command}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${suite}" tests="${count}" failures="${failures}" errors="0" time="0">`,
    `  <testsuite name="${suite}" tests="${count}" failures="${failures}" errors="0" skipped="0" time="0" timestamp="${xml(timestamp)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
