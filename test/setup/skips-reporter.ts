// Every skipped test is named at the end of the run with its reason. Under CI=true a skip fails the run
// unless test/skips.json lists it (file and full test name) with its reason: a check that silently stopped
// running is a check CI no longer makes. README.md ("Tests") names the file.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface AllowedSkip {
  /** `test/dir/file.test.ts > describe > test name`, as this reporter prints it. */
  test: string;
  reason: string;
}

const ROOT = resolve(import.meta.dirname, '../..');
export const SKIPS_FILE = resolve(ROOT, 'test/skips.json');

export function allowedSkips(): AllowedSkip[] {
  const list = JSON.parse(readFileSync(SKIPS_FILE, 'utf8')) as AllowedSkip[];
  for (const s of list) if (typeof s.test !== 'string' || typeof s.reason !== 'string' || s.reason.trim() === '') throw new Error(`${SKIPS_FILE}: every entry needs a test and a reason`);
  return list;
}

export default class SkipsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const skipped: string[] = [];
    for (const m of modules) {
      const file = relative(ROOT, m.moduleId);
      for (const t of m.children.allTests()) if (t.result().state === 'skipped') skipped.push(`${file} > ${t.fullName}`);
    }
    if (skipped.length === 0) return;
    const allowed = new Map(allowedSkips().map((s) => [s.test, s.reason]));
    const unlisted = skipped.filter((s) => !allowed.has(s));
    const ci = process.env.CI === 'true' || process.env.CI === '1';
    console.log(`\n${skipped.length} skipped test(s):`);
    for (const s of skipped) console.log(`  ${s}${allowed.has(s) ? ` (listed: ${allowed.get(s)})` : ''}`);
    if (ci && unlisted.length > 0) {
      console.log(`\nCI=true: ${unlisted.length} skipped test(s) not listed in test/skips.json with a reason; a skip in CI is a failure.`);
      process.exitCode = 1;
    }
  }
}
