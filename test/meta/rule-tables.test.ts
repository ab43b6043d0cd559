// Every rule's test table, imported as data (not grepped as text): a firing row that checks what the rule
// says, a near miss, a firing row on real Kubernetes output (a capture in
// fixtures/real) unless the rule is listed in rules-without-real-firing.json, and every near miss that calls
// itself another rule's case names that rule (test/harness/rule-tester.ts then checks it through the engine).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../src/rules/index.js';
import { collectedTables, collectTables, otherRuleOf } from '../harness/rule-tester.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** Why the test cluster cannot produce the rule's case, and where the words it matches come from upstream. */
interface WithoutReal {
  reason: string;
  source: string;
}
const WITHOUT_REAL = JSON.parse(readFileSync(resolve(import.meta.dirname, 'rules-without-real-firing.json'), 'utf8')) as Record<string, WithoutReal>;
/** A public address, or an upstream file path with the function in it that prints (or sets) the message. */
const URL_SOURCE = /\bhttps:\/\/[\w.-]+\/\S+/;
const FILE_AND_FUNCTION = /\b[\w.-]+(?:\/[\w.-]+)+\.(?:go|c|rs|py|sh)\b[^;]*?(?:\([^)]*\)\.)?\b[A-Za-z_]\w*\(\)/;
const ids = new Set(ALL_RULES.map((r) => r.id));
/** Rule id -> the captures in fixtures/real whose `# expect:`, `# expect-workload:` or `# expect-traffic:` header names it. */
const REAL_EXPECTS = new Map<string, string[]>();
for (const f of readdirSync(resolve(ROOT, 'fixtures/real'))) {
  const head = readFileSync(resolve(ROOT, 'fixtures/real', f), 'utf8').split('\n').slice(0, 40);
  for (const line of head.filter((l) => /^# expect(-workload|-traffic)?: /.test(l))) {
    const id = / rule=(\S+)/.exec(line)?.[1];
    if (id) REAL_EXPECTS.set(id, [...(REAL_EXPECTS.get(id) ?? []), `fixtures/real/${f}`]);
  }
}

// A query makes each file a module of its own here, so a table is read even if this worker ran its file already.
for (const rule of ALL_RULES) {
  const file = resolve(ROOT, 'test/rules', `${rule.id}.test.ts`);
  if (existsSync(file)) await collectTables(() => import(`${pathToFileURL(file).href}?tables`));
}

describe('rule test tables', () => {
  it('the list of rules without a real firing row names only rules, each with a reason and the public source of its words', () => {
    for (const [id, entry] of Object.entries(WITHOUT_REAL)) {
      expect(ids.has(id), id).toBe(true);
      expect(Object.keys(entry).sort(), `${id}: exactly a reason and a source`).toEqual(['reason', 'source']);
      expect(typeof entry.reason === 'string' && entry.reason.trim().length, `${id}: why the test cluster cannot produce it`).toBeGreaterThan(20);
      expect(typeof entry.source === 'string' && (URL_SOURCE.test(entry.source) || FILE_AND_FUNCTION.test(entry.source)), `${id}: source names a URL or an upstream file and function, e.g. pkg/kubelet/images/image_manager.go (*imageManager).EnsureImageExists()`).toBe(true);
    }
  });

  it('the source check takes a file with its function or an address, and nothing less', () => {
    expect(FILE_AND_FUNCTION.test('pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest() (`Too many pods`)')).toBe(true);
    expect(FILE_AND_FUNCTION.test('pkg/kubelet/images/image_manager.go (*imageManager).EnsureImageExists()')).toBe(true);
    expect(URL_SOURCE.test('https://docs.docker.com/docker-hub/usage/')).toBe(true);
    // Near misses: a file with no function, a function with no file, a bare host.
    expect(FILE_AND_FUNCTION.test('pkg/kubelet/images/image_manager.go (`Pulling image`)')).toBe(false);
    expect(FILE_AND_FUNCTION.test('EnsureImageExists() in the kubelet')).toBe(false);
    expect(URL_SOURCE.test('docs.docker.com')).toBe(false);
  });

  for (const rule of ALL_RULES) {
    describe(rule.id, () => {
      const tables = collectedTables.filter((t) => t.rule.id === rule.id);

      it('its test file declares exactly one table for it', () => {
        expect(tables, `test/rules/${rule.id}.test.ts calls runRuleTests(${rule.id}, …)`).toHaveLength(1);
      });

      it('a firing row that checks what the rule says (its message or evidence)', () => {
        const invalid = tables[0]?.cases.invalid ?? [];
        const checked = invalid.filter((row) => row.expect.length > 0 && row.expect.every((e) => e.message !== undefined || e.evidence !== undefined));
        expect(checked.map((r) => r.name), 'firing rows whose every expected finding names a message or evidence').not.toEqual([]);
      });

      it('a near miss (a row that must not fire)', () => {
        expect(tables[0]?.cases.valid.length ?? 0, 'near-miss rows').toBeGreaterThan(0);
      });

      it('a firing row on real output (fixtures/real), or a listed reason why not yet', () => {
        // A table row on a capture, or a capture whose `# expect:` (or `# expect-workload:`, `# expect-traffic:`)
        // header names the rule (the whole engine, or for traffic lines the CLI, must
        // then give it as the primary cause: test/scenarios/fixtures.test.ts).
        const real = [...(tables[0]?.cases.invalid ?? []).filter((row) => row.fixture?.startsWith('real/')).map((r) => r.name), ...(REAL_EXPECTS.get(rule.id) ?? [])];
        if (WITHOUT_REAL[rule.id] !== undefined) {
          // The list only shrinks: a rule that has gained a real firing row comes off it.
          expect(real, `${rule.id} fires on real output now: remove it from rules-without-real-firing.json`).toEqual([]);
        } else {
          expect(real, `${rule.id}: capture a scenario (test/cluster/capture.sh) or add a firing row with fixture: 'real/<capture>.yaml'`).not.toEqual([]);
        }
      });

      it('every near miss that says it is another rule\'s case names that rule', () => {
        for (const row of tables[0]?.cases.valid ?? []) {
          const other = otherRuleOf(row);
          if (/another rule|belongs to|other rule/i.test(row.name)) expect(other, `"${row.name}": set belongsTo to the rule's id`).toBeDefined();
          if (other !== undefined) {
            expect(ids.has(other), `"${row.name}" belongs to ${other}: no such rule`).toBe(true);
            expect(other).not.toBe(rule.id);
          }
        }
      });
    });
  }
});
