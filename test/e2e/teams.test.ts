// Fit for pipelines: --fail-on, the three ways to suppress (the finding stays in the report), and --junit /
// GitHub annotations for analyze and scan, on real captures.
import { Ajv } from 'ajv';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { junitProblems } from '../support/junit-schema.js';
import { fixture, kdiag, kdiagInProcess, ROOT } from '../support/cli.js';

const REAL = fixture('real');
const CRASH = fixture('real/container-crash-loop.yaml');
const WARNING_ONLY = fixture('real/image-registry-unreachable-early.yaml');
const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(resolve(ROOT, 'schema/kdiag-v1.schema.json'), 'utf8')));
const dirs: string[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'kdiag-teams-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('--fail-on', () => {
  it('never: exit 0, and every failing Pod is still printed', async () => {
    const before = await kdiagInProcess(['analyze', REAL, '-o', 'json']);
    expect(before.code).toBe(1);
    const failing = JSON.parse(before.stdout).items.filter((d: { status: string }) => d.status === 'failing').map((d: { pod: { name: string } | null; workload?: { name: string } }) => d.pod?.name ?? d.workload?.name);
    expect(failing.length).toBeGreaterThan(10);
    const never = await kdiagInProcess(['analyze', REAL, '--fail-on', 'never']);
    expect(never.code).toBe(0);
    for (const name of failing) expect(never.stdout).toContain(name);
    expect(never.stdout).toBe((await kdiagInProcess(['analyze', REAL])).stdout);
  });
  it('warning: a dump with warnings only fails; error (the default) does not', async () => {
    expect((await kdiagInProcess(['analyze', WARNING_ONLY])).code).toBe(0);
    expect((await kdiagInProcess(['analyze', WARNING_ONLY, '--fail-on', 'error'])).code).toBe(0);
    expect((await kdiagInProcess(['analyze', WARNING_ONLY, '--fail-on', 'warning'])).code).toBe(1);
    expect((await kdiagInProcess(['scan', '-f', WARNING_ONLY, '--fail-on', 'warning'])).code).toBe(1);
    expect((await kdiagInProcess(['analyze', fixture('real/healthy-ready.yaml'), '--fail-on', 'warning'])).code).toBe(0);
  });
  it('pod takes it too; a bad value is one line and exit 2', async () => {
    expect((await kdiagInProcess(['pod', 'crasher', '-f', CRASH])).code).toBe(1);
    expect((await kdiagInProcess(['pod', 'crasher', '-f', CRASH, '--fail-on', 'never'])).code).toBe(0);
    const bad = await kdiagInProcess(['analyze', CRASH, '--fail-on', 'sometimes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^kdiag: --fail-on: "sometimes" is not one of error, warning, never\nhint: /);
  });
});

describe('suppressions stay in the report', () => {
  it('--ignore a rule: the verdict is made from the rest; the finding is in suppressed[] and counted in text', async () => {
    const json = await kdiagInProcess(['analyze', CRASH, '--ignore', 'container/crash-loop', '-o', 'json']);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const pod = doc.items.find((d: { pod: { name: string } | null }) => d.pod?.name === 'crasher');
    expect(pod.status).toBe('progressing');
    expect(pod.findings.map((f: { rule: string }) => f.rule)).not.toContain('container/crash-loop');
    expect(pod.suppressed).toEqual([expect.objectContaining({ rule: 'container/crash-loop', suppressedBy: { source: '--ignore' } })]);
    const text = await kdiagInProcess(['analyze', CRASH, '--ignore', 'container/crash-loop']);
    expect(text.stdout).toContain('1 finding suppressed (--ignore) — --show-suppressed');
    expect(text.stdout).not.toContain('Container "app" is crash-looping');
    expect((await kdiagInProcess(['analyze', CRASH, '--ignore', 'container/crash-loop', '--show-suppressed'])).stdout).toContain('Container "app" is crash-looping');
  });
  it('dumps read file by file (the streamed path) suppress and judge the same', async () => {
    const env = { KDIAG_FILE_BY_FILE_BYTES: '0' };
    const r = await kdiagInProcess(['analyze', CRASH, '--ignore', 'container/crash-loop', '-o', 'json'], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).items[0].suppressed[0].rule).toBe('container/crash-loop');
    expect((await kdiagInProcess(['scan', '-f', WARNING_ONLY, '--fail-on', 'warning'], { env })).code).toBe(1);
  });
  it('--ignore a whole stage; an unknown rule is exit 2', async () => {
    expect((await kdiagInProcess(['pod', 'crasher', '-f', CRASH, '--ignore', 'container'])).code).toBe(0);
    const bad = await kdiagInProcess(['analyze', CRASH, '--ignore', 'container/crashloop']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe('kdiag: --ignore: unknown rule or stage "container/crashloop"');
  });
  it('--ignore traffic keeps every traffic rule out of the verdict, and says so', () => {
    const POLICY = join(ROOT, 'fixtures', 'real', 'traffic-policy-denies.yaml');
    const judged = kdiag(['analyze', POLICY, '-o', 'json']);
    const rules = (out: string) => JSON.parse(out).items.flatMap((d: { findings: Array<{ rule: string }> }) => d.findings.map((f) => f.rule));
    expect(rules(judged.stdout).some((r: string) => r.startsWith('traffic/'))).toBe(true);
    const ignored = kdiag(['analyze', POLICY, '--ignore', 'traffic', '-o', 'json']);
    expect(ignored.code).toBe(0);
    expect(rules(ignored.stdout).filter((r: string) => r.startsWith('traffic/'))).toEqual([]);
    expect(JSON.parse(ignored.stdout).items.flatMap((d: { suppressed?: Array<{ rule: string }> }) => (d.suppressed ?? []).map((f) => f.rule)).some((r: string) => r.startsWith('traffic/'))).toBe(true);
  });
  it('.kdiag.yaml found from a subdirectory up to the repository root; another namespace and an expired entry do not apply', () => {
    const repo = tempDir();
    mkdirSync(join(repo, '.git'));
    mkdirSync(join(repo, 'deploy', 'prod'), { recursive: true });
    writeFileSync(
      join(repo, '.kdiag.yaml'),
      [
        'ignore:',
        '  - rules: [container/crash-loop]',
        '    namespace: kdiag-other',
        '    reason: not this team',
        '  - rules: [container/crash-loop]',
        '    reason: fixed in the next release',
        '    expires: 2020-01-31',
        '',
      ].join('\n'),
    );
    const missed = kdiag(['analyze', CRASH, '-o', 'json'], { cwd: join(repo, 'deploy', 'prod') });
    expect(missed.code).toBe(1);
    const doc = JSON.parse(missed.stdout);
    expect(doc.items[0].suppressed).toBeUndefined();
    expect(doc.notes).toContain('../../.kdiag.yaml:5: this ignore entry expired on 2020-01-31 and no longer applies');
    writeFileSync(join(repo, '.kdiag.yaml'), 'ignore:\n  - rules: [container/crash-loop]\n    namespace: "kdiag-container-*"\n    name: crash*\n    selector: app=crasher\n    reason: known crash, tracked\n');
    const hit = kdiag(['analyze', CRASH, '-o', 'json'], { cwd: join(repo, 'deploy', 'prod') });
    expect(hit.code).toBe(0);
    expect(JSON.parse(hit.stdout).items[0].suppressed[0].suppressedBy).toEqual({ source: '../../.kdiag.yaml:2', reason: 'known crash, tracked' });
    expect(kdiag(['analyze', CRASH, '--no-config'], { cwd: join(repo, 'deploy', 'prod') }).code).toBe(1);
    // A config above the repository root is not read.
    const outside = tempDir();
    writeFileSync(join(outside, '.kdiag.yaml'), 'ignore:\n  - rules: [container]\n    reason: x\n');
    mkdirSync(join(outside, 'repo', '.git'), { recursive: true });
    expect(kdiag(['analyze', CRASH], { cwd: join(outside, 'repo') }).code).toBe(1);
  });
  it('--config with an unknown key is one line and exit 2', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'teams.yaml'), 'ignore:\n  - rules: [readiness]\n    reson: typo\n');
    const r = await kdiagInProcess(['analyze', CRASH, '--config', join(dir, 'teams.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`kdiag: ${join(dir, 'teams.yaml')}:3: unknown key "reson" in an ignore entry`);
  });
  it('kdiag.io/ignore on the Deployment above the Pod (through its ReplicaSet), and on the Namespace', async () => {
    const dir = tempDir();
    const docs = parseAllDocuments(readFileSync(fixture('real/readiness-probe-failing.yaml'), 'utf8')).map((d) => d.toJSON());
    const list = docs.find((d) => d.items?.some((o: { kind: string }) => o.kind === 'Deployment'));
    const deploy = list.items.find((o: { kind: string }) => o.kind === 'Deployment');
    deploy.metadata.annotations = { ...deploy.metadata.annotations, 'kdiag.io/ignore': 'readiness/probe-failing', 'kdiag.io/ignore-reason': 'warming cache' };
    writeFileSync(join(dir, 'dump.yaml'), docs.map((d) => stringify(d)).join('---\n'));
    const r = await kdiagInProcess(['analyze', join(dir, 'dump.yaml'), '-o', 'json']);
    const items = JSON.parse(r.stdout).items as Array<{ pod: { name: string } | null; status: string; suppressed?: Array<{ rule: string; suppressedBy: unknown }> }>;
    const pods = items.filter((d) => d.pod);
    expect(pods.length).toBeGreaterThan(0);
    for (const d of pods) expect(d.suppressed).toEqual([expect.objectContaining({ rule: 'readiness/probe-failing', suppressedBy: { source: `annotation on deploy/${deploy.metadata.name}`, reason: 'warming cache' } })]);
    // Without the annotation the same finding stands in the verdict, not in suppressed[].
    const plain = JSON.parse((await kdiagInProcess(['analyze', fixture('real/readiness-probe-failing.yaml'), '-o', 'json'])).stdout).items as Array<{ findings: Array<{ rule: string }>; suppressed?: unknown }>;
    expect(plain.some((d) => d.findings.some((f) => f.rule === 'readiness/probe-failing') && d.suppressed === undefined)).toBe(true);
    const text = await kdiagInProcess(['analyze', join(dir, 'dump.yaml')]);
    expect(text.stdout).toMatch(new RegExp(`\\d+ findings? suppressed \\(annotation on deploy/${deploy.metadata.name}\\)`));
    const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kdiag-container-crash-loop', annotations: { 'kdiag.io/ignore': 'container' } } };
    writeFileSync(join(dir, 'crash.yaml'), `${readFileSync(CRASH, 'utf8')}\n---\n${stringify(namespace)}`);
    const ns = JSON.parse((await kdiagInProcess(['analyze', join(dir, 'crash.yaml'), '-o', 'json'])).stdout);
    expect(ns.items[0].suppressed[0].suppressedBy).toEqual({ source: 'annotation on namespace/kdiag-container-crash-loop' });
  });
  it('a workload target (pod svc/NAME) keeps its own suppressed finding in suppressed[] and counts it; the traffic path does not bring it back', async () => {
    const dump = fixture('real/readiness-service-no-endpoints.yaml');
    expect((await kdiagInProcess(['pod', 'svc/frontend', '-f', dump])).code).toBe(1);
    const json = await kdiagInProcess(['pod', 'svc/frontend', '-f', dump, '--ignore', 'readiness/service-selects-nothing', '-o', 'json']);
    expect(json.code).toBe(0);
    const service = JSON.parse(json.stdout).items.find((d: { workload?: { kind: string } }) => d.workload?.kind === 'Service');
    expect(service.findings.map((f: { rule: string }) => f.rule)).not.toContain('readiness/service-selects-nothing');
    expect(service.suppressed).toEqual([expect.objectContaining({ rule: 'readiness/service-selects-nothing', suppressedBy: { source: '--ignore' } })]);
    expect((await kdiagInProcess(['pod', 'svc/frontend', '-f', dump, '--ignore', 'readiness/service-selects-nothing'])).stdout).toContain('1 finding suppressed (--ignore) — --show-suppressed');
    // Near miss: another rule suppressed leaves this one in the verdict.
    expect((await kdiagInProcess(['pod', 'svc/frontend', '-f', dump, '--ignore', 'traffic/no-ready-endpoints'])).code).toBe(1);
  });
  it('zh-TW: the count line in Chinese', async () => {
    const r = await kdiagInProcess(['analyze', CRASH, '--ignore', 'container/crash-loop', '--lang', 'zh-TW']);
    expect(r.stdout).toContain('已略過 1 個發現（--ignore） — 使用 --show-suppressed 顯示');
  });
});

describe('--junit and GitHub annotations for lists', () => {
  it('analyze --junit: one test case per item, failures where the exit code fails, valid JUnit XML', async () => {
    const dir = tempDir();
    const file = join(dir, 'kdiag.xml');
    const r = await kdiagInProcess(['analyze', REAL, '--junit', file, '--ignore', 'container/crash-loop']);
    const xml = readFileSync(file, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    // The same JUnit checks as the gate's report (test/engine/gate.test.ts).
    expect(junitProblems(xml)).toEqual([]);
    const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml).testsuites.testsuite;
    const items = JSON.parse((await kdiagInProcess(['analyze', REAL, '-o', 'json', '--ignore', 'container/crash-loop'])).stdout).items;
    expect(Number(suite.tests)).toBe(items.length);
    expect(Number(suite.failures)).toBe(items.filter((d: { status: string }) => d.status === 'failing').length);
    expect(r.code).toBe(1);
    const cases = suite.testcase as Array<{ name: string; classname: string; failure?: { type: string }; 'system-out'?: string }>;
    expect(cases.find((c) => c.name === 'crasher')?.['system-out']).toContain('suppressed [container/crash-loop] by --ignore');
    expect(cases.every((c) => c.classname.startsWith('kdiag.analyze.'))).toBe(true);
    // never overwrites without --force
    expect((await kdiagInProcess(['analyze', CRASH, '--junit', file])).code).toBe(2);
  });
  it('scan --junit (with --failing-only and --fail-on warning) conforms too, and every item is a case', async () => {
    const file = join(tempDir(), 'scan.xml');
    const r = await kdiagInProcess(['scan', '-f', REAL, '--junit', file, '--failing-only', '--fail-on', 'warning']);
    expect(r.code).toBe(1);
    const xml = readFileSync(file, 'utf8');
    expect(junitProblems(xml)).toEqual([]);
    const items = JSON.parse((await kdiagInProcess(['scan', '-f', REAL, '-o', 'json'])).stdout).items;
    expect(Number(new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml).testsuites.tests)).toBe(items.length);
  });
  it('the JUnit check finds what it is for', () => {
    const good = '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites tests="1" failures="1" errors="0" time="0">\n<testsuite name="s" tests="1" failures="1" errors="0" time="0"><testcase classname="c" name="n" time="0"><failure message="m" type="t">x</failure></testcase></testsuite></testsuites>';
    expect(junitProblems(good)).toEqual([]);
    expect(junitProblems(good.replace('tests="1" failures="1" errors="0" time="0"><testcase', 'tests="2" failures="1" errors="0" time="0"><testcase'))).toEqual(['<testsuite tests="2"> but 1 test cases']);
    expect(junitProblems(good.replace(' type="t"', ''))).toEqual(['a <failure> of n lacks message or type']);
    expect(junitProblems(good.replace('<failure message="m" type="t">x</failure>', '<oops/>'))).toEqual(['<testcase n> holds a <oops>', '<testsuite failures="1"> but 0 cases fail', '<testsuites failures="1"> but 0 cases fail']);
    expect(junitProblems(good.replace(' classname="c"', ''))).toEqual(['<testcase n> lacks classname']);
    expect(junitProblems(good.replace('<testcase', '<testcase').replace('</testsuite></testsuites>', '</testsuites>'))[0]).toMatch(/^not well-formed XML/);
  });
  it('scan -f under GITHUB_ACTIONS=true: one annotation per failing Pod, before the table', async () => {
    const r = await kdiagInProcess(['scan', '-f', CRASH], { env: { GITHUB_ACTIONS: 'true' } });
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^::error title=Pod kdiag-container-crash-loop\/crasher%3A failing \(container\)::.*\[container\/crash-loop\]/);
    expect(lines.filter((l) => l.startsWith('::'))).toHaveLength(1);
    expect((await kdiagInProcess(['scan', '-f', CRASH, '--no-github'], { env: { GITHUB_ACTIONS: 'true' } })).stdout).not.toContain('::error');
    const json = await kdiagInProcess(['analyze', CRASH, '--github', '-o', 'json']);
    expect(() => JSON.parse(json.stdout)).not.toThrow();
    expect(json.stderr).toContain('::error title=');
  });
});

describe('shell completion of the new flags', () => {
  it('offers the flags and the values of --fail-on; --config completes files', async () => {
    expect((await kdiagInProcess(['__complete', 'scan', '--fa'])).stdout.split('\n')).toEqual(expect.arrayContaining(['--failing-only', '--fail-on']));
    expect((await kdiagInProcess(['__complete', 'analyze', '--show-s'])).stdout.split('\n')).toContain('--show-suppressed');
    expect((await kdiagInProcess(['__complete', 'gate', '--fail-on', ''])).stdout.trim().split('\n')).toEqual(['error', 'warning', 'never', ':4']);
    expect((await kdiagInProcess(['__complete', 'analyze', '--config', ''])).stdout.trim()).toBe(':0');
  });
});
