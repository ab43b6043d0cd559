import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import jsyaml from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../src/rules/index.js';
import { fixture, kdiag, ROOT } from '../support/cli.js';
import { recordLoads } from './support/load-recorder.js';

// What the offline start path compiles (README, Performance): a diagnosis of a kubectl dump loads neither
// YAML library (kubectl's YAML has its own reader; scripts/build.mjs puts `yaml` and `js-yaml` behind a
// facade that require()s them on first use) nor the rules' docs (a chunk only `rules` and `explain` load).
// Each check looks at the text of every file the built CLI loaded, so a static import that brings one of
// them back, in any chunk, fails here; the second block shows each check can fail.
const dir = mkdtempSync(join(tmpdir(), 'kdiag-start-path-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (files: string[]): string => files.map((f) => readFileSync(f, 'utf8')).join('\n');
/** Markers only each library's own code holds. */
const LIBRARIES = { yaml: 'Symbol.for("yaml.alias")', 'js-yaml': 'unknown tag !<' } as const;
/** Three rules' docs sentences (from the source, where they are part of each rule). */
const DOCS = ['image/not-found', 'scheduling/insufficient-resources', 'container/crash-loop']
  .map((id) => ALL_RULES.find((r) => r.id === id)?.docs.description ?? ALL_RULES[0]!.docs.description);

function loaded(args: string[]): { code: number; stdout: string; files: string[]; has: (marker: string) => boolean } {
  const r = recordLoads(dir, args);
  const all = text(r.files);
  return { ...r, has: (marker) => all.includes(marker) };
}

const SMALL = fixture('examples/shop.yaml');
const POD = ['pod', 'api-7d9f5c6b8-x2k4p', '-f', SMALL];
const JSON_DUMP = join(dir, 'shop.json');
writeFileSync(JSON_DUMP, jsyaml.loadAll(readFileSync(SMALL, 'utf8'), undefined, { schema: jsyaml.CORE_SCHEMA }).map((doc) => JSON.stringify(doc)).join('\n'));

describe('the offline diagnose path loads no YAML library and no rule docs', () => {
  const commands: [string, string[]][] = [
    ['pod -f small.yaml (text)', POD],
    ['pod -f small.yaml -o json', [...POD, '-o', 'json']],
    ['pod -f small.yaml -o markdown', [...POD, '-o', 'markdown']],
    ['analyze small.yaml', ['analyze', SMALL]],
    ['scan -f small.yaml', ['scan', '-f', SMALL]],
    ['pod -f the same dump as JSON', ['pod', 'api-7d9f5c6b8-x2k4p', '-f', JSON_DUMP]],
    ['a missing file (input error)', ['pod', 'x', '-f', join(dir, 'missing.yaml')]],
  ];
  for (const [name, args] of commands) {
    it(name, () => {
      const r = loaded(args);
      expect(r.files.map((f) => relative(ROOT, f)), 'the recorder saw the CLI bundle load').toContain(join('dist', 'cli', 'main.cjs'));
      expect(r.has(LIBRARIES.yaml), 'the yaml library').toBe(false);
      expect(r.has(LIBRARIES['js-yaml']), 'js-yaml').toBe(false);
      for (const docs of DOCS) expect(r.has(docs), `rule docs: ${docs}`).toBe(false);
    });
  }
});

describe('…and loads them where they are needed (the checks above can fail)', () => {
  it('-o yaml loads the yaml library, and prints YAML', () => {
    const r = loaded([...POD, '-o', 'yaml']);
    expect(r.stdout).toMatch(/^apiVersion: kdiag\/v1\nkind: Diagnosis\n/);
    expect(r.has(LIBRARIES.yaml)).toBe(true);
  });
  it('YAML the kubectl reader steps aside for (flow style) is read by js-yaml', () => {
    const file = join(dir, 'flow.yaml');
    writeFileSync(file, readFileSync(SMALL, 'utf8').replace('metadata:\n  resourceVersion: ""\n', 'metadata: {resourceVersion: ""}\n'));
    const r = loaded(['pod', 'api-7d9f5c6b8-x2k4p', '-f', file, '-o', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'failing', stage: 'image' });
    expect(r.has(LIBRARIES['js-yaml'])).toBe(true);
  });
  it('an alias (kubectl never writes one) goes to the careful reader, the yaml library', () => {
    const file = join(dir, 'alias.yaml');
    writeFileSync(file, 'apiVersion: v1\nkind: Pod\nmetadata: &m {name: a, namespace: default}\nspec: {containers: [{name: c, image: x}]}\nstatus: {phase: Pending}\n---\nx: *m\n');
    expect(loaded(['pod', 'a', '-f', file]).has(LIBRARIES.yaml)).toBe(true);
  });
  it('explain and rules -o json load the docs', () => {
    const explain = loaded(['explain', 'image/not-found']);
    expect(explain.stdout).toContain(DOCS[0]);
    expect(explain.has(DOCS[0]!)).toBe(true);
    const rules = loaded(['rules', '-o', 'json']);
    expect(JSON.parse(rules.stdout).items.find((r: { id: string }) => r.id === 'image/not-found').docs.description).toBe(DOCS[0]);
  });
});

describe('a report for a pipe or a file does not load the terminal module', () => {
  // chalk asks node:tty about the terminal when it loads; kdiag decides the colour level itself, so the build
  // makes chalk's own detection answer "none" (scripts/build.mjs). A piped run then never loads node:tty.
  const hook = join(dir, 'builtins.cjs');
  writeFileSync(hook, "process.on('exit', () => require('node:fs').writeFileSync(process.env.KDIAG_BUILTINS, process.moduleLoadList.join('\\n')));\n");
  const builtins = (args: string[]): string[] => {
    const out = join(dir, `builtins-${process.hrtime.bigint()}.txt`);
    const r = kdiag(args, { nodeArgs: ['-r', hook], env: { HOME: dir, KDIAG_BUILTINS: out } });
    expect(r.code, r.stderr).toBe(1);
    return readFileSync(out, 'utf8').split('\n');
  };
  it('analyze small.yaml, piped: no node:tty', () => {
    const loaded = builtins(['analyze', SMALL]);
    expect(loaded).toContain('NativeModule vm');
    expect(loaded).not.toContain('NativeModule tty');
  });
  it('…and with --verbose, whose notes go to stderr, neither', () => {
    expect(builtins(['analyze', SMALL, '--verbose'])).not.toContain('NativeModule tty');
  });
});
