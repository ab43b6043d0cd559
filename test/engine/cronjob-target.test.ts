// `pod cronjob/NAME` from dumps: the CronJob's own state and its last Job's verdict; older Jobs are history.
import { describe, expect, it } from 'vitest';
import { diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { findTarget, parseTarget, workloadPods } from '../../src/engine/targets.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, node, obj, pod, T0 } from '../harness/builders.js';

const cron = (spec: object = {}) => obj('CronJob', 'report', { metadata: { uid: 'cron-uid' }, spec: { schedule: '*/5 * * * *', ...spec }, status: { lastScheduleTime: at(-60) } }, 'batch/v1');
const job = (name: string, created: number, failed: boolean) =>
  obj('Job', name, {
    metadata: { creationTimestamp: at(created), ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'report', uid: 'cron-uid', controller: true }] },
    spec: { backoffLimit: 0, completions: 1 },
    status: failed
      ? { failed: 1, conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit', lastTransitionTime: at(created + 30) }] }
      : { succeeded: 1, conditions: [{ type: 'Complete', status: 'True', lastTransitionTime: at(created + 30) }] },
  }, 'batch/v1');
const jobPod = (name: string, jobName: string, exitCode: number) =>
  pod({
    metadata: { name, labels: { 'job-name': jobName }, ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: jobName, controller: true }] },
    spec: { restartPolicy: 'Never' },
    status: { phase: exitCode === 0 ? 'Succeeded' : 'Failed', conditions: conditions({ sandbox: true, ready: false }), containerStatuses: [containerStatus({ terminated: { reason: exitCode === 0 ? 'Completed' : 'Error', exitCode, startedAt: at(-500), finishedAt: at(-490) }, started: false })] },
  });

function diagnose(objects: unknown[]) {
  const engine = new Engine(snapshotFromObjects([node(), ...objects]), { now: T0 });
  return diagnoseWorkloadTarget(engine, 'CronJob', findTarget(engine.snapshot, parseTarget('cronjob/report'), 'shop'));
}

describe('cronjob/NAME', () => {
  it('parses cj/, cronjob/, cronjobs/ and cronjob.batch/', () => {
    for (const t of ['cj/report', 'cronjob/report', 'cronjobs/report', 'cronjob.batch/report']) expect(parseTarget(t)).toEqual({ kind: 'CronJob', name: 'report' });
  });

  it('the last Job failed: its Pod\'s cause leads, the Job\'s back-off limit follows', () => {
    const [d, ...pods] = diagnose([cron(), job('report-1', -600, false), jobPod('report-1-a', 'report-1', 0), job('report-2', -300, true), jobPod('report-2-a', 'report-2', 1)]);
    expect(d!.status).toBe('failing');
    expect(d!.summary).toMatch(/^Last Job report-2: 1\/1 Pod: Container /);
    expect(d!.findings.map((f) => f.rule)).toContain('container/backoff-limit-exceeded');
    expect(pods.map((p) => p.pod?.name)).toEqual(['report-2-a']);
  });

  it('near miss: an older Job failed, the last one completed: healthy (history does not fail it)', () => {
    const [d] = diagnose([cron(), job('report-1', -600, true), jobPod('report-1-a', 'report-1', 1), job('report-2', -300, false), jobPod('report-2-a', 'report-2', 0)]);
    expect(d!.status).toBe('healthy');
    expect(d!.summary).toMatch(/^Last Job report-2: /);
  });

  it('earlier Jobs are named as history in a note, newest first, with how each ended', () => {
    const [d] = diagnose([cron(), job('report-0', -900, false), jobPod('report-0-a', 'report-0', 0), job('report-1', -600, true), jobPod('report-1-a', 'report-1', 1), job('report-2', -300, false), jobPod('report-2-a', 'report-2', 0)]);
    expect(d!.status).toBe('healthy');
    expect(d!.notes).toContain('Earlier Jobs (history; they do not decide the verdict): report-1 failed (BackoffLimitExceeded), report-0 complete.');
  });

  it('two Jobs created in the same second: the later name is the last Job, whatever order they are listed in', () => {
    const a = [job('report-29000000', -300, true), jobPod('a-1', 'report-29000000', 1)];
    const b = [job('report-29000001', -300, false), jobPod('b-1', 'report-29000001', 0)];
    for (const objects of [[cron(), ...a, ...b], [cron(), ...b, ...a]]) {
      const [d] = diagnose(objects);
      expect(d!.summary).toMatch(/^Last Job report-29000001: /);
      expect(d!.status).toBe('healthy');
    }
  });

  it('near miss: a single Job has no history note', () => {
    const [d] = diagnose([cron(), job('report-2', -300, false), jobPod('report-2-a', 'report-2', 0)]);
    expect(d!.notes.some((n) => n.startsWith('Earlier Jobs'))).toBe(false);
  });

  it('suspended: the summary says so', () => {
    const [d] = diagnose([cron({ suspend: true })]);
    expect(d!.status).toBe('healthy');
    expect(d!.summary).toMatch(/^CronJob "report" is suspended/);
  });

  it('the Pods of a CronJob are its Jobs\' Pods (for live log reads)', () => {
    const engine = new Engine(snapshotFromObjects([cron(), job('report-2', -300, true), jobPod('report-2-a', 'report-2', 1), jobPod('other', 'other-job', 1)]), { now: T0 });
    expect(workloadPods(engine.snapshot, 'CronJob', engine.snapshot.cronJobs[0]!).map((p) => p.metadata?.name)).toEqual(['report-2-a']);
  });
});
