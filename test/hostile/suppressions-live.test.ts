// The three ways to suppress (--ignore, .kdiag.yaml, the kdiag.io/ignore annotation) on a live cluster (a
// loopback API server), for pod, scan and gate: the suppressed finding leaves the verdict and the exit code,
// stays in JSON under suppressed[] and is counted in text; near misses (an entry for another namespace, an
// expired one) do not apply. The gate: a suppressed finding neither dooms a rollout nor fails it under
// --fail-on warning, and the report says what was hidden.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { junitProblems } from '../support/junit-schema.js';
import { kdiagAsync } from '../support/cli.js';
import { closeAll, serve, tmp } from './server.js';
import { cluster } from './team-cluster.js';

afterEach(closeAll);

interface Item { pod: { name: string } | null; workload?: { kind: string; name: string }; status: string; findings: Array<{ rule: string }>; suppressed?: Array<{ rule: string; suppressedBy: { source: string; reason?: string } }>; notes: string[] }

/** A working directory that is a repository root holding this .kdiag.yaml (or none). */
function repo(config?: string): string {
  const dir = mkdtempSync(join(tmp, 'repo-'));
  mkdirSync(join(dir, '.git'));
  if (config !== undefined) writeFileSync(join(dir, '.kdiag.yaml'), config);
  return dir;
}

const crasherOf = (items: Item[]): Item => items.find((i) => i.pod?.name === 'crasher')!;
const deploymentOf = (items: Item[]): Item | undefined => items.find((i) => i.workload?.kind === 'Deployment' && i.workload.name === 'web');

describe('scan and pod, live: the three ways, and near misses', () => {
  it('--ignore: exit 0; the crash loop is in suppressed[] (JSON) and counted (text); pod says the same', async () => {
    const s = await serve(cluster());
    const env = { KUBECONFIG: s.kubeconfig };
    const cwd = repo();
    const plain = await kdiagAsync(['scan', '-o', 'json'], { env, cwd });
    expect(plain.code, plain.stderr).toBe(1);
    expect(crasherOf(JSON.parse(plain.stdout).items).suppressed).toBeUndefined();
    const [json, text, pod] = await Promise.all([
      kdiagAsync(['scan', '-o', 'json', '--ignore', 'container/crash-loop'], { env, cwd }),
      kdiagAsync(['scan', '--ignore', 'container/crash-loop'], { env, cwd }),
      kdiagAsync(['pod', 'crasher', '--ignore', 'container/crash-loop', '-o', 'json'], { env, cwd }),
    ]);
    expect(json.code, json.stderr).toBe(0);
    const c = crasherOf(JSON.parse(json.stdout).items);
    expect(c.status).not.toBe('failing');
    expect(c.findings.map((f) => f.rule)).not.toContain('container/crash-loop');
    expect(c.suppressed).toEqual([expect.objectContaining({ rule: 'container/crash-loop', suppressedBy: { source: '--ignore' } })]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('1 finding suppressed (--ignore) — --show-suppressed');
    expect(pod.code, pod.stderr).toBe(0);
    expect(JSON.parse(pod.stdout).suppressed[0].rule).toBe('container/crash-loop');
  });

  it('scan under GITHUB_ACTIONS=true: an ::error for the crash loop; suppressed, a ::notice that counts it instead', async () => {
    const s = await serve(cluster());
    const env = { KUBECONFIG: s.kubeconfig, GITHUB_ACTIONS: 'true' };
    const cwd = repo();
    const [plain, ignored] = await Promise.all([kdiagAsync(['scan'], { env, cwd }), kdiagAsync(['scan', '--ignore', 'container/crash-loop'], { env, cwd })]);
    expect(plain.code, plain.stderr).toBe(1);
    expect(plain.stdout.split('\n').filter((l) => l.startsWith('::'))).toEqual([expect.stringMatching(/^::error title=Pod shop\/crasher%3A failing \(container\)::.*\[container\/crash-loop\]/), expect.stringMatching(/^::warning title=Deployment shop\/web/)]);
    expect(ignored.code, ignored.stderr).toBe(0);
    const lines = ignored.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(lines.some((l) => l.startsWith('::error'))).toBe(false);
    expect(lines).toContain('::notice title=kdiag::1 finding suppressed (--ignore) — --show-suppressed');
  });

  it('.kdiag.yaml: an entry for another namespace and an expired one do not apply (the expiry is a note); one for shop does', async () => {
    const s = await serve(cluster());
    const env = { KUBECONFIG: s.kubeconfig };
    const near = repo(['ignore:', '  - rules: [container/crash-loop]', '    namespace: payments', '    reason: not this team', '  - rules: [container/crash-loop]', '    reason: until the fix ships', '    expires: 2020-06-30', ''].join('\n'));
    const missed = await kdiagAsync(['scan', '-o', 'json'], { env, cwd: near });
    expect(missed.code, missed.stderr).toBe(1);
    const doc = JSON.parse(missed.stdout);
    expect(crasherOf(doc.items).suppressed).toBeUndefined();
    expect(doc.notes).toContain('.kdiag.yaml:5: this ignore entry expired on 2020-06-30 and no longer applies');
    const hit = repo('ignore:\n  - rules: [container/crash-loop]\n    namespace: "sh*"\n    selector: app=crasher\n    reason: known crash, tracked\n');
    const [json, pod] = await Promise.all([kdiagAsync(['scan', '-o', 'json'], { env, cwd: hit }), kdiagAsync(['pod', 'crasher'], { env, cwd: hit })]);
    expect(json.code, json.stderr).toBe(0);
    expect(crasherOf(JSON.parse(json.stdout).items).suppressed?.[0]?.suppressedBy).toEqual({ source: '.kdiag.yaml:2', reason: 'known crash, tracked' });
    expect(pod.code, pod.stderr).toBe(0);
    expect(pod.stdout).toContain('1 finding suppressed (.kdiag.yaml:2)');
  });

  it('kdiag.io/ignore on the Pod, and on its Namespace; the same id on another Pod does not apply', async () => {
    const onPod = await serve(cluster({ pod: { 'kdiag.io/ignore': 'container/crash-loop', 'kdiag.io/ignore-reason': 'debug Pod' } }));
    const onNs = await serve(cluster({ namespace: { 'kdiag.io/ignore': 'container' } }));
    const elsewhere = await serve(cluster({ deployment: { 'kdiag.io/ignore': 'container/crash-loop' } }));
    const cwd = repo();
    const [a, b, c] = await Promise.all([onPod, onNs, elsewhere].map((s) => kdiagAsync(['scan', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig }, cwd })));
    expect(a!.code, a!.stderr).toBe(0);
    expect(crasherOf(JSON.parse(a!.stdout).items).suppressed?.[0]?.suppressedBy).toEqual({ source: 'annotation on pod/crasher', reason: 'debug Pod' });
    expect(b!.code, b!.stderr).toBe(0);
    expect(crasherOf(JSON.parse(b!.stdout).items).suppressed?.[0]?.suppressedBy).toEqual({ source: 'annotation on namespace/shop' });
    expect(c!.code, c!.stderr).toBe(1);
    expect(crasherOf(JSON.parse(c!.stdout).items).suppressed).toBeUndefined();
  });
});

describe('gate, live: suppressions as in scan', () => {
  it('--fail-on warning fails a finished rollout on a warning; --ignore of that rule passes it, and the report says what was hidden', async () => {
    const s = await serve(cluster());
    const env = { KUBECONFIG: s.kubeconfig };
    const cwd = repo();
    const strict = await kdiagAsync(['gate', 'deploy/web', '--fail-on', 'warning', '--timeout', '20s', '-o', 'json'], { env, cwd, timeoutMs: 30_000 });
    expect(strict.code, strict.stderr).toBe(1);
    expect(deploymentOf(JSON.parse(strict.stdout).items)?.findings.map((f) => f.rule)).toContain('readiness/single-node-replicas');
    const junit = join(cwd, 'gate.xml');
    const [json, text] = await Promise.all([
      kdiagAsync(['gate', 'deploy/web', '--fail-on', 'warning', '--timeout', '20s', '--ignore', 'readiness/single-node-replicas', '-o', 'json'], { env, cwd, timeoutMs: 30_000 }),
      kdiagAsync(['gate', 'deploy/web', '--fail-on', 'warning', '--timeout', '20s', '--ignore', 'readiness/single-node-replicas', '--junit', junit], { env: { ...env, GITHUB_ACTIONS: 'true' }, cwd, timeoutMs: 30_000 }),
    ]);
    expect(json.code, json.stderr).toBe(0);
    const d = deploymentOf(JSON.parse(json.stdout).items)!;
    expect(d.findings.map((f) => f.rule)).not.toContain('readiness/single-node-replicas');
    expect(d.suppressed).toEqual([expect.objectContaining({ rule: 'readiness/single-node-replicas', suppressedBy: { source: '--ignore' } })]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/GATE PASSED/);
    expect(text.stdout).toContain('1 finding suppressed (--ignore) — --show-suppressed');
    expect(text.stdout).toMatch(/^::notice title=kdiag::1 finding suppressed \(--ignore\)/m);
    expect(junitProblems(readFileSync(junit, 'utf8'))).toEqual([]);
    const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(junit, 'utf8')).testsuites.testsuite;
    expect(suite.failures).toBe('0');
    expect(suite.testcase['system-out']).toContain('suppressed [readiness/single-node-replicas] by --ignore');
  }, 60_000);

  it('.kdiag.yaml and the annotation on the Deployment pass it; an entry for another namespace or an expired one does not', async () => {
    const s = await serve(cluster());
    const annotated = await serve(cluster({ deployment: { 'kdiag.io/ignore': 'readiness/single-node-replicas', 'kdiag.io/ignore-reason': 'one zone by design' } }));
    const gate = (kubeconfig: string, cwd: string) => kdiagAsync(['gate', 'deploy/web', '--fail-on', 'warning', '--timeout', '20s', '-o', 'json'], { env: { KUBECONFIG: kubeconfig }, cwd, timeoutMs: 30_000 });
    const scoped = repo('ignore:\n  - rules: [readiness/single-node-replicas]\n    namespace: shop\n    name: "we*"\n    reason: one zone by design\n');
    const other = repo('ignore:\n  - rules: [readiness/single-node-replicas]\n    namespace: payments\n    reason: not this team\n');
    const expired = repo('ignore:\n  - rules: [readiness/single-node-replicas]\n    reason: until the second zone\n    expires: 2020-01-31\n');
    const [hit, ann, miss, old] = await Promise.all([gate(s.kubeconfig, scoped), gate(annotated.kubeconfig, repo()), gate(s.kubeconfig, other), gate(s.kubeconfig, expired)]);
    expect(hit!.code, hit!.stderr).toBe(0);
    expect(deploymentOf(JSON.parse(hit!.stdout).items)?.suppressed?.[0]?.suppressedBy).toEqual({ source: '.kdiag.yaml:2', reason: 'one zone by design' });
    expect(ann!.code, ann!.stderr).toBe(0);
    expect(deploymentOf(JSON.parse(ann!.stdout).items)?.suppressed?.[0]?.suppressedBy).toEqual({ source: 'annotation on deploy/web', reason: 'one zone by design' });
    expect(miss!.code, miss!.stderr).toBe(1);
    expect(deploymentOf(JSON.parse(miss!.stdout).items)?.suppressed).toBeUndefined();
    expect(old!.code, old!.stderr).toBe(1);
    expect(JSON.parse(old!.stdout).notes).toContain('.kdiag.yaml:2: this ignore entry expired on 2020-01-31 and no longer applies');
    expect(old!.stderr).toContain('gate: .kdiag.yaml:2: this ignore entry expired on 2020-01-31 and no longer applies');
  }, 60_000);

  it('a suppressed crash loop does not doom the rollout: the gate waits and times out (exit 5), and says what it hid', async () => {
    const s = await serve(cluster());
    const env = { KUBECONFIG: s.kubeconfig };
    const cwd = repo();
    const doomed = await kdiagAsync(['gate', 'pod/crasher', '--timeout', '20s'], { env, cwd, timeoutMs: 30_000 });
    expect(doomed.code, doomed.stderr).toBe(1);
    const waited = await kdiagAsync(['gate', 'pod/crasher', '--timeout', '2s', '--ignore', 'container/crash-loop'], { env, cwd, timeoutMs: 30_000 });
    expect(waited.code, waited.stderr).toBe(5);
    expect(waited.stdout).toMatch(/finding suppressed \(--ignore\)|findings suppressed \(--ignore\)/);
  }, 60_000);
});
