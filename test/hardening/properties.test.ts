// Property-based hardening: the dump reader and the engine take random and mutated Kubernetes objects
// (dropped fields, wrong types, nulls, 100 KB strings, odd Unicode, deep nesting, prototype keys, junk
// in arrays) and must never throw anything but InputError, always produce a valid kdiag/v1 document,
// and never let a control character reach a text report. Fixed seed; the case counts are printed.
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify as yamlStringify } from 'yaml';
import { diagnoseAll } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { ALL_RULES } from '../../src/rules/index.js';
import type { PodRule } from '../../src/rules/types.js';
import { diagnosisList, type Diagnosis } from '../../src/engine/diagnosis.js';
import { InputError } from '../../src/errors.js';
import { OUTPUT_FORMATS, renderDiagnosis, renderList } from '../../src/report/render.js';
import { renderScanText } from '../../src/report/table.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import { parseDumpText } from '../../src/sources/parse-dump-text.js';
import { FUZZING, fuzzRuns } from '../support/budgets.js';
import { applyMutation, clone, junk, loadScenarios, mutationArb, ROOT, unsafeAt } from './hostile.js';

const SEED = 20261130;
// npm test runs a quarter of the base counts (test/support/budgets.ts); `npm run fuzz` (KDIAG_FUZZ_SCALE=32) the
// same properties, same seed, base × 32 (≥ 100k cases).
// KDIAG_FUZZ_BUDGET (seconds; `npm run fuzz` sets one): each of the five properties stops after a fifth of it
// (fast-check's time limit, counted, not a failure), so a nightly run ends when planned; the counts say how far.
const BUDGET_MS = Math.max(0, Number(process.env.KDIAG_FUZZ_BUDGET ?? 0) || 0) * 1000;
const LIMIT = BUDGET_MS > 0 ? { interruptAfterTimeLimit: BUDGET_MS / 5, markInterruptAsFailure: false } : {};
/** vitest's per-test timeout: the sample keeps it; a scaled run is bounded by its budget instead (0: none). */
const timeout = (ms: number): number => (FUZZING ? (BUDGET_MS > 0 ? BUDGET_MS / 5 + 600_000 : 0) : ms);
/** A long synchronous run starves vitest's worker RPC (the onTaskUpdate timeout): give the event loop a turn every 100 ms. */
let lastBreath = Date.now();
async function breathe(): Promise<void> {
  if (Date.now() - lastBreath < 100) return;
  await new Promise((r) => setImmediate(r));
  lastBreath = Date.now();
}
const RUNS = Object.fromEntries(Object.entries({ parse: 500, slices: 200, files: 300, objects: 1000, engine: 1200 }).map(([k, n]) => [k, fuzzRuns(n)])) as Record<'parse' | 'slices' | 'files' | 'objects' | 'engine', number>;

const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(join(ROOT, 'schema/kdiag-v1.schema.json'), 'utf8')));
const scenarios = loadScenarios();
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-props-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Cases generated per property, and the rules that threw (the engine turns those into notes for users; here each fails the case). */
const counts: Record<string, number> = {};
const ruleFailures = new Map<string, { count: number; example: string }>();
afterAll(() => {
  console.log(`hardening properties (seed ${SEED}): ${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ')}; total ${Object.values(counts).reduce((a, b) => a + b, 0)} generated cases`);
  for (const [rule, { count, example }] of ruleFailures) console.log(`  rule exception caught by the engine: ${rule} ×${count}: ${example}`);
});
const count = (name: string): void => {
  counts[name] = (counts[name] ?? 0) + 1;
};

/** Only InputError may escape the reader; anything else is a crash. */
function readerOutcome<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (err instanceof InputError) {
      expect(err.message.split('\n')).toHaveLength(1);
      return undefined;
    }
    throw err;
  }
}

const SGR = /\u001b\[[0-9;]*m/g;

function checkText(text: string, what: string): void {
  const bad = unsafeAt(text);
  if (bad) throw new Error(`${what}: control character ${bad}`);
}

/** Every diagnosis is a valid kdiag/v1 document, and every reporter renders it safely. */
function checkDiagnoses(items: Diagnosis[], now: number): void {
  for (const d of items) {
    const doc = JSON.parse(renderDiagnosis(d, 'json', { color: false }));
    if (!validate(doc)) throw new Error(`invalid kdiag/v1 Diagnosis: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    // JSON above; YAML of every item is rendered with the list below.
    checkText(renderDiagnosis(d, 'text', { color: false, now }), 'text report');
    checkText(renderDiagnosis(d, 'markdown', { color: false, now }), 'markdown report');
    checkText(renderDiagnosis(d, 'text', { color: true, verbose: true, now }).replace(SGR, ''), 'coloured text report');
    for (const n of d.notes) {
      const m = /^rule (\S+) failed on this (?:Pod|workload) and was skipped: (.*)$/s.exec(n);
      if (m) {
        const entry = ruleFailures.get(m[1]!) ?? { count: 0, example: m[2]!.slice(0, 160) };
        entry.count++;
        ruleFailures.set(m[1]!, entry);
        // A rule that crashes on mutated input is the bug fuzzing exists to find: fail the case (fast-check
        // shrinks it and prints the seed and path that reproduce it).
        throw new Error(`rule ${m[1]} threw on this input: ${m[2]}`);
      }
    }
  }
  const list = diagnosisList(items);
  const doc = JSON.parse(renderList(list, 'json', { color: false }));
  if (!validate(doc)) throw new Error(`invalid kdiag/v1 DiagnosisList: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  for (const format of OUTPUT_FORMATS) {
    const out = renderList(list, format, { color: false, now, width: 80 });
    if (format === 'text' || format === 'markdown') checkText(out, `${format} list`);
  }
  checkText(renderScanText(items, ['a note'], { color: false, now }), 'scan table');
}

/** The engine over one snapshot: every Pod, then everything; only valid, safely rendered documents. */
function runEngine(objects: unknown[]): void {
  const snapshot = readerOutcome(() => snapshotFromObjects(objects));
  if (!snapshot) return; // nested deeper than the reader accepts
  const engine = new Engine(snapshot);
  const pods = snapshot.pods.map((p) => engine.diagnosePod(p));
  const all = diagnoseAll(engine);
  checkDiagnoses([...pods, ...all.filter((d) => d.pod === null)], engine.now);
}

const scenarioArb = fc.nat({ max: scenarios.length - 1 }).map((i) => scenarios[i]!);

/** A fixture scenario with mutations applied to its objects, plus a few junk documents. */
const mutatedObjects = fc
  .record({
    scenario: scenarioArb,
    mutations: fc.array(mutationArb, { minLength: 1, maxLength: 8 }),
    extra: fc.array(junk, { maxLength: 3 }),
    donor: fc.option(scenarioArb, { nil: undefined }),
  })
  .map(({ scenario, mutations, extra, donor }) => {
    const objects = clone(scenario.objects);
    if (donor) objects.push(...clone(donor.objects).slice(0, 4)); // objects of another scenario mixed in
    for (const m of mutations) applyMutation(objects, m);
    objects.push(...clone(extra));
    return objects;
  });

type Format = 'json' | 'json-pretty' | 'json-concat' | 'yaml' | 'yaml-docs' | 'list-json';

function serialize(objects: unknown[], format: Format): string | undefined {
  try {
    switch (format) {
      case 'json':
        return JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects });
      case 'list-json':
        return JSON.stringify(objects);
      case 'json-pretty':
        return JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }, null, 4);
      case 'json-concat':
        return objects.map((o) => JSON.stringify(o, null, 2) ?? 'null').join('\n');
      case 'yaml':
        return yamlStringify({ apiVersion: 'v1', kind: 'List', items: objects }, { lineWidth: 0, indentSeq: false });
      case 'yaml-docs':
        return objects.map((o) => yamlStringify(o ?? null, { lineWidth: 0 })).join('---\n');
    }
  } catch {
    return undefined; // not serialisable (deeper than the serialiser goes): nothing to feed kdiag
  }
}

/** Text damage on top of object damage: truncation, inserted junk, controls, duplicated or dropped lines. */
const textDamage = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), text: fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('\u0000', '\u001b[2J', '&a', '*a', '<<: *x', ':', '- ', '{', '}', '[', ']', '"', "'", '\n---\n', '\n...\n', '\t', '\r\n', '\ufeff', '%YAML 1.1\n', '!!binary', '? ')) }),
  fc.record({ kind: fc.constant('drop-line' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('dup-line' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('crlf-bom' as const) }),
);
type TextDamage = typeof textDamage extends fc.Arbitrary<infer T> ? T : never;

function damage(text: string, d: TextDamage): string {
  const pos = 'at' in d ? Math.floor(d.at * text.length) : 0;
  switch (d.kind) {
    case 'none':
      return text;
    case 'truncate':
      return text.slice(0, pos);
    case 'insert':
      return text.slice(0, pos) + d.text + text.slice(pos);
    case 'crlf-bom':
      return '\ufeff' + text.replace(/\n/g, '\r\n');
    case 'drop-line':
    case 'dup-line': {
      const lines = text.split('\n');
      const i = Math.floor(d.at * lines.length);
      if (d.kind === 'drop-line') lines.splice(i, 1);
      else lines.splice(i, 0, lines[i] ?? '');
      return lines.join('\n');
    }
  }
}

const formatArb = fc.constantFrom<Format>('json', 'json-pretty', 'json-concat', 'yaml', 'yaml-docs', 'list-json');

describe('hardening properties (fast-check, fixed seed)', () => {
  it(`parseDumpText on serialised, mutated and damaged dumps throws nothing but InputError (${RUNS.parse} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(mutatedObjects, formatArb, textDamage, async (objects, format, d) => {
        await breathe();
        const text = serialize(objects, format);
        if (text === undefined) return;
        count('parseDumpText');
        const parsed = readerOutcome(() => parseDumpText(damage(text, d), 'gen.dump'));
        if (parsed) readerOutcome(() => snapshotFromObjects(parsed.values));
      }),
      { seed: SEED, numRuns: RUNS.parse, ...LIMIT },
    );
  }, timeout(60_000));

  it(`a big YAML List parsed in slices gives exactly what parsing it whole gives (${RUNS.slices} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(mutatedObjects, fc.boolean(), fc.constantFrom('\n', '\r\n'), async (objects, indentSeq, eol) => {
        await breathe();
        let text: string;
        try {
          text = yamlStringify({ apiVersion: 'v1', items: objects, kind: 'List', metadata: { resourceVersion: '' } }, { lineWidth: 0, indentSeq }).replace(/\n/g, eol);
        } catch {
          return;
        }
        count('sliced YAML');
        const outcome = (sliceAbove: number): unknown => {
          try {
            return parseDumpText(text, 'gen.yaml', { sliceAbove });
          } catch (err) {
            // The same error on the same line: the slices name what reading the whole file names.
            if (err instanceof InputError) return `InputError: ${err.message}`;
            throw err;
          }
        };
        expect(outcome(0)).toEqual(outcome(Number.POSITIVE_INFINITY));
      }),
      { seed: SEED + 4, numRuns: RUNS.slices, ...LIMIT },
    );
  }, timeout(60_000));

  it(`readDumps on temp files (plain, gzip, BOM, CRLF) throws nothing but InputError, then diagnoses (${RUNS.files} runs)`, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(mutatedObjects, formatArb, textDamage, fc.boolean(), async (objects, format, d, gzip) => {
        await breathe();
        const text = serialize(objects, format);
        if (text === undefined) return;
        count('readDumps');
        const body = Buffer.from(damage(text, d), 'utf8');
        const file = join(tmp, `case-${n++}.${format.startsWith('yaml') ? 'yaml' : 'json'}${gzip ? '.gz' : ''}`);
        writeFileSync(file, gzip ? gzipSync(body) : body);
        const result = readerOutcome(() => readDumps([file]));
        rmSync(file);
        if (!result) return;
        for (const w of result.warnings) checkText(w, 'reader warning');
        const engine = new Engine(result.snapshot);
        checkDiagnoses(diagnoseAll(engine), engine.now);
      }),
      { seed: SEED + 1, numRuns: RUNS.files, ...LIMIT },
    );
  }, timeout(60_000));

  it(`snapshotFromObjects takes any values at all (${RUNS.objects} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(junk, fc.anything({ maxDepth: 4, withNullPrototype: true, withObjectString: true })), { maxLength: 10 }), mutatedObjects, async (values, objects) => {
        await breathe();
        count('snapshotFromObjects');
        const snapshot = readerOutcome(() => snapshotFromObjects([...values, ...objects, { kind: 'List', items: values }]));
        if (snapshot) expect(Array.isArray(snapshot.pods)).toBe(true);
      }),
      { seed: SEED + 2, numRuns: RUNS.objects, ...LIMIT },
    );
  }, timeout(60_000));

  it(`the engine and every reporter take mutated snapshots: valid kdiag/v1, no control characters (${RUNS.engine} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(mutatedObjects, async (objects) => {
        await breathe();
        count('engine+reporters');
        runEngine(objects);
      }),
      { seed: SEED + 3, numRuns: RUNS.engine, ...LIMIT },
    );
  }, timeout(120_000));

  it('control: a rule that throws (a note for users) fails the properties', () => {
    const first = ALL_RULES.find((r): r is PodRule => r.scope === 'pod')!;
    const throwing: PodRule = { ...first, id: first.id, triggers: undefined, match: () => { throw new Error('boom on purpose'); } };
    const snapshot = snapshotFromObjects(clone(scenarios[0]!.objects));
    const engine = new Engine(snapshot, { rules: ALL_RULES.map((r) => (r === first ? throwing : r)) });
    const pods = snapshot.pods.map((p) => engine.diagnosePod(p));
    expect(pods.length).toBeGreaterThan(0);
    expect(pods[0]!.notes.join('\n')).toContain('boom on purpose');
    expect(() => checkDiagnoses(pods, engine.now)).toThrow(`rule ${first.id} threw on this input: boom on purpose`);
    ruleFailures.delete(first.id); // the control's own entry is not a finding of the fuzzing
  });

  it('the engine on every unmutated fixture scenario (control: the properties start from valid input)', () => {
    for (const s of scenarios) runEngine(clone(s.objects));
    expect(scenarios.length).toBeGreaterThan(40);
  });
});
