// Every error message, hint and note kdiag writes itself (found in src/ by test/harness/error-texts.ts, with
// the TypeScript compiler API) renders in zh-TW with no English sentence left, and every name, path, flag,
// number and quoted server text put into it comes through unchanged. A new message that no phrase or
// catalogue entry covers fails here, with its place and its sample line.
import { describe, expect, it } from 'vitest';
import { zhTW } from '../../src/i18n/zh-TW.js';
import { en } from '../../src/i18n/en.js';
import { hasCJK } from '../../src/i18n/rule-messages/phrase.js';
import { collectErrorTexts, type ErrorText } from '../harness/error-texts.js';
import { englishLeft } from '../harness/english-left.js';

/** Texts the extractor cannot trace (file, the expression it stopped at), each with why it needs no phrase of its own. */
const UNTRACED: ReadonlyArray<readonly [string, string, string]> = [
  // visibilityNotes pushes clockNote(…): the extractor follows it into the clock lookup, not the catalogue call
  ['src/engine/diagnose.ts', 'this.lastClock', 'the clock note: Messages.notes.clock, fixedClock and liveClock (typed catalogue)'],
  ['src/engine/diagnose.ts', 'meta.clocks', 'the clock note: Messages.notes.clock, fixedClock and liveClock (typed catalogue)'],
  // the expired-entry note quotes the date the user wrote (checked by validDate): a phrase covers the sentence
  ['src/engine/ignore-config.ts', 'entry.expires', 'a date from .kdiag.yaml, inside the phrase "this ignore entry expired on {date} …"'],
  // the traffic path's notes come from its own typed catalogue (src/i18n/traffic.ts and traffic.zh-TW.ts)
  ['src/traffic/path/ingress-path.ts', 'm.', 'typed catalogue: src/i18n/traffic.zh-TW.ts'],
  ['src/traffic/path/service-path.ts', 'm.', 'typed catalogue: src/i18n/traffic.zh-TW.ts'],
  // the user's own --from text, quoted inside the phrase 'cannot read the client "{t:q}"'
  ['src/traffic/path/clients.ts', 'from', 'quoted user input in a phrased message'],
];
const untraced = (t: ErrorText): boolean => UNTRACED.some(([file, expr]) => t.where.startsWith(`${file}:`) && t.dynamic!.startsWith(expr));

/** Whether `name` occurs in `text` as a whole (not `in` inside `invalid`). */
const hasName = (text: string, name: string): boolean => new RegExp(`(?<![A-Za-z0-9_-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-])`).test(text);

/** What of `zh` is left once the names put into it are set aside. */
function withoutNames(zh: string, names: readonly string[]): string {
  let rest = zh;
  for (const name of [...names].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ');
  return rest;
}

/** Why one sample line is not covered, or undefined when it is. */
function problem(t: ErrorText, sample: string): string | undefined {
  const zh = zhTW.errors.text({ text: sample });
  // a list of names (`api-1, api-2`) is kept name by name: Chinese lists them with 、
  const names = t.names.flatMap((n) => n.split(', ')).filter((n) => hasName(sample, n));
  const lost = names.filter((n) => !hasName(zh, n));
  if (lost.length > 0) return `lost ${lost.map((n) => `"${n}"`).join(', ')}: ${zh}`;
  const rest = withoutNames(zh, names);
  const left = englishLeft(rest);
  if (left.length > 0) return `English left (${left.join(' | ')}): ${zh}`;
  // Nothing but names (a server's own message, passed on whole) needs no Chinese; kdiag's words do.
  if (!hasCJK(zh) && /[A-Za-z]{2,}/.test(rest)) return `not translated: ${zh}`;
  return undefined;
}

describe('every error, hint and note kdiag writes, in zh-TW', () => {
  const texts = collectErrorTexts();

  it('finds the messages in src/ (the extractor is not blind)', () => {
    // Far fewer would mean the extractor stopped seeing a kind of site.
    expect(texts.filter((t) => t.role === 'message').length).toBeGreaterThan(80);
    expect(texts.filter((t) => t.role === 'hint').length).toBeGreaterThan(50);
    expect(texts.filter((t) => t.role === 'note').length).toBeGreaterThan(5);
    expect(texts.filter((t) => t.role === 'warning').length).toBeGreaterThan(5);
    const where = texts.map((t) => t.where);
    for (const file of ['src/cli/io.ts', 'src/engine/label-selector.ts', 'src/sources/dump.ts', 'src/sources/cluster/api-errors.ts', 'src/sources/cluster/collector.ts', 'src/sources/dump-directory.ts']) {
      expect(where.some((w) => w.startsWith(`${file}:`)), file).toBe(true);
    }
    // a template's `${…}` is traced to what it holds: the label selector's reasons, through its local fail()
    expect(texts.flatMap((t) => t.samples)).toContain('cannot read the label selector "app=(": missing ")"');
  });

  it('every text is traced, or listed here with the reason it needs no phrase', () => {
    const left = texts.filter((t) => t.dynamic && !untraced(t)).map((t) => `${t.where}: ${t.dynamic}`);
    expect(left).toEqual([]);
  });

  it('renders each in Chinese, names, paths, flags and numbers kept', () => {
    const uncovered: string[] = [];
    for (const t of texts) {
      if (t.dynamic) continue;
      for (const sample of t.samples) {
        const why = problem(t, sample);
        if (why) uncovered.push(`${t.where} (${t.role}) ${sample}\n    → ${why}`);
      }
    }
    // KDIAG_COVERAGE_LIST=1 prints the whole list (the assertion shows only its start).
    if (process.env.KDIAG_COVERAGE_LIST) console.log(`${uncovered.length} of ${texts.reduce((n, t) => n + t.samples.length, 0)} sample lines (${new Set(uncovered.map((u) => u.split(' ')[0])).size} of ${texts.length} places) not covered:\n${uncovered.join('\n')}`);
    expect(uncovered, `${uncovered.length} sample lines not covered`).toEqual([]);
  });

  it('leaves English as written', () => {
    for (const t of texts) for (const sample of t.samples) expect(en.errors.text({ text: sample })).toBe(sample);
  });

  it('the check itself: a line no phrase covers is reported', () => {
    const odd: ErrorText = { where: 'x', role: 'message', samples: ['the widget frobnicated in namespace shop'], names: ['shop'] };
    expect(problem(odd, odd.samples[0]!)).toMatch(/not translated|English left/);
    const half: ErrorText = { where: 'x', role: 'message', samples: ['dump.yaml: no such file or directory; and then the widget broke'], names: ['dump.yaml'] };
    expect(problem(half, half.samples[0]!)).toMatch(/English left/);
  });
});
