import type { Diagnosis } from '../engine/diagnosis.js';
import type { Messages } from '../i18n/index.js';
import type { ReportOptions } from './options.js';
import { clipIn } from './sanitize.js';
import { subjectName } from './subject.js';
import { wrap } from './width.js';

const TEXT_MAX = 1000;

/**
 * What suppressions kept out of the verdicts, never silent: one line counting them and naming where they
 * were asked (`2 findings suppressed (.kdiag.yaml:12, annotation on deploy/web) — --show-suppressed`),
 * then, with --show-suppressed, each of them. `perItem`: name the Pod or workload on each (a list).
 */
export function suppressedLines(items: readonly Diagnosis[], options: ReportOptions, t: Messages, perItem: boolean): string[] {
  let count = 0;
  const sources = new Set<string>();
  for (const d of items) {
    for (const f of d.suppressed ?? []) {
      count++;
      sources.add(f.suppressedBy.source);
    }
  }
  if (count === 0) return [];
  const shown = options.showSuppressed === true;
  const named = [...sources].map((source) => t.suppressed.source({ source })).join(t.report.listSeparator);
  const lines = wrap(t.suppressed.line({ count, sources: clipIn(t, named, TEXT_MAX), shown }), options.width, '', '  ');
  if (!shown) return lines;
  for (const d of items) {
    for (const f of d.suppressed ?? []) {
      const head = `${perItem ? `${clipIn(t, subjectName(d), 320)}: ` : ''}[${f.rule}] ${clipIn(t, f.message, TEXT_MAX)}`;
      lines.push(...wrap(head, options.width, '  - ', '    '));
      lines.push(...wrap(clipIn(t, t.suppressed.by({ source: t.suppressed.source({ source: f.suppressedBy.source }), ...(f.suppressedBy.reason ? { reason: f.suppressedBy.reason } : {}) }), TEXT_MAX), options.width, '    ', '    '));
    }
  }
  return lines;
}
