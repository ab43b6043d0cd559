// kdiag gate on the real cluster, on a rollout whose second revision breaks: the job's own log (text,
// JUnit, GitHub annotations) says what changed against the revision that worked, and how to go back.
import { XMLValidator } from 'fast-xml-parser';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNamespace, kubectl, liveAsync } from './env.js';

const NS = 'kdiag-live-gate-change';
const GOOD = '127.0.0.1:5000/busybox:1';
const BAD = '127.0.0.1:5000/busybox:does-not-exist';
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-gate-change-'));

function deployment(image: string): string {
  return stringify({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
    spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image, command: ['sleep', '3600'] }] } } },
  });
}

/** A StatefulSet of two (db-1 is updated first and stops there; db-0 keeps revision 1 Ready). */
function statefulSet(image: string): string {
  return stringify({
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' },
    spec: { replicas: 2, serviceName: 'db', podManagementPolicy: 'Parallel', selector: { matchLabels: { app: 'db' } }, template: { metadata: { labels: { app: 'db' } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image, command: ['sleep', '3600'] }] } } },
  });
}

/** A DaemonSet that surges (the old Pod keeps running beside the new one); revision 2 reads a ConfigMap that does not exist. */
function daemonSet(withToken: boolean): string {
  const env = withToken ? { env: [{ name: 'AGENT_TOKEN', valueFrom: { configMapKeyRef: { name: 'agent-settings', key: 'token' } } }] } : {};
  return stringify({
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent' },
    spec: { selector: { matchLabels: { app: 'agent' } }, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } }, template: { metadata: { labels: { app: 'agent' } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: GOOD, command: ['sleep', '3600'], ...env }] } } },
  });
}

beforeAll(async () => {
  freshNamespace(NS);
  kubectl(['apply', '-n', NS, '-f', '-'], [deployment(GOOD), statefulSet(GOOD), daemonSet(false)].join('---\n'));
  for (const w of ['deploy/web', 'sts/db', 'ds/agent']) {
    const r = kubectl(['rollout', 'status', w, '-n', NS, '--timeout=120s']);
    if (r.code !== 0) throw new Error(`revision 1 of ${w} did not roll out: ${r.stderr}`);
  }
  kubectl(['apply', '-n', NS, '-f', '-'], [deployment(BAD), statefulSet(BAD), daemonSet(true)].join('---\n'));
});
afterAll(() => kubectl(['delete', 'namespace', NS, '--wait=false']));

const HEADER = /What changed(:| ) ?revision 2 \(ReplicaSet web-\w+\) against revision 1 \(ReplicaSet web-\w+\), the last that worked: 1 of its Pods Ready in the input/;
const FIELD = `~ containers[app].image: ${GOOD} → ${BAD}`;
const TIE = 'tied to the cause (high confidence, image/not-found): the new image is the one that cannot be pulled';
const UNDO = `kubectl rollout undo deploy/web --to-revision=1 -n ${NS}`;
/** The text report wraps long lines to 80 columns when piped (nothing is cut): read it as one line. */
const unwrapped = (text: string): string => text.replace(/ *\n\s*/g, ' ');

describe('kdiag gate on a rollout broken by its new revision', () => {
  it('text and JUnit carry the diff, the tie and the way back', async () => {
    const junit = join(tmp, 'web.xml');
    const r = await liveAsync(['gate', 'deploy/web', '-n', NS, '--timeout', '120s', '--junit', junit]);
    expect(r.code, r.stderr + r.stdout).toBe(1);
    // The summary, before the detail: what changed and the way back, one line each.
    expect(r.stdout.slice(0, r.stdout.indexOf('\n\n'))).toContain('      what changed since revision 1: ~ containers[app].image (tied to the cause, high confidence)\n      way back: ');
    const text = unwrapped(r.stdout);
    expect(text).toMatch(HEADER);
    expect(text).toContain(FIELD);
    expect(text).toContain(TIE);
    expect(text).toContain(UNDO);
    const xml = readFileSync(junit, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toMatch(HEADER);
    expect(xml).toContain(FIELD);
    expect(xml).toContain(TIE);
    expect(xml).toContain(UNDO);
  });

  it('GitHub annotations (GITHUB_ACTIONS=true) carry the diff on the error line', async () => {
    const r = await liveAsync(['gate', 'deploy/web', '-n', NS, '--timeout', '120s'], undefined, { GITHUB_ACTIONS: 'true' });
    expect(r.code, r.stderr + r.stdout).toBe(1);
    const error = r.stdout.split('\n').find((l) => l.startsWith(`::error title=kdiag gate%3A ${NS}/deploy/web failed::`));
    expect(error, r.stdout).toBeDefined();
    expect(error).toMatch(HEADER);
    expect(error).toContain(`%0A  ${FIELD}%0A`);
    expect(error).toContain(TIE);
    expect(error).toContain(UNDO);
  });

  it('a StatefulSet and a DaemonSet broken through a ControllerRevision: the diff read live, in text and JSON', async () => {
    // One gate each: a gate stops at the first failed workload and leaves the others waiting.
    const ds = await liveAsync(['gate', 'ds/agent', '-n', NS, '--timeout', '120s', '--grace', '10s']);
    expect(ds.code, ds.stderr + ds.stdout).toBe(1);
    expect(ds.stdout.slice(0, ds.stdout.indexOf('\n\n'))).toContain(`      what changed since revision 1: + containers[app].env[AGENT_TOKEN] (tied to the cause, high confidence)\n      way back: kubectl rollout undo ds/agent --to-revision=1 -n ${NS}`);
    expect(unwrapped(ds.stdout)).toContain('+ containers[app].env[AGENT_TOKEN]: {"configMapKeyRef":{"key":"token","name":"agent-settings"}}');
    const r = await liveAsync(['gate', 'sts/db', '-n', NS, '--timeout', '120s']);
    expect(r.code, r.stderr + r.stdout).toBe(1);
    expect(r.stdout.slice(0, r.stdout.indexOf('\n\n'))).toContain(`      what changed since revision 1: ~ containers[app].image (tied to the cause, high confidence)\n      way back: kubectl rollout undo sts/db --to-revision=1 -n ${NS}`);
    const text = unwrapped(r.stdout);
    expect(text).toMatch(/What changed {2}revision 2 \(ControllerRevision db-\w+\) against revision 1 \(ControllerRevision db-\w+\), the last that worked: 1 of its Pods Ready/);

    const json = await liveAsync(['gate', 'sts/db', 'ds/agent', '-n', NS, '--timeout', '60s', '--grace', '10s', '-o', 'json']);
    const changes = JSON.parse(json.stdout).items.map((d: { change?: { source: string; to: { revision?: number }; from: { revision?: number } | null; cause: Array<{ field: string }> } }) => d.change).filter(Boolean);
    expect(changes).toEqual(expect.arrayContaining([
      expect.objectContaining({ source: 'ControllerRevision', to: expect.objectContaining({ revision: 2, name: expect.stringMatching(/^db-/) }), from: expect.objectContaining({ revision: 1, evidence: 'ready-pods' }), cause: [expect.objectContaining({ field: 'containers[app].image', rule: 'image/not-found' })] }),
      expect.objectContaining({ source: 'ControllerRevision', to: expect.objectContaining({ revision: 2, name: expect.stringMatching(/^agent-/) }), cause: [expect.objectContaining({ field: 'containers[app].env[AGENT_TOKEN]', rule: 'kubelet/create-container-config-error' })] }),
    ]));
  });
});
