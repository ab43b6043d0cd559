// The evidence a person needs, on the real cluster: a crash's log line, a Secret's keys said as unknown,
// forbidden reported as forbidden, workload views that lead with their Pods' cause, a Pod-less ReplicaSet
// saved with `kubectl get rs,events` and analyzed offline.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNamespace, kubectl, LIMITED, live, waitFor } from './env.js';

const NS = 'kdiag-live-evidence';
const QUOTA_NS = 'kdiag-live-evidence-quota';
const LIMITED_NS = 'kdiag-limited';
const IMAGE = '127.0.0.1:5000/busybox:1';
const FATAL = 'FATAL: environment variable DATABASE_URL is not set';
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-evidence-'));

const deployment = (name: string, command: string[], extra: object = {}, replicas = 1, container: object = {}) =>
  stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: { replicas, selector: { matchLabels: { app: name } }, ...extra, template: { metadata: { labels: { app: name } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: IMAGE, command, ...container }] } } },
  });
const apply = (ns: string, yaml: string) => {
  const r = kubectl(['apply', '-n', ns, '-f', '-'], yaml);
  if (r.code !== 0) throw new Error(r.stderr);
};
const jsonpath = (ns: string, what: string, path: string) => kubectl(['get', ...what.split(' '), '-n', ns, '-o', `jsonpath=${path}`]).stdout;

beforeAll(async () => {
  freshNamespace(NS);
  freshNamespace(QUOTA_NS);
  // A crash loop whose log explains it, past a short progress deadline. Without a probe a crashing container
  // can be seen Running, its Pod Ready for a moment; a rise in readyReplicas is progress to the Deployment
  // controller, which turns Progressing back to ReplicaSetUpdated. A probe that first runs in an hour keeps
  // the Pods unready, so the deadline, once passed, stays passed.
  const neverReady = { readinessProbe: { exec: { command: ['false'] }, initialDelaySeconds: 3600 } };
  apply(NS, deployment('web', ['sh', '-c', `echo "==== web 1.0 ===="; echo starting; echo "${FATAL}" >&2; exit 1`], { progressDeadlineSeconds: 10 }, 2, neverReady));
  // Healthy Pods behind a Service that selects nothing (a typo).
  apply(NS, deployment('ok', ['sleep', '3600']));
  apply(NS, stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'ok' }, spec: { selector: { app: 'okk' }, ports: [{ port: 80 }] } }));
  // A Secret with keys host and username; the Pod wants password.
  apply(NS, stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, stringData: { host: 'h', username: 'u' } }));
  apply(NS, stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'needs-password' }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: IMAGE, command: ['sleep', '3600'], env: [{ name: 'P', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }] }] } }));
  // A quota that rejects every Pod of a Deployment: its ReplicaSet has no Pods at all.
  apply(QUOTA_NS, stringify({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute' }, spec: { hard: { 'requests.cpu': '100m' } } }));
  apply(QUOTA_NS, stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'big' }, spec: { replicas: 1, selector: { matchLabels: { app: 'big' } }, template: { metadata: { labels: { app: 'big' } }, spec: { containers: [{ name: 'app', image: IMAGE, command: ['sleep', '3600'], resources: { requests: { cpu: '500m' } } }] } } } }));
  // The least-privilege identity may read Pods and Events in its namespace, not Deployments.
  kubectl(['delete', 'deployment', 'evidence-web', '-n', LIMITED_NS, '--ignore-not-found']);
  apply(LIMITED_NS, deployment('evidence-web', ['sleep', '3600']));
  await Promise.all([
    waitFor('deploy web Progressing=ProgressDeadlineExceeded', () => jsonpath(NS, 'deploy web', '{.status.conditions[?(@.type=="Progressing")].reason}') === 'ProgressDeadlineExceeded', 120_000),
    waitFor('every app=web Pod restarted twice', () => jsonpath(NS, 'pods -l app=web', '{.items[*].status.containerStatuses[0].restartCount}').split(' ').every((n) => Number(n) >= 2), 150_000),
    waitFor('the app=ok Pod Ready', () => jsonpath(NS, 'pods -l app=ok', '{.items[*].status.conditions[?(@.type=="Ready")].status}') === 'True', 120_000),
    waitFor('a Failed event of needs-password', () => kubectl(['get', 'events', '-n', NS, '--field-selector', 'involvedObject.name=needs-password,reason=Failed', '-o', 'name']).stdout.trim() !== '', 120_000),
    waitFor('a FailedCreate event in the quota namespace', () => kubectl(['get', 'events', '-n', QUOTA_NS, '--field-selector', 'reason=FailedCreate', '-o', 'name']).stdout.trim() !== '', 120_000),
  ]);
}, 240_000);
afterAll(() => {
  kubectl(['delete', 'namespace', NS, QUOTA_NS, '--wait=false']);
  kubectl(['delete', 'deployment', 'evidence-web', '-n', LIMITED_NS, '--wait=false']);
});

describe('log evidence', () => {
  it('pod deploy/web: the Pods\' crash leads, with its log line; the progress deadline follows; not "admission"', () => {
    // The state this test is about, checked first: a miss here is the cluster's, not kdiag's.
    expect(jsonpath(NS, 'deploy web', '{.status.conditions[?(@.type=="Progressing")].reason}')).toBe('ProgressDeadlineExceeded');
    const r = live(['pod', 'deploy/web', '-n', NS, '-o', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const w = JSON.parse(r.stdout).items[0];
    expect(w.pod).toBeNull();
    expect(w.stage).toBe('container');
    expect(w.findings[0].rule).toBe('container/crash-loop');
    // "previous log" while it waits in back-off, "log" while it is terminated between restarts.
    expect(w.findings[0].evidence).toContainEqual(expect.objectContaining({ source: 'log', text: expect.stringMatching(new RegExp(`^(previous )?log of app: ${FATAL}$`)) }));
    expect(w.findings.map((f: { rule: string }) => f.rule)).toContain('readiness/progress-deadline-exceeded');
    const text = live(['pod', 'deploy/web', '-n', NS]);
    expect(text.stdout).toMatch(new RegExp(`Evidence[\\s\\S]*• (previous )?log of app: ${FATAL}`));
    expect(text.stdout).not.toMatch(/FAILING at admission/);
  });

  it('pod NAME shows the log line; --no-logs leaves it out', () => {
    const name = jsonpath(NS, 'pods -l app=web', '{.items[0].metadata.name}');
    const r = live(['pod', name, '-n', NS]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`(previous )?log of app: ${FATAL}`));
    expect(r.stdout).not.toContain('==== web 1.0 ====');
    const quiet = live(['pod', name, '-n', NS, '--no-logs', '-o', 'json']);
    expect(quiet.stdout).not.toContain('"source": "log"');
  });
});

describe('say only what was seen', () => {
  it('a Secret missing a key: it exists, its keys are unknown (read as metadata only), never "(none)"', () => {
    const r = live(['pod', 'needs-password', '-n', NS, '-o', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const d = JSON.parse(r.stdout);
    expect(d.findings[0].message).toContain('Secret "db" exists; kdiag reads Secrets as metadata only, so its keys are unknown here');
    expect(r.stdout).not.toContain('(none)');
  });
});

describe('forbidden is not absent', () => {
  it('pod deploy/NAME and capture as the least-privilege identity: exit 3 naming the permission, not "not found"', () => {
    for (const args of [['pod', 'deploy/evidence-web', '-n', LIMITED_NS], ['capture', 'pod', 'deploy/evidence-web', '-n', LIMITED_NS]]) {
      const r = live(args, LIMITED);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toMatch(/not allowed to get deployments in namespace "kdiag-limited"/);
      expect(r.stderr).toContain('get on deployments.apps');
      expect(r.stderr).not.toMatch(/not found/);
    }
  });

  it('gate deploy/NAME as the least-privilege identity: exit 3 naming list on deployments, not "not found"', () => {
    const r = live(['gate', 'deploy/evidence-web', '-n', LIMITED_NS, '--timeout', '30s'], LIMITED);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/not allowed to list deployments in namespace "kdiag-limited"/);
    expect(r.stderr).toContain('kdiag needs list on deployments.apps');
    expect(r.stderr).not.toMatch(/not found/);
  });
});

describe('workload views', () => {
  it('a Deployment with healthy Pods whose Service selects nothing is failing at readiness (exit 1)', () => {
    const r = live(['pod', 'deploy/ok', '-n', NS, '-o', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const w = JSON.parse(r.stdout).items[0];
    expect(w.stage).toBe('readiness');
    expect(w.findings[0].rule).toBe('readiness/service-selects-nothing');
    expect(w.findings[0].message).toContain('Service "ok" selects app=okk');
  });

  it('the one-node test cluster: no "all replicas on one node" warning', () => {
    const r = live(['pod', 'deploy/web', '-n', NS, '-o', 'json']);
    expect(r.stdout).not.toContain('readiness/single-node-replicas');
  });

  it('a ReplicaSet rejected by quota, saved with kubectl get rs,events and analyzed offline, is an item at admission', () => {
    const file = join(tmp, 'rs-events.yaml');
    writeFileSync(file, kubectl(['get', 'rs,events', '-n', QUOTA_NS, '-o', 'yaml']).stdout);
    const r = live(['analyze', file, '-o', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const items = JSON.parse(r.stdout).items;
    const rs = items.find((d: { workload?: { kind: string } }) => d.workload?.kind === 'ReplicaSet');
    expect(rs.pod).toBeNull();
    expect(rs.stage).toBe('admission');
    expect(rs.findings[0].rule).toBe('admission/quota-exceeded');
    expect(rs.summary).toMatch(/requests\.cpu/);
    expect(live(['analyze', file]).stdout).not.toContain('No Pods found.');
  });
});
