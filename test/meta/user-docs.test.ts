// What users read: README stays short, every example block is a real run, and no project-internal talk
// (issue numbers, work-session history, paths outside the repository) leaks into it or into docs/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module (scripts/readme-examples.mjs writes the blocks this checks)
import { renderReadme } from '../../scripts/readme-examples.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const USER_DOCS = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const FORBIDDEN: Array<[string, RegExp]> = [
  ['an issue number', /\bissues? #\d+|\(#\d+\)|\bissue's\b/i],
  ['work-session talk', /\bthis (session|round)\b|\blast (session|round)\b/i],
  ['the machine the work was done on', /\bthis machine\b/i],
  ['a path outside the repository', /\.\.\/shared\b|\/work\/|\/root\//],
  ['history ("was" figures)', /\(was \d/],
];

describe('user-facing docs', () => {
  it('README is at most 250 lines', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(250);
  });

  it.each(USER_DOCS)('%s has no project-internal words', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const found = FORBIDDEN.flatMap(([what, re]) => text.split('\n').flatMap((line, i) => (re.test(line) ? [`${file}:${i + 1}: ${what}: ${line.trim().slice(0, 100)}`] : [])));
    expect(found).toEqual([]);
  });

  it('the forbidden-words check finds what it is for', () => {
    const sample = 'Where the targets stand (issue #14)\nmeasured in this session\nsee ../shared/reference\n1.2 s (was 3 s)';
    expect(FORBIDDEN.filter(([, re]) => sample.split('\n').some((l) => re.test(l))).length).toBe(4);
  });

  it('README\'s examples are what kdiag prints for them (node scripts/readme-examples.mjs rewrites them)', () => {
    expect(README).toMatch(/```\n\$ kdiag /);
    expect(renderReadme(README)).toBe(README);
  }, 60_000);
});
