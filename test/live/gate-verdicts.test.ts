// kdiag gate on the real cluster, as a CI job runs it right after kubectl apply: rollouts that would have
// succeeded must pass (no false failures), doomed ones must fail before the timeout with their cause (the
// time to verdict is printed), selectors follow the Kubernetes grammar, superseded Pods do not count, a
// missing workload is exit 4 at once, and waiting costs the API server next to nothing (audit log).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kdiagAsync, type Run } from '../support/cli.js';
import { ADMIN, AUDIT_LOG, freshNamespace, kubectl, live, liveAsync } from './env.js';

const NS = 'kdiag-live-gate-verdicts';
const IMAGE = '127.0.0.1:5000/busybox:1';

const apply = (doc: unknown): void => {
  const r = kubectl(['apply', '-n', NS, '-f', '-'], stringify(doc));
  if (r.code !== 0) throw new Error(r.stderr);
};
const deployment = (name: string, container: Record<string, unknown>, extra: { spec?: Record<string, unknown>; pod?: Record<string, unknown>; labels?: Record<string, string> } = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, labels: { app: name, ...extra.labels } },
  spec: {
    replicas: 1,
    progressDeadlineSeconds: 600,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name, ...extra.labels } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: IMAGE, command: ['sleep', '3600'], ...container }], ...extra.pod } },
    ...extra.spec,
  },
});
const job = (name: string, script: string, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name },
  spec: { backoffLimit: 4, ...spec, template: { spec: { restartPolicy: 'Never', terminationGracePeriodSeconds: 1, containers: [{ name: 'job', image: IMAGE, command: ['sh', '-c', script] }] } } },
});

/** kdiag without blocking the test (so it can change the cluster while the gate waits), timed. */
function gateAsync(args: string[], timeoutMs = 300_000, env: Record<string, string> = {}): Promise<Run & { seconds: number }> {
  return kdiagAsync(['gate', ...args, '-n', NS], { env: { KUBECONFIG: ADMIN, ...env }, timeoutMs }).then(({ code, stdout, stderr, ms }) => ({ code, stdout, stderr, seconds: ms / 1000 }));
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Distinct kdiag requests about objects in NS since `since` (watches are counted once). */
function kdiagRequests(since: number): { total: number; byVerb: Record<string, number> } {
  const ids = new Set<string>();
  const byVerb: Record<string, number> = {};
  for (const line of readFileSync(AUDIT_LOG, 'utf8').split('\n')) {
    if (!line.includes(NS) || !line.includes('"userAgent":"kdiag')) continue;
    const e = JSON.parse(line);
    if (Date.parse(e.requestReceivedTimestamp) < since || e.objectRef?.namespace !== NS || ids.has(e.auditID)) continue;
    ids.add(e.auditID);
    byVerb[e.verb] = (byVerb[e.verb] ?? 0) + 1;
  }
  return { total: ids.size, byVerb };
}

const verdicts: string[] = [];
beforeAll(() => freshNamespace(NS));
afterAll(() => {
  kubectl(['delete', 'namespace', NS, '--wait=false']);
  console.log(`gate time to verdict on the real cluster:\n  ${verdicts.join('\n  ')}`);
});

describe('kdiag gate: no false failures', () => {
  it('a Job whose first Pods fail but which succeeds within its backoffLimit passes', async () => {
    // Fails until 8 s after apply, then succeeds: the Job controller retries after its back-off.
    apply(job('flaky', `test "$(date +%s)" -ge ${Math.floor(Date.now() / 1000) + 8} || { echo not yet; exit 1; }`));
    const r = await gateAsync(['job/flaky', '--timeout', '150s', '--grace', '5s']);
    verdicts.push(`job within backoffLimit: exit ${r.code} after ${r.seconds.toFixed(1)}s`);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stderr).toMatch(/job\/flaky: succeeded \(1\/1 completions\)/);
    expect(Number(kubectl(['get', 'job', 'flaky', '-n', NS, '-o', 'jsonpath={.status.failed}']).stdout)).toBeGreaterThan(0);
  });

  it('a slow warm-up (Ready after 40 s, --grace 10s) passes: not-yet-Ready waits for progressDeadlineSeconds', async () => {
    apply(deployment('warmup', { readinessProbe: { exec: { command: ['true'] }, initialDelaySeconds: 40, periodSeconds: 2 } }));
    const r = await gateAsync(['deploy/warmup', '--timeout', '150s', '--grace', '10s', '--settle', '2s']);
    verdicts.push(`slow warm-up: exit ${r.code} after ${r.seconds.toFixed(1)}s`);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.seconds).toBeGreaterThan(38);
    expect(r.stderr).toMatch(/deploy\/warmup: 1\/1 ready and stable for 2s/);
    // CI is never left silent for long while it waits.
    const stamps = [...r.stderr.matchAll(/^\[(\d\d):(\d\d):(\d\d)\]/gm)].map((m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]));
    const gaps = stamps.slice(1).map((s, i) => s - stamps[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(12);
  });

  it('a Deployment applied 3 s before the ConfigMap it mounts passes (a first FailedMount waits)', async () => {
    apply(deployment('late-config', { volumeMounts: [{ name: 'cfg', mountPath: '/cfg' }] }, { pod: { volumes: [{ name: 'cfg', configMap: { name: 'late-config' } }] } }));
    const gate = gateAsync(['deploy/late-config', '--timeout', '180s', '--settle', '2s']);
    await sleep(3_000);
    apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'late-config' }, data: { a: 'b' } });
    const r = await gate;
    verdicts.push(`ConfigMap created 3 s late: exit ${r.code} after ${r.seconds.toFixed(1)}s`);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stderr).toMatch(/deploy\/late-config: .* at volume: .*late-config/); // it did wait on the mount
  });
});

describe('kdiag gate: doomed rollouts fail before the timeout, with their cause', () => {
  const doomed: Array<{ name: string; setup: () => void; args: string[]; cause: RegExp }> = [
    { name: 'an image that does not exist', setup: () => apply(deployment('no-image', { image: '127.0.0.1:5000/busybox:does-not-exist' })), args: ['deploy/no-image'], cause: /image\/not-found/ },
    { name: 'a crash loop past --max-restarts', setup: () => apply(deployment('crasher', { command: ['sh', '-c', 'echo boom: cannot open /etc/app.conf; exit 3'] })), args: ['deploy/crasher', '--max-restarts', '2'], cause: /container\/crash-loop|crash/ },
    { name: 'a Job past its backoffLimit', setup: () => apply(job('always-fails', 'echo migration failed: table exists; exit 2', { backoffLimit: 1 })), args: ['job/always-fails'], cause: /BackoffLimitExceeded|backoff/i },
    { name: 'a Job past its activeDeadlineSeconds', setup: () => apply(job('too-slow', 'sleep 600', { activeDeadlineSeconds: 5 })), args: ['job/too-slow'], cause: /DeadlineExceeded|deadline/i },
    { name: 'a Deployment past its progressDeadlineSeconds', setup: () => apply(deployment('never-ready', { readinessProbe: { exec: { command: ['false'] }, periodSeconds: 2 } }, { spec: { progressDeadlineSeconds: 10 } })), args: ['deploy/never-ready'], cause: /ProgressDeadlineExceeded|progress deadline/i },
    { name: 'a ConfigMap still missing after --grace', setup: () => apply(deployment('no-config', { volumeMounts: [{ name: 'cfg', mountPath: '/cfg' }] }, { pod: { volumes: [{ name: 'cfg', configMap: { name: 'never-created' } }] } })), args: ['deploy/no-config', '--grace', '10s'], cause: /never-created/ },
  ];
  for (const c of doomed) {
    it(`fails on ${c.name}`, async () => {
      c.setup();
      const r = await gateAsync([...c.args, '--timeout', '200s']);
      verdicts.push(`${c.name}: exit ${r.code} after ${r.seconds.toFixed(1)}s`);
      expect(r.code, r.stderr + r.stdout).toBe(1);
      expect(r.seconds).toBeLessThan(150);
      expect(r.stdout).toContain('GATE FAILED');
      expect(r.stdout).toMatch(c.cause);
    });
  }

  it('the failure output carries the failing Pod\'s last log lines and the way back (text, JUnit, GitHub)', async () => {
    apply(deployment('rollback-me', {}));
    kubectl(['rollout', 'status', '-n', NS, 'deploy/rollback-me', '--timeout=90s']);
    apply(deployment('rollback-me', { command: ['sh', '-c', 'echo boom: cannot open /etc/app.conf; exit 3'] }));
    const junit = join(mkdtempSync(join(tmpdir(), 'kdiag-gate-')), 'gate.xml');
    const r = await gateAsync(['deploy/rollback-me', '--max-restarts', '2', '--timeout', '150s', '--junit', junit], 300_000, { GITHUB_ACTIONS: 'true' });
    expect(r.code, r.stderr + r.stdout).toBe(1);
    // Text: the engine's selected log line under Evidence, once (not also the raw tail).
    expect(r.stdout).toMatch(/Evidence[\s\S]*• (previous )?log of app: boom: cannot open \/etc\/app.conf/);
    expect(r.stdout).not.toMatch(/last log lines of/);
    expect(r.stdout).toContain(`way back: kubectl rollout undo deploy/rollback-me --to-revision=1 -n ${NS} (revision 1 ran ${IMAGE})`);
    expect(r.stdout).toMatch(/^::error title=.*%0AWay back: kubectl rollout undo deploy\/rollback-me/m);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('| boom: cannot open /etc/app.conf');
    expect(xml).toContain('way back: kubectl rollout undo deploy/rollback-me');
  });
});

describe('kdiag gate: targets as the controllers mean them', () => {
  it('set-based and existence selectors gate only what they select', async () => {
    apply(deployment('sel-a', { readinessProbe: { exec: { command: ['true'] }, periodSeconds: 1 } }, { labels: { tier: 'web' } }));
    // no-image (doomed, above) carries no tier label and app not in (sel-a): neither selector may pick it.
    for (const selector of ['app in (sel-a)', 'tier', 'tier,app notin (no-image,crasher)']) {
      const r = await gateAsync(['-l', selector, '--timeout', '120s', '--settle', '1s']);
      expect(r.code, `${selector}: ${r.stderr}${r.stdout}`).toBe(0);
      expect(r.stdout).toContain('deploy/sel-a');
      expect(r.stdout).not.toContain('no-image');
    }
    expect(live(['gate', '-l', 'app in (a', '-n', NS]).code).toBe(2);
  });

  it('a Complete Job is passed although its earlier Pods failed (superseded Pods do not count)', async () => {
    const r = await gateAsync(['-l', 'job-name=flaky', '--timeout', '60s']);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toContain('job/flaky');
  });

  it('a workload that does not exist is exit 4 within 3 s', async () => {
    const r = await gateAsync(['deploy/no-such-thing', '--timeout', '120s']);
    verdicts.push(`missing workload: exit ${r.code} after ${r.seconds.toFixed(1)}s`);
    expect(r.code).toBe(4);
    expect(r.seconds).toBeLessThan(3);
    expect(r.stderr).toContain('deploy/no-such-thing not found');
  });

  it('--wait-for-creation waits for a workload created later', async () => {
    const gate = gateAsync(['deploy/created-later', '--wait-for-creation', '--timeout', '120s', '--settle', '1s']);
    await sleep(3_000);
    apply(deployment('created-later', { readinessProbe: { exec: { command: ['true'] }, periodSeconds: 1 } }));
    const r = await gate;
    expect(r.code, r.stderr + r.stdout).toBe(0);
  });
});

describe('kdiag gate and pod --watch are gentle on the API server (audit log)', () => {
  it('pod --watch on an unchanging Pod for 30 s makes a handful of requests', async () => {
    apply({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'idle' }, spec: { terminationGracePeriodSeconds: 1, initContainers: [{ name: 'wait', image: IMAGE, command: ['sleep', '3600'] }], containers: [{ name: 'app', image: IMAGE, command: ['sleep', '3600'] }] } });
    kubectl(['wait', '-n', NS, '--for=jsonpath={.status.initContainerStatuses[0].state.running}', 'pod/idle', '--timeout=60s']);
    const since = Date.now();
    const r = await liveAsync(['pod', 'idle', '-n', NS, '--watch', '--timeout', '30s']);
    expect(r.code, r.stderr).toBe(5);
    const n = kdiagRequests(since - 1000);
    verdicts.push(`pod --watch, unchanging Pod, 30 s: ${n.total} requests in the namespace ${JSON.stringify(n.byVerb)}`);
    expect(n.total).toBeGreaterThan(0);
    expect(n.total).toBeLessThanOrEqual(8);
  });

  it('the gate waiting 30 s on an unchanging rollout makes a handful of requests', async () => {
    apply(deployment('idle-rollout', {}, { pod: { initContainers: [{ name: 'wait', image: IMAGE, command: ['sleep', '3600'] }] } }));
    await sleep(5_000);
    const since = Date.now();
    const r = await gateAsync(['deploy/idle-rollout', '--timeout', '30s']);
    expect(r.code, r.stderr).toBe(5);
    const n = kdiagRequests(since - 1000);
    verdicts.push(`gate waiting 30 s: ${n.total} requests in the namespace ${JSON.stringify(n.byVerb)}`);
    // One list and one watch per kind the gate follows (the lifecycle kinds, ControllerRevisions and the
    // traffic kinds), and nothing repeated while nothing changes.
    expect(n.total).toBeLessThanOrEqual(26);
  });
});

describe('a role without watch', () => {
  it('pod --watch and gate fall back to slow polling with a note, and still finish', async () => {
    // A ServiceAccount that may get and list, but not watch, in this namespace only.
    apply({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'no-watch' } });
    apply({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'no-watch' }, rules: [{ apiGroups: ['', 'apps', 'batch', 'discovery.k8s.io'], resources: ['*'], verbs: ['get', 'list'] }] });
    apply({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'no-watch' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'no-watch' }, subjects: [{ kind: 'ServiceAccount', name: 'no-watch', namespace: NS }] });
    const token = kubectl(['create', 'token', 'no-watch', '-n', NS, '--duration=10m']).stdout.trim();
    const server = kubectl(['config', 'view', '--raw', '--minify', '-o', 'jsonpath={.clusters[0].cluster.server}']).stdout;
    const ca = kubectl(['config', 'view', '--raw', '--minify', '-o', 'jsonpath={.clusters[0].cluster.certificate-authority-data}']).stdout;
    const dir = mkdtempSync(join(tmpdir(), 'kdiag-nowatch-'));
    const config = join(dir, 'kubeconfig');
    writeFileSync(config, stringify({ apiVersion: 'v1', kind: 'Config', clusters: [{ name: 'c', cluster: { server, 'certificate-authority-data': ca } }], users: [{ name: 'u', user: { token } }], contexts: [{ name: 'x', context: { cluster: 'c', user: 'u', namespace: NS } }], 'current-context': 'x' }), { mode: 0o600 });

    const watch = await liveAsync(['pod', 'idle', '--watch', '--timeout', '15s'], config);
    expect(watch.code, watch.stderr).toBe(5);
    // The Pod and its Events are watched at once; whichever 403 arrives first gives the one note.
    expect(watch.stderr).toMatch(/not allowed to watch (events of )?pod idle: re-reading every 10s instead/);
    expect(watch.stderr.match(/not allowed to watch/g)).toHaveLength(1);

    apply(deployment('no-watch-good', { readinessProbe: { exec: { command: ['true'] }, periodSeconds: 1 } }));
    const gate = await liveAsync(['gate', 'deploy/no-watch-good', '--timeout', '90s', '--settle', '1s'], config);
    expect(gate.code, gate.stderr + gate.stdout).toBe(0);
    expect(gate.stderr).toMatch(/not allowed to watch .*re-reading every 10s instead/);
  });
});
