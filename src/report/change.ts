import type { Messages } from '../i18n/messages.js';
import type { Change } from '../revisions/change.js';
import type { FieldChange } from '../revisions/template-diff.js';
import { formatAge } from '../model/time.js';
import { clipIn, neutralize } from './sanitize.js';
import type { Paint } from './style.js';
import { wrap } from './width.js';

/** Changed fields shown in text before "… N more" (JSON carries them all). */
const SHOWN_FIELDS = 12;
const VALUE_MAX = 300;

/** A change in words, with no layout: the text, JUnit and GitHub reporters lay it out. */
export interface ChangeWords {
  /** `revision 7 (ReplicaSet web-…) against revision 6 (…), the last that worked: …`. */
  header: string;
  /** Each shown field (the ones tied to the cause first) and the lines that tie it. */
  fields: Array<{ line: string; links: string[] }>;
  more?: string;
  noise?: string;
  undo?: { label: string; command: string };
}

export function changeWords(change: Change, t: Messages, shown = SHOWN_FIELDS): ChangeWords {
  const r = t.revisions;
  const to = r.revision({ source: change.source, ...(change.to.revision !== undefined ? { revision: change.to.revision } : {}), name: change.to.name });
  if (!change.from) return { header: neutralize(r.missing({ to, missing: change.missing ?? 'no-earlier-revision', source: change.source })), fields: [] };
  const from = r.revision({ source: change.source, ...(change.from.revision !== undefined ? { revision: change.from.revision } : {}), name: change.from.name });
  const header = r.compared({
    to,
    from,
    evidence: change.from.evidence,
    ...(change.from.count !== undefined ? { count: change.from.count } : {}),
    ...(change.from.ranForSeconds !== undefined ? { ranFor: formatAge(change.from.ranForSeconds * 1000) } : {}),
    next: r.short({ ...(change.to.revision !== undefined ? { revision: change.to.revision } : {}), name: change.to.name }),
  });
  const tied = new Set(change.cause.map((l) => l.field));
  const ordered = [...change.fields.filter((f) => tied.has(f.field)), ...change.fields.filter((f) => !tied.has(f.field))];
  const fields = ordered.slice(0, shown).map((f) => ({
    line: neutralize(fieldLine(f, t)),
    links: change.cause.filter((l) => l.field === f.field).map((l) => r.link({ reason: l.reason, confidence: t.confidence[l.confidence], rule: l.rule })),
  }));
  const words: ChangeWords = { header: neutralize(header), fields };
  if (change.fields.length === 0) words.fields = [{ line: r.nothingChanged, links: [] }];
  if (ordered.length > shown) words.more = r.more({ n: ordered.length - shown });
  if (change.noise.length > 0) words.noise = neutralize(r.noise({ items: change.noise.join(t.report.listSeparator) }));
  if (change.undo && change.from.revision !== undefined) words.undo = { label: r.wayBack({ revision: from }), command: neutralize(change.undo) };
  return words;
}

function fieldLine(f: FieldChange, t: Messages): string {
  const r = t.revisions;
  const v = (s: string): string => clipIn(t, s, VALUE_MAX);
  if (f.withheld) return `~ ${f.field}: ${f.change === 'changed' ? r.valueChanged : f.change === 'added' ? r.added : r.removed}`;
  if (f.change === 'added') return `+ ${f.field}${f.to !== undefined ? `: ${v(f.to)}` : ''}`;
  if (f.change === 'removed') return `- ${f.field}${f.from !== undefined ? `: ${v(f.from)}` : ''}`;
  return `~ ${f.field}: ${v(f.from ?? '')} → ${v(f.to ?? '')}`;
}

/**
 * One line for the gate's summary, before the way back: the changed fields (the ones tied to the cause
 * first, with the surest tie's confidence), or that nothing in the Pod template changed. Undefined when
 * there is nothing to compare with (the detail below says why).
 */
export function changeSummary(change: Change | undefined, t: Messages, shown = 3): string | undefined {
  if (!change?.from) return undefined;
  const r = t.revisions;
  const since = r.short({ ...(change.from.revision !== undefined ? { revision: change.from.revision } : {}), name: change.from.name });
  if (change.fields.length === 0) return neutralize(r.summary({ since, fields: r.nothingChanged }));
  const tied = new Set(change.cause.map((l) => l.field));
  const ordered = [...change.fields.filter((f) => tied.has(f.field)), ...change.fields.filter((f) => !tied.has(f.field))];
  const mark = (f: FieldChange): string => `${f.change === 'added' ? '+' : f.change === 'removed' ? '-' : '~'} ${f.field}`;
  const first = change.cause[0];
  const names = ordered.slice(0, shown).map((f) => (first && f.field === first.field ? r.tiedShort({ field: mark(f), confidence: t.confidence[first.confidence] }) : mark(f)));
  if (ordered.length > shown) names.push(r.more({ n: ordered.length - shown }));
  return neutralize(r.summary({ since, fields: names.join(t.report.listSeparator) }));
}

/** The "What changed" section of a text report. */
export function renderChange(change: Change | undefined, c: Paint, w: number | undefined, t: Messages): string[] {
  if (!change) return [];
  const words = changeWords(change, t);
  const lines = ['', ...wrap(`${c.bold(t.revisions.heading)}  ${words.header}`, w, '', '  ')];
  for (const f of words.fields) {
    lines.push(...wrap(f.line, w, '  ', '      '));
    for (const l of f.links) lines.push(...wrap(l, w, '      ', '        ').map((x) => c.yellow(x)));
  }
  if (words.more) lines.push(c.dim(`  ${words.more}`));
  if (words.noise) lines.push(...wrap(words.noise, w, '  ', '    ').map((x) => c.dim(x)));
  if (words.undo) lines.push(...wrap(words.undo.label, w, '  ', '    '), `    ${words.undo.command}`); // a command is never wrapped: whole, ready to paste
  return lines;
}

/** The same words as plain lines (JUnit bodies, GitHub annotations, the gate's summary). */
export function changeLines(change: Change, t: Messages): string[] {
  const words = changeWords(change, t);
  return [
    `${t.revisions.heading}: ${words.header}`,
    ...words.fields.flatMap((f) => [`  ${f.line}`, ...f.links.map((l) => `      ${l}`)]),
    ...(words.more ? [`  ${words.more}`] : []),
    ...(words.noise ? [`  ${words.noise}`] : []),
    ...(words.undo ? [`  ${words.undo.label} ${words.undo.command}`] : []),
  ];
}
