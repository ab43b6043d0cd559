// New targets on the real cluster: `pod svc/NAME` says why a Service has no ready endpoints (a selector
// matching nothing, a named targetPort the Pods do not declare, the selected Pods' own cause); `pod
// cronjob/NAME` gives its own state (suspended) and its last Job's verdict with that Job's Pods. Live and
// from a `kubectl get … -o yaml` dump of the same namespace; forbidden is exit 3, not "not found".
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNamespace, kubectl, LIMITED, live, waitFor } from './env.js';

const NS = 'kdiag-live-targets';
const IMAGE = '127.0.0.1:5000/busybox:1';
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-targets-'));

const deployment = (name: string, container: object) => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: NS },
  spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: IMAGE, command: ['sleep', '3600'], ...container }] } } },
});
const FATAL = 'FATAL: no such table: reports';
const cronJob = (name: string, command: string) => ({
  apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name, namespace: NS },
  // Suspended and scheduled once a year: the test starts its runs itself (kubectl create job --from).
  spec: { schedule: '0 0 1 1 *', suspend: true, jobTemplate: { spec: { backoffLimit: 0, template: { spec: { restartPolicy: 'Never', terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: IMAGE, command: ['sh', '-c', command] }] } } } } },
});
const service = (name: string, app: string, targetPort: string | number) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: NS }, spec: { selector: { app }, ports: [{ port: 80, targetPort }] } });

beforeAll(async () => {
  freshNamespace(NS);
  const docs = [
    deployment('web', { ports: [{ name: 'http', containerPort: 8080 }] }),
    service('good', 'web', 'http'),
    service('badport', 'web', 'web'),
    service('typo', 'webb', 80),
    deployment('unready', { readinessProbe: { exec: { command: ['false'] }, periodSeconds: 2 } }),
    service('unready', 'unready', 80),
    cronJob('report', `echo starting; echo "${FATAL}" >&2; exit 2`),
    cronJob('paused', 'true'),
  ];
  const r = kubectl(['apply', '-f', '-'], docs.map((d) => stringify(d)).join('---\n'));
  if (r.code !== 0) throw new Error(r.stderr);
  // One run of report (it fails), as a person would start one; kubectl makes the CronJob its owner.
  const run = kubectl(['create', 'job', '--from=cronjob/report', 'report-run', '-n', NS]);
  if (run.code !== 0) throw new Error(run.stderr);
  await Promise.all([
    waitFor('job report-run Failed', () => kubectl(['get', 'job', 'report-run', '-n', NS, '-o', 'jsonpath={.status.conditions[?(@.type=="Failed")].status}']).stdout === 'True', 120_000),
    waitFor('deploy web 1 available', () => kubectl(['get', 'deploy', 'web', '-n', NS, '-o', 'jsonpath={.status.availableReplicas}']).stdout === '1', 120_000),
    waitFor('an Unhealthy event', () => kubectl(['get', 'events', '-n', NS, '--field-selector', 'reason=Unhealthy', '-o', 'name']).stdout.trim() !== '', 120_000),
  ]);
}, 240_000);
afterAll(() => kubectl(['delete', 'namespace', NS, '--wait=false']));

const verdict = (args: string[]) => {
  const r = live(['pod', ...args, '-n', NS, '-o', 'json']);
  return { code: r.code, stderr: r.stderr, d: r.code === 0 || r.code === 1 ? JSON.parse(r.stdout).items[0] : undefined };
};

describe('pod svc/NAME', () => {
  it('a selector that matches no Pod: failing at readiness (exit 1)', () => {
    const { code, stderr, d } = verdict(['svc/typo']);
    expect(code, stderr).toBe(1);
    expect(d.workload).toEqual({ kind: 'Service', namespace: NS, name: 'typo' });
    expect(d.stage).toBe('readiness');
    expect(d.findings[0].rule).toBe('readiness/service-selects-nothing');
  });

  it('a named targetPort that the selected Pods do not declare: failing at readiness, naming the port (exit 1)', () => {
    const { code, stderr, d } = verdict(['svc/badport']);
    expect(code, stderr).toBe(1);
    expect(d.findings[0].rule).toBe('readiness/service-no-endpoints');
    expect(d.summary).toContain('targets port name "web"');
  });

  it('near miss: the same Pods behind a Service whose targetPort they declare: healthy (exit 0)', () => {
    const { code, stderr, d } = verdict(['svc/good']);
    expect(code, stderr).toBe(0);
    expect(d.status).toBe('healthy');
  });

  it('selected Pods that never become Ready: their own cause (the readiness probe) leads', () => {
    const { code, stderr, d } = verdict(['svc/unready']);
    expect([0, 1], stderr).toContain(code); // progressing within the grace period, failing after it
    expect(d.stage).toBe('readiness');
    expect(d.findings[0].rule).toBe('readiness/probe-failing');
  });

  it('from a dump of the namespace: the same verdicts as live', () => {
    const file = join(tmp, 'ns.yaml');
    writeFileSync(file, kubectl(['get', 'pods,services,endpointslices,deployments,replicasets,events', '-n', NS, '-o', 'yaml']).stdout);
    for (const name of ['typo', 'badport', 'good']) {
      const fromLive = verdict([`svc/${name}`]).d;
      const r = live(['pod', `svc/${name}`, '-n', NS, '-f', file, '-o', 'json']);
      const fromDump = JSON.parse(r.stdout).items[0];
      expect({ status: fromDump.status, stage: fromDump.stage, rule: fromDump.findings[0]?.rule }).toEqual({ status: fromLive.status, stage: fromLive.stage, rule: fromLive.findings[0]?.rule });
    }
  });

  it('a Service that does not exist is exit 4', () => {
    const r = live(['pod', 'svc/no-such-service', '-n', NS]);
    expect(r.code, r.stderr).toBe(4);
  });

  it('as the least-privilege identity (no get on services): exit 3 naming the permission, not "not found"', () => {
    const r = live(['pod', 'svc/anything', '-n', 'kdiag-limited'], LIMITED);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('get on services');
    expect(r.stderr).not.toMatch(/not found/);
  });

  it('gate refuses svc/NAME with one line (exit 2): a Service has no rollout', () => {
    const r = live(['gate', 'svc/good', '-n', NS]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('gate waits for rollouts, and svc/good has none');
  });
});

describe('pod cronjob/NAME', () => {
  it('its last Job failed: the Job\'s Pod\'s cause leads, with its log line; the back-off limit and the suspension follow (exit 1)', () => {
    const { code, stderr, d } = verdict(['cronjob/report']);
    expect(code, stderr).toBe(1);
    expect(d.workload).toEqual({ kind: 'CronJob', namespace: NS, name: 'report' });
    expect(d.summary).toMatch(/^Last Job report-run: 1\/1 Pod: Container /);
    expect(d.stage).toBe('container');
    expect(d.findings[0].evidence).toContainEqual(expect.objectContaining({ source: 'log', text: expect.stringContaining(FATAL) }));
    const rules = d.findings.map((f: { rule: string }) => f.rule);
    expect(rules).toContain('container/backoff-limit-exceeded');
    expect(rules).toContain('admission/cronjob-not-starting');
  });

  it('suspended with no Job: healthy, and the summary says it is suspended (exit 0)', () => {
    const { code, stderr, d } = verdict(['cronjob/paused']);
    expect(code, stderr).toBe(0);
    expect(d.status).toBe('healthy');
    expect(d.summary).toBe('CronJob "paused" is suspended (spec.suspend: true): it starts no Job until it is resumed; never scheduled.');
  });

  it('from a dump (kubectl get cronjobs,jobs,pods,events): the same verdict as live', () => {
    const file = join(tmp, 'cron.yaml');
    writeFileSync(file, kubectl(['get', 'cronjobs,jobs,pods,events', '-n', NS, '-o', 'yaml']).stdout);
    const fromLive = verdict(['cronjob/report']).d;
    const r = live(['pod', 'cronjob/report', '-n', NS, '-f', file, '-o', 'json']);
    expect(r.code, r.stderr).toBe(1);
    const fromDump = JSON.parse(r.stdout).items[0];
    expect({ status: fromDump.status, stage: fromDump.stage, rule: fromDump.findings[0]?.rule }).toEqual({ status: fromLive.status, stage: fromLive.stage, rule: fromLive.findings[0]?.rule });
  });

  it('as the least-privilege identity: exit 3 naming get on cronjobs.batch; gate refuses cronjob/ (exit 2)', () => {
    const r = live(['pod', 'cronjob/anything', '-n', 'kdiag-limited'], LIMITED);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('get on cronjobs.batch');
    const g = live(['gate', 'cronjob/report', '-n', NS]);
    expect(g.code).toBe(2);
    expect(g.stderr).toContain('gate waits for rollouts, and cronjob/report has none');
  });
});

describe('shell completion names what is on the cluster', () => {
  const complete = (words: string[], kubeconfig?: string) => live(['__complete', ...words], kubeconfig).stdout.trim().split('\n');

  it('pod <TAB>: workload prefixes and the namespace\'s Pods; deploy/<TAB>: its Deployments; cronjob/r<TAB>', () => {
    const pods = complete(['pod', '-n', NS, '']);
    expect(pods).toContain('deploy/');
    expect(pods.some((p) => p.startsWith('web-'))).toBe(true);
    expect(complete(['pod', '-n', NS, 'deploy/'])).toEqual(['deploy/unready', 'deploy/web', ':4']);
    expect(complete(['pod', `--namespace=${NS}`, 'cronjob/r'])).toEqual(['cronjob/report', ':4']);
    expect(complete(['gate', `--namespace=${NS}`, 'cronjob/r'])).toEqual([':4']); // gate waits for rollouts only
    expect(complete(['-n', 'kdiag-live-tar'])).toEqual([NS, ':4']);
  });

  it('near miss: with -f, or with an identity that may not list, nothing from the cluster and no error', () => {
    expect(complete(['pod', '-n', NS, '-f', 'dump.yaml', 'w'])).toEqual([':4']);
    const r = live(['__complete', 'pod', '-n', 'kube-system', 'w'], LIMITED);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(':4\n');
    expect(r.stderr).toBe('');
  });
});
